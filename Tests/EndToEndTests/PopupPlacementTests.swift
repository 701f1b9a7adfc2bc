import Foundation
import RewrapLayout
import RewrapTestDrivers
import XCTest

/// Popups a desktop can trust (rules §8.5): inside the work area, under a real
/// window manager's decorations, and menus taller than the screen cut to
/// fit and scrolled by wheel, keys and hovered indicators.
final class PopupPlacementTests: XCTestCase {
    private func setWorkArea(_ arguments: [String], server: XvfbServer) throws {
        let result = try runCommand(["/usr/bin/xprop", "-root"] + arguments, environment: ["DISPLAY": server.display])
        XCTAssertEqual(result.status, 0, result.stderr)
    }

    /// The client window's place on the root, from xwininfo: xdotool's is
    /// wrong under a reparenting window manager.
    private func rootOrigin(_ session: RewrapSession) throws -> (x: Int, y: Int) {
        let info = try runCommand(["/usr/bin/xwininfo", "-id", session.windowID], environment: ["DISPLAY": session.server.display])
        func value(_ label: String) -> Int? {
            info.stdout.split(separator: "\n").first { $0.contains(label) }?.split(separator: ":").last
                .flatMap { Int($0.trimmingCharacters(in: .whitespaces)) }
        }
        guard let x = value("Absolute upper-left X"), let y = value("Absolute upper-left Y") else {
            throw TestFailure("no position in xwininfo: \(info.stdout)")
        }
        return (x, y)
    }

    /// Opens `id`'s menu with a click at its centre; returns the button's frame on the root and the popup.
    private func open(_ id: String, _ session: RewrapSession) throws -> (button: Rect, popup: TraceFrame.DrawnPopup) {
        let node = try XCTUnwrap(try session.settledFrame().node(id))
        let origin = try rootOrigin(session)
        let button = node.rect.offsetBy(dx: Double(origin.x), dy: Double(origin.y))
        try session.clickRoot((Int(button.minX + button.width / 2), Int(button.minY + button.height / 2)))
        try session.waitUntil("the \(id) popup") { try session.lastFrame().popup?.owner == id }
        return (button, try XCTUnwrap(try session.lastFrame().popup))
    }

    private func assertInside(_ popup: Rect, _ area: Rect, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertTrue(popup.minX >= area.minX && popup.maxX <= area.maxX && popup.minY >= area.minY && popup.maxY <= area.maxY,
                      "\(popup) leaves \(area)", file: file, line: line)
    }

    // MARK: - Work area

    func testPopupFlipsAboveAPanelAtTheBottom() throws {
        let server = try XvfbServer()
        defer { server.stop() }
        try setWorkArea(["-f", "_NET_WORKAREA", "32c", "-set", "_NET_WORKAREA", "0,0,1280,560"], server: server)
        let session = try RewrapSession(arguments: ["--geometry", "480x420+0+480"], server: server)
        let (button, popup) = try open("shape", session)
        XCTAssertGreaterThan(button.maxY + 4 + popup.rect.height, 560, "fixture: there is no room below")
        XCTAssertEqual(popup.rect.maxY, button.minY - 4, "just above the button")
        XCTAssertEqual(popup.rect.minX, button.minX)
        assertInside(popup.rect, Rect(x: 0, y: 0, width: 1280, height: 560))
        session.stop()
    }

    func testAChangedWorkAreaIsReadAgain() throws {
        let server = try XvfbServer()
        defer { server.stop() }
        let session = try RewrapSession(arguments: ["--geometry", "480x420+0+480"], server: server)
        let (button, first) = try open("shape", session)
        XCTAssertEqual(first.rect.minY, button.maxY + 4, "below, with the whole screen free")
        try session.key("Escape")
        try session.waitUntil("the popup to close") { try session.lastFrame().popup == nil }
        try setWorkArea(["-f", "_NET_WORKAREA", "32c", "-set", "_NET_WORKAREA", "0,0,1280,560"], server: server)
        // The change arrives as an event: try until the menu opens above.
        try session.waitUntil("the popup above the new panel") {
            let (_, popup) = try self.open("shape", session)
            try session.key("Escape")
            try session.waitUntil("the popup to close") { try session.lastFrame().popup == nil }
            return popup.rect.maxY == button.minY - 4
        }
        session.stop()
    }

