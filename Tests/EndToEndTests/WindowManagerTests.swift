import Foundation
import RewrapTestDrivers
import XCTest

/// Under a real window manager, openbox from Debian, tried as a person would
/// (rules §8): decorations, a hand resize, closing, and focus moving away.
final class WindowManagerTests: XCTestCase {
    private func xwininfo(_ window: String, _ server: XvfbServer, _ options: [String] = []) throws -> String {
        try runCommand(["/usr/bin/xwininfo", "-id", window] + options, environment: ["DISPLAY": server.display]).stdout
    }

    /// "Absolute upper-left X:  101" and the like, from xwininfo.
    private func value(_ name: String, in text: String) -> Int? {
        text.split(separator: "\n").first { $0.contains(name) }
            .flatMap { Int($0.split(separator: ":").last!.trimmingCharacters(in: .whitespaces)) }
    }

    private func focused(_ frame: TraceFrame) -> [String] { frame.nodes.filter { $0.focused == true }.map(\.id) }
    private func ring(_ frame: TraceFrame) -> [String] { frame.nodes.filter { $0.ring == true }.map(\.id) }

    func testTheWindowIsDecoratedAndTakesPartInSync() throws {
        let server = try XvfbServer()
        defer { server.stop() }
        let openbox = try Openbox(server: server)
        defer { openbox.stop() }
        let session = try RewrapSession(arguments: ["--geometry", "600x400"], server: server)
        try session.settledFrame()
        try session.waitUntil("openbox's frame") {
            try runCommand(["/usr/bin/xprop", "-id", session.windowID, "_NET_FRAME_EXTENTS"],
                           environment: ["DISPLAY": server.display]).stdout.contains("=")
        }
        let extents = try runCommand(["/usr/bin/xprop", "-id", session.windowID, "_NET_FRAME_EXTENTS"],
                                     environment: ["DISPLAY": server.display]).stdout
        let sides = extents.split(separator: "=").last!.split(separator: ",").compactMap { Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
        XCTAssertEqual(sides.count, 4, extents)
        XCTAssertGreaterThan(sides[2], 10, "a title bar above the window: \(extents)")
        let parent = try xwininfo(session.windowID, server, ["-tree"]).split(separator: "\n").first { $0.contains("Parent window id") }
        XCTAssertFalse(try XCTUnwrap(parent).contains("(the root window)"), "reparented into openbox's frame: \(parent ?? "")")
        session.stop()
    }

    /// Drags the frame's bottom-right grip by hand; openbox resizes with
    /// sync requests, so the counter moves too.
    func testDraggingTheFrameCornerResizesAndReflows() throws {
        let server = try XvfbServer()
        defer { server.stop() }
        let openbox = try Openbox(server: server)
        defer { openbox.stop() }
        let session = try RewrapSession(arguments: ["--geometry", "680x420"], server: server)
        try session.settledFrame()
        usleep(300_000)
        let info = try xwininfo(session.windowID, server)
        let x = try XCTUnwrap(value("Absolute upper-left X", in: info)), y = try XCTUnwrap(value("Absolute upper-left Y", in: info))
        let grip = (x: x + 680 - 3, y: y + 420 + 2)
        var steps = ["mousemove", String(grip.x - 1), String(grip.y), "mousemove", String(grip.x), String(grip.y), "mousedown", "1"]
        for step in 1...10 { steps += ["sleep", "0.03", "mousemove", String(grip.x - 34 * step), String(grip.y)] }
        steps += ["sleep", "0.1", "mouseup", "1"]
        try session.xdotool(steps)
        try session.waitUntil("the narrower frame") { try session.lastFrame().width <= 360 }
        usleep(300_000)
        let frame = try session.lastFrame()
        XCTAssertEqual(frame.width, 340, accuracy: 2, "the window follows the pointer")
        XCTAssertGreaterThan(Set(frame.nodes("dropdown").map(\.rect.minY)).count, 1, "the dropdowns wrap")
        XCTAssertEqual(session.violations(in: frame), [])
        let counter = try session.helper(["counter", session.windowID]).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        XCTAssertGreaterThan(Int64(counter) ?? 0, 0, "openbox's sync requests were answered")
        session.stop()
    }

    func testClosingFromTheWindowManagerExitsCleanly() throws {
        let server = try XvfbServer()
        defer { server.stop() }
        let openbox = try Openbox(server: server)
        defer { openbox.stop() }
        let session = try RewrapSession(server: server)
        try session.settledFrame()
        try session.xdotool(["windowactivate", "--sync", session.windowID])
        try session.xdotool(["key", "alt+F4"])
        XCTAssertEqual(session.waitForExit(timeout: 5), 0, "openbox's Close sends WM_DELETE_WINDOW")
        server.stop()
    }

    /// Another window taking the focus closes the open menu with nothing
    /// picked and hides the ring; focus coming back brings the ring back,
    /// since the keyboard had moved it.
    func testFocusMovingAwayClosesTheMenuAndHidesTheRing() throws {
        let server = try XvfbServer()
        defer { server.stop() }
        let openbox = try Openbox(server: server)
        defer { openbox.stop() }
        let session = try RewrapSession(arguments: ["--geometry", "680x420+0+0"], server: server)
        try session.settledFrame()
        let openboxPopups = try session.helper(["popups"]).stdout
        try session.xdotool(["windowactivate", "--sync", session.windowID])
        try session.xdotool(["key", "--delay", "30", "Tab", "Return", "Down"])
        try session.waitUntil("the menu") { try session.lastFrame().popup?.owner == "shape" }
        XCTAssertEqual(ring(try session.lastFrame()), ["shape"])

        let other = try HelperProcess(["window", "Another window"], server: server)
        defer { other.stop() }
        try session.waitUntil("the menu to close") { try session.lastFrame().popup == nil }
        let away = try session.lastFrame()
        XCTAssertEqual(ring(away), [], "no ring in a window without the focus")
        XCTAssertEqual(focused(away), ["shape"])
        XCTAssertEqual(away.node("shape")?.text, "Shape: Circle", "nothing was picked")
        XCTAssertEqual(try session.helper(["popups"]).stdout, openboxPopups, "no popup window of ours is left")

        try session.xdotool(["windowactivate", "--sync", session.windowID])
        try session.waitUntil("the ring to come back") { try self.ring(session.lastFrame()) == ["shape"] }
    }

    /// A click that focuses the window acts on what it clicked, as in GTK.
    func testAClickOnTheUnfocusedWindowOpensTheMenu() throws {
        let server = try XvfbServer()
        defer { server.stop() }
        let openbox = try Openbox(server: server)
        defer { openbox.stop() }
        let session = try RewrapSession(arguments: ["--geometry", "680x420+0+0"], server: server)
        let start = try session.settledFrame()
        let other = try HelperProcess(["window", "Another window"], server: server)
        defer { other.stop() }
        try session.xdotool(["windowactivate", "--sync", other.greeting])
        let info = try xwininfo(session.windowID, server)
        let x = try XCTUnwrap(value("Absolute upper-left X", in: info)), y = try XCTUnwrap(value("Absolute upper-left Y", in: info))
        let button = try XCTUnwrap(start.node("pattern")).center
        try session.clickRoot((x + button.x, y + button.y))
        try session.waitUntil("the menu from one click") { try session.lastFrame().popup?.owner == "pattern" }
        XCTAssertEqual(ring(try session.lastFrame()), [], "a click shows no ring")
    }
}
