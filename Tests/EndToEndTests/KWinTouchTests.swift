import Foundation
import RewrapTestDrivers
import XCTest

/// What the walk's taps and fling leave out, with a real compositor's
/// touchscreen (rules §11.3): kwin's fake input sends a cancel, a second
/// finger, and touches on a right-to-left window and a long menu.
final class KWinTouchTests: XCTestCase {
    private var kwin: KWinServer!

    override func setUpWithError() throws {
        kwin = try KWinServer()
    }

    override func tearDown() {
        kwin?.stop()
    }

    private func open(_ arguments: [String]) throws -> (WalkProcess, KWinServer.Window) {
        let rewrap = try WalkProcess(arguments + ["--reduce-motion"], environment: kwin.clientEnvironment)
        try waitFor("kwin to show the window") { try self.kwin.window(pid: rewrap.pid) != nil && !rewrap.frames().isEmpty }
        usleep(300_000)
        return (rewrap, try XCTUnwrap(try kwin.window(pid: rewrap.pid)))
    }

    /// `finger` at a point in window pixels.
    private func touch(_ command: String, _ finger: Int, _ point: (x: Int, y: Int)? = nil, in window: KWinServer.Window) throws {
        let place = point.map { " \(window.x + Double($0.x) + 0.5) \(window.y + Double($0.y) + 0.5)" } ?? ""
        try kwin.input("\(command) \(finger)" + place)
        usleep(40_000)
    }

    func testACancelledTouchOpensNothingAndTheNextTapWorks() throws {
        let (rewrap, window) = try open(["--geometry", "680x420"])
        defer { rewrap.stop() }
        let shape = try XCTUnwrap(rewrap.frames().last?.node("shape"))
        try touch("touchdown", 1, shape.center, in: window)
        try kwin.input("touchcancel")
        usleep(400_000)
        XCTAssertNil(rewrap.frames().last?.popup, "a cancelled touch opens nothing")
        XCTAssertEqual(rewrap.frames().last?.node("shape")?.text, "Shape: Circle")
        try touch("touchdown", 2, shape.center, in: window)
        try touch("touchup", 2, in: window)
        try waitFor("the next tap's menu") { rewrap.frames().last?.popup?.owner == "shape" }
    }

    func testASecondFingerIsIgnoredAndTheFirstStillTaps() throws {
        let (rewrap, window) = try open(["--geometry", "680x420"])
        defer { rewrap.stop() }
        let frame = try XCTUnwrap(rewrap.frames().last)
        let shape = try XCTUnwrap(frame.node("shape")), pattern = try XCTUnwrap(frame.node("pattern"))
        try touch("touchdown", 1, shape.center, in: window)
        try touch("touchdown", 2, pattern.center, in: window)
        try touch("touchup", 2, in: window)
        try touch("touchup", 1, in: window)
        try waitFor("the first finger's menu") { rewrap.frames().last?.popup?.owner == "shape" }
        XCTAssertFalse(rewrap.frames().contains { $0.popup?.owner == "pattern" }, "the second finger opened nothing")
    }

    func testATapOpensAndPicksRightToLeft() throws {
        let (rewrap, window) = try open(["--geometry", "680x420", "--locale", "ar", "--direction", "rtl"])
        defer { rewrap.stop() }
        // The rightmost dropdown, the first in reading order.
        let button = try XCTUnwrap(rewrap.frames().last?.nodes("dropdown").max { $0.rect.maxX < $1.rect.maxX })
        XCTAssertEqual(button.rect.maxX, 680 - 20, "right to left, the first dropdown sits at the right")
        try touch("touchdown", 1, button.center, in: window)
        try touch("touchup", 1, in: window)
        try waitFor("its menu") { rewrap.frames().last?.popup?.owner == button.id }
        let popup = try XCTUnwrap(rewrap.frames().last?.popup)
        XCTAssertEqual(popup.rect.maxX, button.rect.maxX, "lined up with the button's right edge")
        let index = try XCTUnwrap(popup.nodes.firstIndex { !$0.selected })
        try touch("touchdown", 2, popup.center(of: index), in: window)
        try touch("touchup", 2, in: window)
        try waitFor("the pick") { rewrap.frames().last?.node(button.id)?.text.hasSuffix(popup.nodes[index].text) == true }
    }

    func testAFingerScrollsALongOpenMenuAndPicksNothing() throws {
        let (rewrap, window) = try open(["--geometry", "480x300", "--panel", PackagePaths.root + "/Tests/Fixtures/walk/long-menu.json"])
        defer { rewrap.stop() }
        let button = try XCTUnwrap(rewrap.frames().last?.node("size"))
        try touch("touchdown", 1, button.center, in: window)
        try touch("touchup", 1, in: window)
        try waitFor("the long menu") { rewrap.frames().last?.popup?.owner == "size" }
        let before = try XCTUnwrap(rewrap.frames().last?.popup)
        XCTAssertGreaterThan(before.hidden.reduce(0, +), 0, "a menu cut to fit")
        // A finger up the menu's middle: its rows follow, and nothing is picked.
        let x = Int(before.rect.minX + before.rect.width / 2), top = Int(before.rect.minY + before.rect.height * 0.25)
        let bottom = Int(before.rect.minY + before.rect.height * 0.75)
        try touch("touchdown", 2, (x, bottom), in: window)
        for step in 1...8 { try touch("touchmove", 2, (x, bottom - (bottom - top) * step / 8), in: window) }
        try touch("touchup", 2, in: window)
        try waitFor("the menu's rows to move") { rewrap.frames().last?.popup?.hidden != before.hidden }
        XCTAssertNotNil(rewrap.frames().last?.popup, "still open")
        XCTAssertEqual(rewrap.frames().last?.node("size")?.text, try XCTUnwrap(rewrap.frames().first?.node("size")).text, "nothing picked")
    }

    private func waitFor(_ what: String, timeout: Double = 8, _ condition: () throws -> Bool) throws {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if (try? condition()) == true { return }
            usleep(50_000)
        }
        throw TestFailure("timed out waiting for \(what)")
    }
}
