import Foundation
import RewrapTestDrivers
import XCTest

/// KDE Plasma's way of surviving a crashed compositor (rules §12.3):
/// `kwin_wayland_wrapper` holds the socket and starts a new kwin on it, and
/// the same Rewrap process comes back there with what the person did, its
/// theme, and the accessible tree a screen reader had.
final class CompositorRestartTests: XCTestCase {
    func testKWinKilledUnderItsWrapperGetsTheSameProcessBackAsItWas() throws {
        let kwin = try KWinServer(underWrapper: true)
        defer { kwin.stop() }
        // On kwin's own session bus, where Rewrap looks for it.
        let accessibilityBus = try kwin.bus.startAccessibilityBus()
        let rewrap = try WalkProcess(["--geometry", "340x240", "--theme", "dark"], environment: kwin.clientEnvironment)
        defer { rewrap.stop() }
        // The reader's X display is only a formality.
        let xvfb = try XvfbServer()
        defer { xvfb.stop() }
        let reader = try ATSPIClient(server: xvfb, environment: ["AT_SPI_BUS_ADDRESS": accessibilityBus])
        defer { reader.stop() }
        func last() throws -> TraceFrame { try XCTUnwrap(rewrap.frames().last) }
        try waitFor("the first frame") { !rewrap.frames().isEmpty }
        try waitFor("kwin to show the window") { try kwin.window(pid: rewrap.pid) != nil }
        // With an accessibility bus, the first control takes the focus at the start (rules §9.6).
        try waitFor("the focus on the first control") { try last().nodes.first { $0.focused == true }?.id == "shape" }
        // A pick by keys, and a scroll by the wheel's stand-in, Page Down.
        for key in ["Return", "Down", "Return"] {
            try kwin.key(key)
            usleep(150_000)
        }
        try waitFor("the pick") { try last().nodes.contains { $0.text == "Shape: Rounded rectangle" } }
        try kwin.key("Next")
        try waitFor("a scroll") { try last().scroll[1] > 0 }
        usleep(300_000)
        let before = try last()
        let shot = try TemporaryFile(suffix: ".png")
        let cornerBefore = try windowCorner(kwin, pid: rewrap.pid, shot: shot.path)
        XCTAssertLessThan(Int(cornerBefore.red) + Int(cornerBefore.green) + Int(cornerBefore.blue), 3 * 100, "a dark window")
        let tree = try AccessibleTreeAcrossRestart(reader: reader, pick: "Shape: Rounded rectangle")

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
        XCTAssertEqual(try windowCorner(kwin, pid: rewrap.pid, shot: shot.path), cornerBefore, "the same theme")
        try tree.assertTheSameAfterTheRestart()
        // It answers on the new kwin as before.
        for key in ["Return", "Up", "Return"] {
            try kwin.key(key)
            usleep(150_000)
        }
        try waitFor("a pick on the new kwin") { try last().nodes.contains { $0.text == "Shape: Circle" } }
    }

    /// The window's bottom-left corner in kwin's own picture: the panel's background.
    private func windowCorner(_ kwin: KWinServer, pid: Int32, shot: String) throws -> RGBImage.RGB {
        let window = try XCTUnwrap(try kwin.window(pid: pid))
        try kwin.screenshot(to: shot)
        return try RGBImage(contentsOf: shot)[Int(window.x) + 5, Int(window.y + window.height) - 5]
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
