import Foundation
import RewrapTestDrivers
import XCTest

/// What a desktop asks of a window beyond drawing (rules §8): window manager
/// sync, startup notification, wheel scrolling, and keys through an input
/// method, on a bare Xvfb with helpers playing the other side.
final class DesktopProtocolTests: XCTestCase {
    /// The helper plays a compositing window manager: it sends the sync
    /// request, grows the window and waits for the counter. When the counter
    /// moves, the window's new bottom-right corner already shows the frame
    /// at the new size, not the black root behind it (`-br`), and the trace
    /// already holds that frame.
    func testSyncCounterMovesOnlyOnceTheNewFrameIsShown() throws {
        let session = try RewrapSession(arguments: ["--geometry", "680x420+0+0"])
        try session.settledFrame()
        let background = try runCommand(["/usr/bin/import", "-window", session.windowID, "-crop", "1x1+5+5", "-depth", "8", "txt:-"],
                                        environment: ["DISPLAY": session.server.display]).stdout
        let hex = try XCTUnwrap(background.split(separator: "#").last?.prefix(6)).lowercased()

        let grown = try session.helper(["sync", session.windowID, "5", "800", "500"])
        XCTAssertEqual(grown.status, 0, grown.stderr)
        XCTAssertEqual(grown.stdout.trimmingCharacters(in: .whitespacesAndNewlines), "counter 5 pixel 0x\(hex)")
        XCTAssertTrue(session.frames().contains { $0.window == [800, 500] }, "the frame at the new size came first")

        // A value past 32 bits, for an unchanged size: answered at once.
        let again = try session.helper(["sync", session.windowID, "\(1 << 33 | 6)", "800", "500"])
        XCTAssertEqual(again.status, 0, again.stderr)
        XCTAssertTrue(again.stdout.hasPrefix("counter \(1 << 33 | 6) "), again.stdout)
    }

    func testWindowAdvertisesSyncAndFocusToTheWindowManager() throws {
        let session = try RewrapSession()
        let result = try runCommand(["/usr/bin/xprop", "-id", session.windowID, "WM_PROTOCOLS", "WM_HINTS", "_NET_WM_SYNC_REQUEST_COUNTER"],
                                    environment: ["DISPLAY": session.server.display])
        XCTAssertTrue(result.stdout.contains("WM_DELETE_WINDOW, _NET_WM_SYNC_REQUEST"), result.stdout)
        XCTAssertTrue(result.stdout.contains("Client accepts input or input focus: True"), result.stdout)
        XCTAssertTrue(result.stdout.contains("_NET_WM_SYNC_REQUEST_COUNTER(CARDINAL) = "), result.stdout)
    }

    /// EWMH asks for both, so a window manager can tell whether the PID is
    /// one of its own machine's: the name is the one `uname -n` gives.
    func testWindowNamesItsMachineBesideItsPID() throws {
        let session = try RewrapSession()
        let host = try runCommand(["/usr/bin/uname", "-n"]).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        XCTAssertFalse(host.isEmpty)
        let result = try runCommand(["/usr/bin/xprop", "-id", session.windowID, "WM_CLIENT_MACHINE", "_NET_WM_PID"],
                                    environment: ["DISPLAY": session.server.display])
        XCTAssertEqual(result.stdout.split(separator: "\n"),
                       ["WM_CLIENT_MACHINE(STRING) = \"\(host)\"", "_NET_WM_PID(CARDINAL) = \(session.process.processIdentifier)"])
    }

