import Foundation
import RewrapTestDrivers
import XCTest

/// What the person did survives the process (rules §12), on X11: picks and
/// sizes through SIGKILL, signals that save and exit 0, a lost server, bad
/// state files that cost one line at most, and maximising under openbox.
/// The oracles are the trace of the next run and the file as Python's json
/// module reads it.
final class StateTests: XCTestCase {
    /// Python's reading of the one state file in `home`.
    private func kept(in home: StateHome) throws -> [String: Any] {
        let file = try XCTUnwrap(home.stateFiles.first, "no state file in \(home.directory)")
        XCTAssertEqual(home.stateFiles.count, 1, "\(home.stateFiles)")
        let result = try runCommand(["/usr/bin/python3", "-c", "import json, sys; print(json.dumps(json.load(open(sys.argv[1], encoding='utf-8'))))", file])
        XCTAssertEqual(result.status, 0, result.stderr)
        return try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    }

    func testAPickAndAResizeSurviveSIGKILL() throws {
        let home = StateHome()
        let first = try RewrapSession(stateHome: home)
        try first.settledFrame()
        try first.pickNextOption(of: "shape")
        try first.resize(width: 500, height: 360)
        try first.waitUntil("the resize") { try first.lastFrame().width == 500 }
        // A pick is kept within a second, a resize within a second of settling.
        usleep(1_100_000)
        kill(first.process.processIdentifier, SIGKILL)
        XCTAssertNotNil(first.waitForExit(timeout: 5))
        XCTAssertEqual(try kept(in: home)["picks"] as? [String: String], ["shape": "Rounded rectangle"])
        XCTAssertEqual(try kept(in: home)["size"] as? [Double], [500, 360])
        first.close()

        // No --geometry this time: the kept size.
        let second = try RewrapSession(placed: false, stateHome: home)
        let start = try second.lastFrame()
        XCTAssertEqual(start.node("shape")?.text, "Shape: Rounded rectangle")
        XCTAssertEqual([start.width, start.height], [500, 360])
        XCTAssertEqual(second.stderr, "")
    }

    /// Ctrl+Q right after a pick, typed on a `ru,us` keyboard with Russian
    /// active (rules §8.7): the key that types й. It saves what the pick has
    /// not saved yet, exits 0 within a second, and the next start shows it.
    func testCtrlQOnARussianKeyboardJustAfterAPickSavesAndExitsZero() throws {
        let server = try XvfbServer()
        defer { server.stop() }
        let home = StateHome()
        let first = try RewrapSession(server: server, stateHome: home)
        try first.settledFrame()
        try first.pickNextOption(of: "shape")
        let layout = try runCommand(["/usr/bin/setxkbmap", "-layout", "ru,us"], environment: ["DISPLAY": server.display])
        XCTAssertEqual(layout.status, 0, layout.stderr)
        usleep(200_000)
        try first.key("ctrl+Cyrillic_shorti")
        XCTAssertEqual(first.waitForExit(timeout: 1), 0)
        XCTAssertEqual(first.stderr, "")
        first.close()

        let second = try RewrapSession(server: server, stateHome: home)
        defer { second.close() }
        XCTAssertEqual(try second.lastFrame().node("shape")?.text, "Shape: Rounded rectangle")
    }

    /// SIGTERM, SIGINT and SIGHUP each save what is not yet saved, and exit 0.
    func testEachStopSignalSavesAndExitsZero() throws {
        for signal in [SIGTERM, SIGINT, SIGHUP] {
            let home = StateHome()
            let session = try RewrapSession(stateHome: home)
            try session.settledFrame()
            try session.pickNextOption(of: "pattern")
            kill(session.process.processIdentifier, signal)
            XCTAssertEqual(session.waitForExit(timeout: 5), 0, "signal \(signal)")
            XCTAssertEqual(session.process.terminationReason, .exit, "signal \(signal)")
            XCTAssertEqual(try kept(in: home)["picks"] as? [String: String], ["pattern": "Alternating diagonal lines"], "signal \(signal)")
            XCTAssertEqual(session.stderr, "", "signal \(signal)")
            session.close()
        }
    }