    func testAWorkAreaThatMakesNoSenseIsIgnored() throws {
        // Outside the screen, a partial rectangle, and the wrong type: each as if there were none.
        let bad: [[String]] = [["-f", "_NET_WORKAREA", "32c", "-set", "_NET_WORKAREA", "3000,3000,100,100"],
                               ["-f", "_NET_WORKAREA", "32c", "-set", "_NET_WORKAREA", "0,0,1280"],
                               ["-f", "_NET_WORKAREA", "8s", "-set", "_NET_WORKAREA", "0,0,1280,560"],
                               ["-f", "_NET_WORKAREA", "32c", "-set", "_NET_WORKAREA", "0,0,0,0"]]
        for arguments in bad {
            let server = try XvfbServer()
            defer { server.stop() }
            try setWorkArea(arguments, server: server)
            let session = try RewrapSession(arguments: ["--geometry", "480x420+0+480"], server: server)
            let (button, popup) = try open("shape", session)
            XCTAssertEqual(popup.rect.minY, button.maxY + 4, "\(arguments.last!): below, on the whole screen")
            XCTAssertEqual(session.stderr, "", "\(arguments.last!)")
            session.stop()
        }
    }

    // MARK: - Monitors changed at run time

    /// Runs `xrandr ARGUMENTS`, then reads back the monitors xrandr lists,
    /// as "NAME WIDTHxHEIGHT+X+Y", so a test knows the server took the change.
    @discardableResult
    private func xrandr(_ arguments: [String], server: XvfbServer) throws -> [String] {
        let env = ["DISPLAY": server.display]
        let change = try runCommand(["/usr/bin/xrandr"] + arguments, environment: env)
        XCTAssertEqual(change.status, 0, change.stderr)
        let listed = try runCommand(["/usr/bin/xrandr", "--listmonitors"], environment: env).stdout
        // " 0: +*LEFT 1280/340x1024/270+0+0  screen": the millimetres dropped.
        return listed.split(separator: "\n").dropFirst().compactMap { line in
            let words = line.split(separator: " ")
            guard words.count >= 3 else { return nil }
            let name = words[1].trimmingCharacters(in: CharacterSet(charactersIn: "+*"))
            let size = words[2].replacingOccurrences(of: #"/\d+"#, with: "", options: .regularExpression)
            return "\(name) \(size)"
        }
    }

    /// Two monitors made with `xrandr --setmonitor` while Rewrap runs, then
    /// moved: each menu is placed by the layout in force when it opens. The
    /// Pattern button sits just left of x = 1280, and its menu is wider.
    func testMonitorsChangedWhileRunningPlaceTheNextMenu() throws {
        let server = try XvfbServer(width: 2560, height: 1024)
        defer { server.stop() }
        let session = try RewrapSession(arguments: ["--geometry", "480x420+950+100"], server: server)
        let (button, whole) = try open("pattern", session)
        XCTAssertLessThan(button.maxX, 1280, "fixture: the button lies left of 1280")
        XCTAssertGreaterThan(whole.rect.maxX, 1280, "fixture: the menu is wider than the room left of 1280")
        XCTAssertEqual(whole.rect.minX, button.minX, "one monitor: lined up with the button")
        try session.key("Escape")
        try session.waitUntil("the popup to close") { try session.lastFrame().popup == nil }

        XCTAssertEqual(try xrandr(["--setmonitor", "LEFT", "1280/340x1024/270+0+0", "screen"], server: server),
                       ["LEFT 1280x1024+0+0"])
        XCTAssertEqual(try xrandr(["--setmonitor", "RIGHT", "1280/340x1024/270+1280+0", "none"], server: server),
                       ["LEFT 1280x1024+0+0", "RIGHT 1280x1024+1280+0"])
        let (_, split) = try open("pattern", session)
        XCTAssertEqual(split.rect.maxX, 1280, "kept on the left monitor, which holds the button")
        XCTAssertLessThan(split.rect.minX, button.minX)
        XCTAssertEqual(split.rect.minY, button.maxY + 4)
        try session.key("Escape")
        try session.waitUntil("the popup to close") { try session.lastFrame().popup == nil }

        // The boundary moves left of the button: the right monitor holds it now.
        // (This server refuses to redefine a monitor in place: BadValue.)
        try xrandr(["--delmonitor", "LEFT", "--delmonitor", "RIGHT"], server: server)
        try xrandr(["--setmonitor", "LEFT", "1000/265x1024/270+0+0", "screen"], server: server)
        XCTAssertEqual(try xrandr(["--setmonitor", "RIGHT", "1560/413x1024/270+1000+0", "none"], server: server),
                       ["LEFT 1000x1024+0+0", "RIGHT 1560x1024+1000+0"])
        let (_, moved) = try open("pattern", session)
        XCTAssertEqual(moved.rect.minX, button.minX, "on the right monitor, room to spare")
        try session.key("Escape")
        try session.waitUntil("the popup to close") { try session.lastFrame().popup == nil }

        // Deleting a monitor: the left one alone, 1000 wide, holds none of the button; the nearest is it.
        XCTAssertEqual(try xrandr(["--delmonitor", "RIGHT"], server: server), ["LEFT 1000x1024+0+0"])
        let (_, alone) = try open("pattern", session)
        XCTAssertEqual(alone.rect.maxX, 1000, "pushed onto the only monitor")
        XCTAssertEqual(session.stderr, "")
        session.stop()
    }

    // MARK: - Under a window manager

    func testPopupSitsJustBelowItsButtonUnderDecorations() throws {
        let server = try XvfbServer()
        defer { server.stop() }
        let openbox = try Openbox(server: server)
        defer { openbox.stop() }
        let session = try RewrapSession(arguments: ["--geometry", "480x420+100+100"], server: server)
        try session.waitUntil("openbox to decorate the window") {
            let extents = try runCommand(["/usr/bin/xprop", "-id", session.windowID, "_NET_FRAME_EXTENTS"],
                                         environment: ["DISPLAY": server.display])
            return extents.stdout.contains("=")
        }
        let origin = try rootOrigin(session)
        XCTAssertGreaterThan(origin.y, 100, "fixture: the title bar pushes the client down")
        let (button, popup) = try open("pattern", session)
        XCTAssertEqual(popup.rect.minX, button.minX, "lined up with the button on the screen")
        XCTAssertEqual(popup.rect.minY, button.maxY + 4, "just below the button, title bar included")

        // Transient for the main window. Openbox has override-redirect windows of its own: ours is the transient one.
        let mainID = try XCTUnwrap(UInt(session.windowID))
        let transients = try session.helper(["popups"]).stdout.split(separator: "\n").filter { id in
            let hint = try runCommand(["/usr/bin/xprop", "-id", String(id), "WM_TRANSIENT_FOR"], environment: ["DISPLAY": server.display])
            return hint.stdout.contains("window id # 0x\(String(mainID, radix: 16))")
        }
        XCTAssertEqual(transients.count, 1, "the popup names the main window")
        try session.clickRoot((5, 1000))
        try session.waitUntil("a click outside to close it") { try session.lastFrame().popup == nil }
        session.stop()
    }

    func testPopupKeepsAboveARealPanelUnderOpenbox() throws {
        // A dock reserving 464 px at the bottom: openbox publishes a work area 560 px tall.
        let server = try XvfbServer()
        defer { server.stop() }
        let openbox = try Openbox(server: server)
        defer { openbox.stop() }
        let panel = try HelperProcess(["panel", "464"], server: server)
        defer { panel.stop() }
        XCTAssertEqual(panel.greeting, "ready")
        let session = try RewrapSession(arguments: ["--geometry", "480x300+100+460"], server: server)
        try session.waitUntil("openbox's work area to leave out the panel") {
            let area = try runCommand(["/usr/bin/xprop", "-root", "_NET_WORKAREA"], environment: ["DISPLAY": server.display])
            return area.stdout.contains("0, 0, 1280, 560")
        }
        try session.waitUntil("the popup above the panel") {
            let (button, popup) = try self.open("shape", session)
            try session.key("Escape")
            try session.waitUntil("the popup to close") { try session.lastFrame().popup == nil }
            guard button.maxY + 4 + popup.rect.height > 560 else { throw TestFailure("fixture: the button should sit near the panel") }
            return popup.rect.maxY == button.minY - 4
        }
        session.stop()
    }

    // MARK: - A menu taller than the screen

    private func longPanel(options: Int, selected: Int) throws -> TemporaryFile {
        let names = (1...options).map { "\"Option \($0)\"" }.joined(separator: ", ")
        let json = """
            {"title": "Long", "menus": {"heading": "Sizes", "footer": "Pick one.", "items": [
              {"id": "size", "title": "Size", "options": [\(names)], "selected": "Option \(selected)"}]},
             "chips": {"heading": "Chips", "footer": "None.", "items": []}}
            """
        return try TemporaryFile(suffix: ".json", contents: Data(json.utf8))
    }

    private func shownIDs(_ popup: TraceFrame.DrawnPopup) -> [String] { popup.nodes.map(\.id) }

    func testALongMenuIsCutToTheWorkAreaAndScrolls() throws {
        let server = try XvfbServer()
        defer { server.stop() }
        try setWorkArea(["-f", "_NET_WORKAREA", "32c", "-set", "_NET_WORKAREA", "0,24,1280,700"], server: server)
        let file = try longPanel(options: 80, selected: 61)
        let session = try RewrapSession(arguments: ["--panel", file.path, "--geometry", "480x420+0+40"], server: server)
        let (_, popup) = try open("size", session)
        assertInside(popup.rect, Rect(x: 0, y: 24, width: 1280, height: 700))
        XCTAssertGreaterThan(popup.hidden[0], 0, "rows hidden above")
        XCTAssertGreaterThan(popup.hidden[1], 0, "rows hidden below")
        XCTAssertEqual(popup.hidden[0] + popup.nodes.count + popup.hidden[1], 80)
        XCTAssertTrue(shownIDs(popup).contains("size/Option 61"), "it opens with the current option in view")
        for node in popup.nodes {
            XCTAssertTrue(node.frame[1] >= 0 && node.frame[1] + node.frame[3] <= popup.rect.height, "\(node.id) lies inside the window")
        }

        // The wheel, over the menu.
        let middle = (Int(popup.rect.minX + popup.rect.width / 2), Int(popup.rect.minY + popup.rect.height / 2))
        try session.xdotool(["mousemove", String(middle.0), String(middle.1), "click", "5", "click", "5"])
        try session.waitUntil("two rows scrolled") { try session.lastFrame().popup?.hidden[0] == popup.hidden[0] + 2 }

        // Keys keep the highlight in view.
        try session.key("End")
        try session.waitUntil("the last option highlighted") {
            let shown = try XCTUnwrap(try session.lastFrame().popup)
            return shown.highlighted == "size/Option 80" && shown.hidden[1] == 0
        }
        try session.key("Home")
        try session.waitUntil("the first option highlighted") {
            let shown = try XCTUnwrap(try session.lastFrame().popup)
            return shown.highlighted == "size/Option 1" && shown.hidden[0] == 0
        }
        let visible = popup.nodes.count
        try session.key("Next")
        try session.waitUntil("a page down") { try session.lastFrame().popup?.highlighted == "size/Option \(visible)" }
        try session.key("Next")
        try session.waitUntil("another page down, still in view") {
            let shown = try XCTUnwrap(try session.lastFrame().popup)
            return shown.highlighted == "size/Option \(2 * visible - 1)" && shown.nodes.last?.id == shown.highlighted
        }
        try session.key("Prior")
        try session.waitUntil("a page up") { try session.lastFrame().popup?.highlighted == "size/Option \(visible)" }

        // Resting on the bottom indicator scrolls to the end, a row at a time.
        let before = try XCTUnwrap(try session.lastFrame().popup)
        try session.xdotool(["mousemove", String(middle.0), String(Int(before.rect.maxY) - 10)])
        try session.waitUntil("the end, by the indicator") { try session.lastFrame().popup?.hidden[1] == 0 }
        let hiddenAbove = Set(session.frames().compactMap { $0.popup?.hidden[0] }.filter { $0 > before.hidden[0] })
        XCTAssertGreaterThan(hiddenAbove.count, 3, "it passed through the rows in between")

        // A row scrolled into view can be picked.
        let end = try XCTUnwrap(try session.lastFrame().popup)
        let last = try XCTUnwrap(end.nodes.firstIndex { $0.id == "size/Option 79" })
        try session.clickRoot(end.center(of: last))
        try session.waitUntil("the pick") { try session.lastFrame().node("size")?.text == "Size: Option 79" }
        session.stop()
    }
}
