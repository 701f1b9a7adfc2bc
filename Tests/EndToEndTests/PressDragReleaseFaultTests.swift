import Foundation
import RewrapTestDrivers
import XCTest

/// A press whose release never comes, or comes after the menu has gone,
/// leaves no grab and no menu stuck open, and the next click works
/// (rules §4.1): Esc while the button is held, on X11; the pointer device going
/// away mid-press, and the compositor taking the menu away mid-drag
/// (`xdg_popup.popup_done`), on sway.
final class PressDragReleaseFaultTests: XCTestCase {
    /// Shape's second option, as every test here picks it in the end.
    private let picked = "Shape: Rounded rectangle"

    func testEscapeWhileTheButtonIsHeldClosesAndTheReleaseDoesNothing() throws {
        let session = try RewrapSession()
        defer { session.close() }
        let start = try session.settledFrame()
        let origin = try session.windowOrigin()
        let shape = try XCTUnwrap(start.node("shape")).center
        try session.xdotool(["mousemove", String(origin.x + shape.x), String(origin.y + shape.y), "mousedown", "1"])
        try session.waitUntil("the menu") { try session.lastFrame().popup?.owner == "shape" }
        let row = try XCTUnwrap(try session.lastFrame().popup).center(of: 1)
        try session.xdotool(["mousemove", String(row.x), String(row.y), "sleep", "0.1", "key", "Escape"])
        try session.waitUntil("the menu to close") { try session.lastFrame().popup == nil }
        try session.xdotool(["mouseup", "1"])
        usleep(300_000)
        XCTAssertNil(try session.lastFrame().popup)
        XCTAssertEqual(try session.settledFrame().node("shape")?.text, "Shape: Circle", "nothing picked")
        // No grab is left: the next click opens the menu, and a click picks.
        try session.pickNextOption(of: "shape")
        XCTAssertEqual(try session.settledFrame().node("shape")?.text, picked)
        XCTAssertEqual(session.stderr, "")
    }

    func testAPointerThatGoesAwayMidPressLeavesTheNextClickWorking() throws {
        let sway = try SwayServer()
        defer { sway.stop() }
        let session = try WaylandSession(sway: sway)
        defer { session.close() }
        let start = try session.settledFrame()
        let shape = try session.outputPoint(try XCTUnwrap(start.node("shape")).center)
        // The helper's virtual pointer goes with the helper, its button still down.
        try sway.point(["move"] + shape + ["wait", "100", "down", "wait", "300"])
        try session.waitUntil("the menu") { try session.lastFrame().popup?.owner == "shape" }
        try assertTheNextClickWorks(session, sway)
    }

    func testTheCompositorTakingTheMenuMidDragPicksNothing() throws {
        let sway = try SwayServer()
        defer { sway.stop() }
        let session = try WaylandSession(sway: sway)
        defer { session.close() }
        let start = try session.settledFrame()
        let shape = try session.outputPoint(try XCTUnwrap(start.node("shape")).center)
        let holding = try sway.startPointing(["move"] + shape + ["wait", "100", "down", "wait", "4000", "up", "wait", "100"])
        defer { stopProcess(holding) }
        try session.waitUntil("the menu") { try session.lastFrame().popup?.owner == "shape" }
        // Another window comes up and sway gives it the focus: the menu is dismissed.
        let other = try WalkProcess(["--geometry", "320x240"], environment: sway.clientEnvironment)
        defer { other.stop() }
        try session.waitUntil("the other window") { try sway.windowRect(pid: other.pid) != nil }
        try sway.swaymsg(["[pid=\(other.pid)]", "focus"])
        try session.waitUntil("the menu to go") { try session.lastFrame().popup == nil }
        XCTAssertTrue(waitForExit(holding, timeout: 10), "the held button came up")
        other.stop()
        try sway.swaymsg(["[pid=\(session.process.processIdentifier)]", "focus"])
        XCTAssertEqual(try session.settledFrame().node("shape")?.text, "Shape: Circle", "nothing picked")
        try assertTheNextClickWorks(session, sway)
    }

    /// With the menu open or gone, a click or two later picks Shape's second option.
    private func assertTheNextClickWorks(_ session: WaylandSession, _ sway: SwayServer) throws {
        usleep(300_000)
        XCTAssertEqual(try session.settledFrame().node("shape")?.text, "Shape: Circle", "nothing picked")
        if try session.lastFrame().popup == nil {
            let shape = try session.outputPoint(try XCTUnwrap(try session.lastFrame().node("shape")).center)
            try sway.point(["move"] + shape + ["wait", "50", "click", "wait", "50"])
            try session.waitUntil("the menu, opened by the next click") { try session.lastFrame().popup?.owner == "shape" }
        }
        let popup = try XCTUnwrap(try session.lastFrame().popup)
        let row = try session.outputPoint(popup.center(of: 1))
        try sway.point(["move"] + row + ["wait", "50", "click", "wait", "50"])
        try session.waitUntil("the pick") { try session.lastFrame().node("shape")?.text == self.picked }
        XCTAssertEqual(session.stderr, "")
    }
}