    /// A launcher ID with quotes, spaces and a backslash comes back whole in
    /// the "remove" message, and on the window.
    func testLaunchCompletesTheStartupSequence() throws {
        let server = try XvfbServer()
        defer { server.stop() }
        let launcher = try HelperProcess(["listen-startup", "10"], server: server)
        defer { launcher.stop() }
        XCTAssertEqual(launcher.greeting, "listening")
        let id = #"launcher "7" with spaces\ and_TIME42"#
        let session = try RewrapSession(environment: ["DESKTOP_STARTUP_ID": id], server: server)
        XCTAssertEqual(launcher.rest(timeout: 5), #"remove: ID="launcher \"7\" with spaces\\ and_TIME42""#)
        let property = try runCommand(["/usr/bin/xprop", "-id", session.windowID, "_NET_STARTUP_ID"], environment: ["DISPLAY": server.display])
        XCTAssertEqual(property.stdout.trimmingCharacters(in: .whitespacesAndNewlines),
                       #"_NET_STARTUP_ID(UTF8_STRING) = "launcher \"7\" with spaces\\ and_TIME42""#)
        XCTAssertEqual(session.stderr, "")
        session.stop()
    }

    /// Xvfb's pointers have no scroll valuators, so a wheel click arrives as
    /// a button, through XInput 2 once it is set up: one click, one step of
    /// 48 px, never two.
    func testAWheelClickScrollsOneStep() throws {
        let session = try RewrapSession(arguments: ["--geometry", "340x240+0+0"])
        try session.settledFrame()
        usleep(200_000)
        let before = session.frames().count
        try session.click((170, 120), button: 5)
        try session.waitUntil("a scrolled frame") { try session.frames().count > before && session.lastFrame().scroll[1] > 0 }
        usleep(200_000)
        XCTAssertEqual(try session.lastFrame().scroll, [0, 48])
        try session.click((170, 120), button: 4)
        try session.waitUntil("scrolled back") { try session.lastFrame().scroll == [0, 0] }
    }

    // MARK: - Input methods

    private func accentPanel() throws -> TemporaryFile {
        let panel = """
            {"title": "Accents", "menus": {"heading": "Type-ahead", "footer": "Footer",
              "items": [{"id": "word", "title": "Word", "options": ["Élan", "Ñandú", "Ωmega", "Zeta"], "selected": "Zeta"}]},
             "chips": {"heading": "Chips", "footer": "Footer", "items": []}}
            """
        return try TemporaryFile(suffix: ".json", contents: Data(panel.utf8))
    }

    /// Opens the menu, types `keys` and picks; returns the label.
    private func typeAhead(_ session: RewrapSession, _ keys: String...) throws -> String {
        let before = try session.lastFrame().node("word")?.text
        try session.key("Return")
        try session.waitUntil("the menu") { try session.lastFrame().popup?.owner == "word" }
        try session.xdotool(["key", "--delay", "40"] + keys + ["Return"])
        try session.waitUntil("the menu to close") { try session.lastFrame().popup == nil }
        usleep(100_000)
        let label = try session.lastFrame().node("word")?.text ?? ""
        XCTAssertNotEqual(label, before, "typing \(keys) moved the highlight")
        return label
    }

    /// Letters outside ASCII and a dead key composed by the input method; the
    /// environment's C locale gives way to C.UTF-8.
    func testTypeAheadTakesAccentedAndNonLatinLettersAndDeadKeys() throws {
        let file = try accentPanel()
        let session = try RewrapSession(arguments: ["--panel", file.path], environment: ["LC_ALL": "C", "LANG": "", "XMODIFIERS": ""])
        try session.settledFrame()
        try session.key("Tab")
        XCTAssertEqual(try typeAhead(session, "ntilde"), "Word: Ñandú")
        XCTAssertEqual(try typeAhead(session, "Greek_OMEGA"), "Word: Ωmega")
        XCTAssertEqual(try typeAhead(session, "dead_acute", "E"), "Word: Élan")
    }

    /// A real input method server, uim-xim, killed mid-run: one line says
    /// so, keys go on through Xlib's local method, dead keys included.
    func testInputMethodServerGoingAwayMidRun() throws {
        let server = try XvfbServer()
        defer { server.stop() }
        let locale = ["LC_ALL": "en_US.UTF-8"]
        let uim = try DesktopProcess(["/usr/bin/uim-xim", "--engine=direct"], server: server, environment: locale)
        defer { uim.stop() }
        try uim.waitUntil("uim-xim to register") {
            try runCommand(["/usr/bin/xprop", "-root", "XIM_SERVERS"], environment: ["DISPLAY": server.display]).stdout.contains("@server=uim")
        }
        let file = try accentPanel()
        let session = try RewrapSession(arguments: ["--panel", file.path], environment: locale.merging(["XMODIFIERS": "@im=uim"]) { $1 },
                                        server: server)
        try session.settledFrame()
        try session.key("Tab")
        XCTAssertEqual(try typeAhead(session, "ntilde"), "Word: Ñandú")

        uim.stop()
        try session.waitUntil("word of the server's end") { session.stderr.contains("input method server went away") }
        XCTAssertEqual(session.stderr, "rewrap: the input method server went away; keys go on without it\n")
        XCTAssertEqual(try typeAhead(session, "Greek_OMEGA"), "Word: Ωmega")
        XCTAssertEqual(try typeAhead(session, "dead_acute", "E"), "Word: Élan")
        session.stop()
    }
}
