import Foundation
import RewrapTestSupport
import XCTest

/// KDE Plasma's way of surviving a crashed compositor (rules §12.3):
/// `kwin_wayland_wrapper` holds the socket and starts a new kwin on it, and
/// the same Rewrap process comes back there with what the person did.
final class CompositorRestartTests: XCTestCase {
    func testKWinKilledUnderItsWrapperGetsTheSameProcessBackAsItWas() throws {
        let kwin = try KWinServer(underWrapper: true)
        defer { kwin.stop() }
        let rewrap = try WalkProcess(["--geometry", "340x240", "--theme", "dark"], environment: kwin.clientEnvironment)
        defer { rewrap.stop() }
        func last() throws -> TraceFrame { try XCTUnwrap(rewrap.frames().last) }
        try waitFor("the first frame") { !rewrap.frames().isEmpty }
        try waitFor("kwin to show the window") { try kwin.window(pid: rewrap.pid) != nil }
        // A pick by keys, and a scroll by the wheel's stand-in, Page Down.
        for key in ["Tab", "Return", "Down", "Return"] {
            try kwin.key(key)
            usleep(150_000)
        }
        try waitFor("the pick") { try last().nodes.contains { $0.text == "Shape: Rounded rectangle" } }
        try kwin.key("Next")
        try waitFor("a scroll") { try last().scroll[1] > 0 }
        usleep(300_000)
        let before = try last()

        // Counted before the kill: Rewrap may be back and drawn before the new kwin answers scripts.
        let count = rewrap.frames().count
        try kwin.crashUnderWrapper()
        try waitFor("the window on the new kwin", timeout: 6) { try kwin.window(pid: rewrap.pid) != nil }
        try waitFor("a frame there") { rewrap.frames().count > count }
        usleep(500_000)
        let after = try last()
        XCTAssertTrue(rewrap.process.isRunning, "the same process")
        XCTAssertEqual(rewrap.stderr, "", "nothing to say about a compositor that came back")
        XCTAssertEqual(after.window, before.window, "the same size")
        XCTAssertEqual(after.scroll, before.scroll, "the same scroll")
        XCTAssertEqual(after.nodes.map(\.text), before.nodes.map(\.text), "the same picks")
        XCTAssertEqual(after.nodes.first { $0.focused == true }?.id, "shape", "the same focus")
        // It answers on the new kwin as before.
        for key in ["Return", "Up", "Return"] {
            try kwin.key(key)
            usleep(150_000)
        }
        try waitFor("a pick on the new kwin") { try last().nodes.contains { $0.text == "Shape: Circle" } }
    }

    private func waitFor(_ what: String, timeout: Double = 10, _ condition: () throws -> Bool) throws {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if (try? condition()) == true { return }
            usleep(50_000)
        }
        throw TestFailure("timed out waiting for \(what)")
    }
}