    /// The X server goes away right after a pick, before the pick's save is
    /// due: the pick is saved before the one line, and the status is 1.
    func testALostServerSavesBeforeItsOneLine() throws {
        let home = StateHome()
        let server = try XvfbServer()
        let session = try RewrapSession(server: server, stateHome: home)
        try session.settledFrame()
        try session.pickNextOption(of: "arrangement")
        server.crash()
        XCTAssertEqual(session.waitForExit(timeout: 5), 1)
        XCTAssertEqual(session.stderr, "rewrap: lost the connection to the X server\n")
        XCTAssertEqual(try kept(in: home)["picks"] as? [String: String], ["arrangement": "Evenly spaced columns"])
        session.close()
    }

    /// 30 kills at random moments while picks are made: every restart reads
    /// its state without a word and shows what the file holds.
    func testKilledAtRandomMomentsWhilePickingEveryRestartReadsItsState() throws {
        let server = try XvfbServer()
        defer { server.stop() }
        let runs = Int(ProcessInfo.processInfo.environment["STATE_KILL_RUNS"] ?? "") ?? 30
        let failures = try KillWhilePicking.run(runs: runs, seed: 32) { home in
            try RewrapSession(arguments: ["--reduce-motion"], server: server, stateHome: home)
        }
        XCTAssertEqual(failures, [])
    }

    /// Every bad state file: the window opens at once with the panel's
    /// defaults where the file was bad, with at most one line naming the
    /// file, and the file is left as it was while nothing changes.
    func testEveryBadStateFileOpensTheWindowWithAtMostOneLine() throws {
        let home = StateHome()
        let server = try XvfbServer()
        defer { server.stop() }
        // A first run makes the file, so its name comes from Rewrap, not from this test.
        let first = try RewrapSession(server: server, stateHome: home)
        try first.pickNextOption(of: "shape")
        kill(first.process.processIdentifier, SIGTERM)
        XCTAssertEqual(first.waitForExit(timeout: 5), 0)
        first.close()
        let file = try XCTUnwrap(home.stateFiles.first)

        let fixtures = PackagePaths.root + "/Tests/Fixtures/bad-states"
        var cases = try FileManager.default.contentsOfDirectory(atPath: fixtures).sorted().map { name in
            (name, try Data(contentsOf: URL(fileURLWithPath: fixtures + "/" + name)))
        }
        cases.append(("5 MB of brackets", Data(repeating: UInt8(ascii: "["), count: 5 * 1024 * 1024)))
        for (name, bytes) in cases {
            try bytes.write(to: URL(fileURLWithPath: file))
            let started = Date()
            let session = try RewrapSession(server: server, stateHome: home)
            XCTAssertLessThan(Date().timeIntervalSince(started), 10, name)
            // Every one of them is bad somewhere, so each says so, in one line naming the file.
            let lines = session.stderr.split(separator: "\n")
            XCTAssertEqual(lines.count, 1, "\(name): \(session.stderr)")
            XCTAssertTrue(lines.first?.hasPrefix("rewrap: \(file): $") == true, "\(name): \(session.stderr)")
            let shape = try session.lastFrame().node("shape")?.text
            XCTAssertTrue(["Shape: Circle", "Shape: Rounded rectangle"].contains(shape), "\(name): \(shape ?? "no shape")")
            kill(session.process.processIdentifier, SIGTERM)
            XCTAssertEqual(session.waitForExit(timeout: 5), 0, name)
            XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: file)), bytes, "\(name): rewritten though nothing changed")
            session.close()
        }
    }

    /// A folder that cannot be made: one line, once, and the window runs on.
    func testAStateFolderThatCannotBeWrittenIsOneLineOnce() throws {
        let blocker = try TemporaryFile(suffix: ".state")
        let session = try RewrapSession(environment: ["XDG_STATE_HOME": blocker.path])
        try session.settledFrame()
        try session.pickNextOption(of: "shape")
        try session.pickNextOption(of: "pattern")
        try session.waitUntil("the line", timeout: 5) { !session.stderr.isEmpty }
        try session.pickNextOption(of: "arrangement")
        usleep(800_000)
        kill(session.process.processIdentifier, SIGTERM)
        XCTAssertEqual(session.waitForExit(timeout: 5), 0)
        let lines = session.stderr.split(separator: "\n")
        XCTAssertEqual(lines.count, 1, session.stderr)
        XCTAssertTrue(lines.first?.hasPrefix("rewrap: cannot keep the window's state: cannot make \(blocker.path)/rewrap: ") == true, session.stderr)
    }

    /// Under openbox: placing and sizing at the start is not a change, and
    /// maximising is kept and comes back at the next start.
    func testMaximisingIsKeptAndAWindowManagersStartIsNot() throws {
        let home = StateHome()
        let server = try XvfbServer()
        let openbox = try Openbox(server: server)
        defer {
            openbox.stop()
            server.stop()
        }
        let first = try RewrapSession(server: server, placed: false, stateHome: home)
        try first.settledFrame()
        usleep(1_200_000)
        XCTAssertEqual(home.stateFiles, [], "openbox's placing is not the person's")
        try first.helper(["maximize", first.windowID, "on"])
        try first.waitUntil("maximised") { try first.lastFrame().width > 1000 }
        usleep(1_100_000)
        XCTAssertEqual(try kept(in: home)["maximized"] as? Bool, true)
        XCTAssertTrue(try kept(in: home)["size"] is NSNull, "the screen's size is not kept")
        kill(first.process.processIdentifier, SIGKILL)
        first.close()

        let second = try RewrapSession(server: server, placed: false, stateHome: home)
        try second.waitUntil("opened maximised") { try second.lastFrame().width > 1000 }
        try second.helper(["maximize", second.windowID, "off"])
        try second.waitUntil("unmaximised") { try second.lastFrame().width < 1000 }
        kill(second.process.processIdentifier, SIGTERM)
        XCTAssertEqual(second.waitForExit(timeout: 5), 0)
        XCTAssertEqual(try kept(in: home)["maximized"] as? Bool, false)
        XCTAssertEqual(second.stderr, "")
    }
}

/// The same on Wayland (rules §12.1): what the person did on sway survives
/// SIGKILL, and random kills while picking never leave a state the next
/// start complains about.
final class WaylandStateTests: XCTestCase {
    func testAPickAndAResizeSurviveSIGKILLOnSway() throws {
        let sway = try SwayServer()
        defer { sway.stop() }
        let home = StateHome()
        let first = try WaylandSession(sway: sway, stateHome: home)
        try first.settledFrame()
        try first.pickNextOption(of: "shape")
        try sway.swaymsg(["[pid=\(first.process.processIdentifier)]", "resize", "set", "width", "500", "px", "height", "360", "px"])
        try first.waitUntil("the resize") { try first.lastFrame().window == [500, 360] }
        usleep(1_100_000)
        kill(first.process.processIdentifier, SIGKILL)
        XCTAssertNotNil(first.waitForExit(timeout: 5))
        first.close()

        let second = try WaylandSession(sway: sway, stateHome: home)
        defer { second.close() }
        let start = try second.settledFrame()
        XCTAssertEqual(start.node("shape")?.text, "Shape: Rounded rectangle")
        XCTAssertEqual(start.window, [500, 360], "the kept size, in logical pixels")
        XCTAssertEqual(second.stderr, "")
    }

    /// Ctrl+Q right after a pick on sway, from a virtual keyboard whose
    /// keymap is `ru,us` with Russian active.
    func testCtrlQOnARussianKeyboardJustAfterAPickSavesAndExitsZeroOnSway() throws {
        let sway = try SwayServer()
        defer { sway.stop() }
        let home = StateHome()
        let first = try WaylandSession(sway: sway, stateHome: home)
        try first.settledFrame()
        try first.pickNextOption(of: "shape")
        let keyboard = try VirtualKeyboard(sway: sway, layouts: "ru,us")
        defer { keyboard.stop() }
        try keyboard.press("ctrl+Cyrillic_shorti")
        XCTAssertEqual(first.waitForExit(timeout: 1), 0)
        XCTAssertEqual(first.stderr, "")
        first.close()

        let second = try WaylandSession(sway: sway, stateHome: home)
        defer { second.close() }
        XCTAssertEqual(try second.settledFrame().node("shape")?.text, "Shape: Rounded rectangle")
    }

    func testKilledAtRandomMomentsWhilePickingOnSwayEveryRestartReadsItsState() throws {
        let sway = try SwayServer()
        defer { sway.stop() }
        let runs = Int(ProcessInfo.processInfo.environment["STATE_KILL_RUNS"] ?? "") ?? 30
        let failures = try KillWhilePicking.run(runs: runs, seed: 33) { home in
            try WaylandSession(sway: sway, arguments: ["--reduce-motion"], stateHome: home)
        }
        XCTAssertEqual(failures, [])
    }
}

