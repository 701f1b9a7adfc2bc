import Foundation
import RewrapTestDrivers
import XCTest

/// Which platform the program picks, menus cut to a short output, and the
/// compositor going away, on private headless sways (rules §10).
final class WaylandDesktopTests: XCTestCase {
    // MARK: - Which platform

    func testWaylandIsChosenWhenACompositorIsNamed() throws {
        let sway = try SwayServer()
        defer { sway.stop() }
        let session = try WaylandSession(sway: sway)
        defer { session.close() }
        let node = try XCTUnwrap(try sway.windowNode(pid: session.process.processIdentifier))
        XCTAssertEqual(node["shell"] as? String, "xdg_shell", "a native window, not an XWayland one")
        XCTAssertEqual(node["app_id"] as? String, "io.github.rewrap.Rewrap", "matches the desktop entry")
        XCTAssertEqual(node["name"] as? String, "Rewrap")
    }

    func testPlatformOptionAndVariableChooseX11() throws {
        let sway = try SwayServer()
        defer { sway.stop() }
        // RewrapSession waits for an X window of the process, so each opens on X11.
        let option = try RewrapSession(arguments: ["--platform", "x11"], environment: sway.clientEnvironment)
        XCTAssertNil(try sway.windowNode(pid: option.process.processIdentifier), "no Wayland window")
        option.close()
        var environment = sway.clientEnvironment
        environment["REWRAP_PLATFORM"] = "x11"
        let variable = try RewrapSession(environment: environment)
        XCTAssertNil(try sway.windowNode(pid: variable.process.processIdentifier))
        variable.close()
    }

    func testAMissingCompositorFallsBackToX11WithOneNote() throws {
        var environment = ["WAYLAND_DISPLAY": "rewrap-no-such-compositor"]
        environment["XDG_RUNTIME_DIR"] = NSTemporaryDirectory()
        let session = try RewrapSession(environment: environment)
        defer { session.close() }
        try session.settledFrame()
        let lines = session.stderr.split(separator: "\n")
        XCTAssertEqual(lines.count, 1, session.stderr)
        XCTAssertTrue(lines.first?.contains("rewrap-no-such-compositor") == true && lines.first?.hasSuffix("using X11") == true,
                      session.stderr)
    }

    func testNeitherPlatformGivesOneLineNamingBoth() throws {
        let result = try runCommand([PackagePaths.rewrapBinary], environment: [
            "WAYLAND_DISPLAY": "rewrap-no-such-compositor", "XDG_RUNTIME_DIR": NSTemporaryDirectory(), "DISPLAY": ":9876",
        ])
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.stderrLines.count, 1, result.stderr)
        let line = result.stderrLines.first ?? ""
        XCTAssertTrue(line.contains("Wayland") && line.contains(":9876"), line)
    }

    /// With nothing set at all, as on a console, the line names the missing compositor as well as the display.
    func testNoDisplayAndNoCompositorNamedGivesOneLineNamingBoth() throws {
        let emptyRuntime = NSTemporaryDirectory() + "rewrap-empty-runtime-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: emptyRuntime, withIntermediateDirectories: false)
        defer { try? FileManager.default.removeItem(atPath: emptyRuntime) }
        let result = try runCommand(["/usr/bin/env", "-u", "DISPLAY", "-u", "WAYLAND_DISPLAY", "-u", "REWRAP_PLATFORM",
                                     "XDG_RUNTIME_DIR=\(emptyRuntime)", PackagePaths.rewrapBinary])
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.stderrLines.count, 1, result.stderr)
        let line = result.stderrLines.first ?? ""
        XCTAssertTrue(line.contains("Wayland") && line.contains("display"), line)
    }

    func testAnExplicitWaylandWithNoCompositorFails() throws {
        let result = try runCommand([PackagePaths.rewrapBinary, "--platform", "wayland"], environment: [
            "WAYLAND_DISPLAY": "rewrap-no-such-compositor", "XDG_RUNTIME_DIR": NSTemporaryDirectory(),
        ])
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.stderrLines, ["rewrap: cannot connect to the Wayland compositor rewrap-no-such-compositor"])
    }

    func testABadPlatformIsRefused() throws {
        let option = try runCommand([PackagePaths.rewrapBinary, "--platform", "mir"])
        XCTAssertEqual(option.status, 2)
        XCTAssertEqual(option.stderrLines, ["rewrap: bad platform 'mir', expected wayland or x11"])
        let variable = try runCommand([PackagePaths.rewrapBinary], environment: ["REWRAP_PLATFORM": "mir"])
        XCTAssertEqual(variable.status, 2)
        XCTAssertEqual(variable.stderrLines, ["rewrap: bad REWRAP_PLATFORM 'mir', expected wayland or x11"])
    }

    // MARK: - The desktop

    func testCloseFromTheCompositorEndsCleanly() throws {
        let sway = try SwayServer()
        defer { sway.stop() }
        let session = try WaylandSession(sway: sway)
        defer { session.close() }
        try session.settledFrame()
        try sway.swaymsg(["[pid=\(session.process.processIdentifier)]", "kill"])
        XCTAssertEqual(session.waitForExit(timeout: 5), 0)
        XCTAssertEqual(session.stderr, "")
    }

    func testResizesLayOutAtTheLatestSize() throws {
        let sway = try SwayServer()
        defer { sway.stop() }
        let session = try WaylandSession(sway: sway)
        defer { session.close() }
        try session.settledFrame()
        // Resized once sway draws the window, as a person would: sway applies
        // a resize that comes during the window's first transaction without
        // sending it a configure (its own log says so), and the size is lost.
        try session.waitUntil("sway to show the window") {
            try sway.windowRect(pid: session.process.processIdentifier).map { $0.width == 680 && $0.height == 420 } == true
        }
        try sway.waitUntilDrawn(pid: session.process.processIdentifier)
        let selector = "[pid=\(session.process.processIdentifier)]"
        for width in [600, 500, 420] { try sway.swaymsg([selector, "resize", "set", "width", "\(width)", "px"]) }
        try session.waitUntil("the last size") { try session.lastFrame().window == [420, 420] }
        let frame = try session.lastFrame()
        XCTAssertLessThan(frame.nodes("chip").count, 6, "fewer chips fit at 420 px")
        XCTAssertNotNil(frame.node("badge"))
    }

    func testALongMenuIsCutToTheShortOutputAndScrolls() throws {
        let sway = try SwayServer(width: 1280, height: 400)
        defer { sway.stop() }
        let names = (1...200).map { "\"Option \($0)\"" }.joined(separator: ", ")
        let panel = try TemporaryFile(suffix: ".json", contents: Data("""
            {"title": "Long", "menus": {"heading": "Sizes", "footer": "Pick one.", "items": [
              {"id": "size", "title": "Size", "options": [\(names)], "selected": "Option 150"}]},
             "chips": {"heading": "Chips", "footer": "None.", "items": []}}
            """.utf8))
        let session = try WaylandSession(sway: sway, arguments: ["--panel", panel.path, "--geometry", "480x300"])
        defer { session.close() }
        let button = try XCTUnwrap(try session.settledFrame().node("size"))
        try sway.point(["move"] + (try session.outputPoint(button.center)) + ["wait", "100", "click", "wait", "200"])
        try session.waitUntil("the menu") { try session.lastFrame().popup != nil }
        let popup = try XCTUnwrap(try session.lastFrame().popup)
        let window = try session.windowRect()
        XCTAssertLessThan(popup.nodes.count, 200, "cut to the room the compositor gave")
        XCTAssertGreaterThan(popup.nodes.count, 3)
        XCTAssertGreaterThanOrEqual(Double(window.y) + popup.rect.minY, 0, "on the output")
        XCTAssertLessThanOrEqual(Double(window.y) + popup.rect.maxY, 400, "on the output")
        XCTAssertTrue(popup.nodes.contains { $0.id == "size/Option 150" }, "it opens with the current option in view")
        // The wheel scrolls it by a row a click.
        let first = popup.nodes.first?.id
        let row = popup.center(of: popup.nodes.count / 2)
        try sway.point(["move"] + (try session.outputPoint(row)) + ["wait", "100", "wheel", "3", "wait", "200"])
        try session.waitUntil("the menu to scroll") { try session.lastFrame().popup?.nodes.first?.id != first }
    }

    // MARK: - Faults

    /// No compositor comes back on the socket: the same one line, once
    /// the 5 s of waiting for one are over, and status 1.
    func testTheCompositorGoingAwayForGoodEndsWithOneLineAfterFiveSeconds() throws {
        let sway = try SwayServer()
        let session = try WaylandSession(sway: sway)
        defer { session.close() }
        try session.settledFrame()
        sway.crash()
        let start = Date()
        let status = session.waitForExit(timeout: 10)
        XCTAssertEqual(status, 1)
        let waited = Date().timeIntervalSince(start)
        XCTAssertTrue((4.5...7).contains(waited), "waited \(waited) s for a compositor")
        let lines = session.stderr.split(separator: "\n")
        XCTAssertEqual(lines.count, 1, session.stderr)
        XCTAssertTrue(lines.first?.hasPrefix("rewrap: lost the connection to the Wayland compositor") == true
                      && lines.first?.hasSuffix("within 5 s") == true, session.stderr)
        sway.stop()
    }

    /// The accessible tree outlives the compositor: after sway is killed
    /// and started again, a screen reader finds the same objects at the same
    /// paths, with the pick in the dropdown's name, and hears the frame
    /// activated again when the new sway gives the window the focus.
    func testARestartedSwayKeepsTheAccessibleTreeAndSaysTheWindowIsBack() throws {
        let bus = try PrivateSessionBus(name: "a11y")
        defer { bus.stop() }
        let address = try bus.startAccessibilityBus()
        let sway = try SwayServer()
        defer { sway.stop() }
        let session = try WaylandSession(sway: sway, environment: ["DBUS_SESSION_BUS_ADDRESS": bus.address])
        defer { session.close() }
        try session.settledFrame()
        // The client reads the bus named here; its X display is only a formality.
        let xvfb = try XvfbServer()
        defer { xvfb.stop() }
        let reader = try ATSPIClient(server: xvfb, environment: ["AT_SPI_BUS_ADDRESS": address])
        defer { reader.stop() }
        try session.pickNextOption(of: "shape")
        try session.waitUntil("the pick") { try session.lastFrame().nodes.contains { $0.text == "Shape: Rounded rectangle" } }
        usleep(500_000)
        let tree = try AccessibleTreeAcrossRestart(reader: reader, pick: "Shape: Rounded rectangle")

        try sway.restart()
        try session.waitUntil("the window on the new sway", timeout: 6) { try sway.windowRect(pid: session.process.processIdentifier) != nil }
        try tree.assertTheSameAfterTheRestart()
    }

    /// sway killed and started again on the same socket, as a session
    /// manager restarts a crashed compositor: the same process opens its
    /// window there again, with its pick, size, scroll, focus and theme.
    func testARestartedSwayGetsTheSameProcessBackAsItWas() throws {
        let sway = try SwayServer()
        defer { sway.stop() }
        let session = try WaylandSession(sway: sway, arguments: ["--geometry", "340x240", "--theme", "dark"])
        defer { session.close() }
        try session.settledFrame()
        try sway.type(["-s", "300", "-k", "Tab", "-s", "250", "-k", "Return", "-s", "250", "-k", "Down", "-s", "250", "-k", "Return"])
        try session.waitUntil("the pick") { try session.lastFrame().nodes.contains { $0.text == "Shape: Rounded rectangle" } }
        let rect = try session.windowRect()
        try sway.point(["move", String(rect.x + 150), String(rect.y + 150), "wait", "100", "wheel", "2", "wait", "200"])
        try session.waitUntil("a scroll") { try session.lastFrame().scroll[1] > 0 }
        let before = try session.settledFrame()
        let shot = try TemporaryFile(suffix: ".png")
        try session.capture(to: shot.path)
        var pixels = try RGBImage(contentsOf: shot.path)
        let darkBefore = pixels[5, pixels.height - 5]

        // Counted before the restart: Rewrap may be back and drawn before restart() returns.
        let count = session.frames().count
        try sway.restart()
        try session.waitUntil("the window on the new sway", timeout: 6) { try sway.windowRect(pid: session.process.processIdentifier) != nil }
        let after = try session.settledFrame(after: count)
        XCTAssertTrue(session.process.isRunning, "the same process")
        XCTAssertEqual(session.stderr, "", "nothing to say about a compositor that came back")
        XCTAssertEqual(after.window, before.window, "the same size")
        XCTAssertEqual(after.scroll, before.scroll, "the same scroll")
        XCTAssertEqual(after.nodes.map(\.text), before.nodes.map(\.text), "the same picks")
        XCTAssertEqual(after.nodes.first { $0.focused == true }?.id, "shape", "the same focus")
        XCTAssertNil(after.popup)
        try session.capture(to: shot.path)
        pixels = try RGBImage(contentsOf: shot.path)
        XCTAssertEqual(pixels[5, pixels.height - 5], darkBefore, "the same theme")
        XCTAssertLessThan(Int(darkBefore.red) + Int(darkBefore.green) + Int(darkBefore.blue), 3 * 100, "a dark window")
        // And it answers there as before.
        try sway.type(["-s", "300", "-k", "Return", "-s", "250", "-k", "Up", "-s", "250", "-k", "Return"])
        try session.waitUntil("a pick on the new sway") { try session.lastFrame().nodes.contains { $0.text == "Shape: Circle" } }
    }
}

/// The keyboard through the compositor's keymap: xkbcommon's state and
/// compose, key repeat at the compositor's rate, type-ahead in any script.
final class WaylandKeyboardTests: XCTestCase {
    private var sway: SwayServer!

    override func setUpWithError() throws {
        sway = try SwayServer()
    }

    override func tearDown() {
        sway?.stop()
    }

    func testTypeAheadTakesAccentedAndNonLatinLettersAndDeadKeys() throws {
        let panel = try TemporaryFile(suffix: ".json", contents: Data("""
            {"title": "Accents", "menus": {"heading": "Type-ahead", "footer": "Footer",
              "items": [{"id": "word", "title": "Word", "options": ["Élan", "Ñandú", "Ωmega", "Zeta"], "selected": "Zeta"}]},
             "chips": {"heading": "Chips", "footer": "Footer", "items": []}}
            """.utf8))
        let session = try WaylandSession(sway: sway, arguments: ["--panel", panel.path], environment: ["LC_ALL": "C", "LANG": ""])
        defer { session.close() }
        try session.settledFrame()
        var keys = ["-s", "300", "-k", "Tab"]
        for typed in [["ntilde"], ["Greek_OMEGA"], ["dead_acute", "E"]] {
            keys += ["-s", "200", "-k", "Return", "-s", "300"] + typed.flatMap { ["-k", $0, "-s", "100"] } + ["-k", "Return"]
        }
        let typing = try sway.startTyping(keys + ["-s", "300"])
        defer { stopProcess(typing) }
        try session.waitUntil("the last pick") { try session.lastFrame().node("word")?.text == "Word: Élan" }
        var labels: [String] = []
        for frame in session.frames() {
            if let text = frame.node("word")?.text, labels.last != text { labels.append(text) }
        }
        XCTAssertEqual(labels, ["Word: Zeta", "Word: Ñandú", "Word: Ωmega", "Word: Élan"])
    }

    func testAHeldKeyRepeats() throws {
        let names = (1...200).map { "\"Option \($0)\"" }.joined(separator: ", ")
        let panel = try TemporaryFile(suffix: ".json", contents: Data("""
            {"title": "Long", "menus": {"heading": "Sizes", "footer": "Pick one.", "items": [
              {"id": "size", "title": "Size", "options": [\(names)], "selected": "Option 1"}]},
             "chips": {"heading": "Chips", "footer": "None.", "items": []}}
            """.utf8))
        let session = try WaylandSession(sway: sway, arguments: ["--panel", panel.path])
        defer { session.close() }
        try session.settledFrame()
        // Down held for 1.5 s: sway repeats 25 a second after 600 ms. The
        // seat loses the keyboard when wtype ends, and with it the focus and
        // the menu, so wtype waits before it ends.
        let typing = try sway.startTyping(["-s", "300", "-k", "Tab", "-s", "200", "-k", "Return", "-s", "500",
                                           "-P", "Down", "-s", "1500", "-p", "Down", "-s", "3000"])
        defer { stopProcess(typing) }
        func highlightedRow() -> Int {
            session.frames().compactMap { $0.popup?.highlighted }.compactMap { Int($0.split(separator: " ").last ?? "") }.max() ?? 0
        }
        try session.waitUntil("the held key to repeat") { highlightedRow() > 5 }
        usleep(2_000_000)
        let row = highlightedRow()
        XCTAssertLessThan(row, 100, "at the compositor's rate, not faster (row \(row))")
    }
}

/// Weston, a second compositor with other habits: no xdg-decoration, so
/// libdecor draws the title bar; its own desktop shell places the window.
final class WestonTests: XCTestCase {
    /// Each test's own, so no run starts from another's state.
    private let stateHome = StateHome()

    /// Rewrap on `weston`, 680 × 420, with its trace and standard error.
    private func start(on weston: WestonServer) throws -> (process: Process, trace: TemporaryFile, stderr: TemporaryFile) {
        try weston.startRewrap(["--geometry", "680x420"], stateHome: stateHome)
    }

    private func firstFrame(_ trace: TemporaryFile, of process: Process) -> TraceFrame? {
        var frames: [TraceFrame] = []
        let deadline = Date().addingTimeInterval(10)
        while frames.isEmpty, Date() < deadline, process.isRunning {
            usleep(20_000)
            frames = TraceFrame.parse((try? Data(contentsOf: trace.url)) ?? Data())
        }
        return frames.first
    }

    func testTheWindowDrawsOnWestonAsOnX11() throws {
        let x11 = try RewrapSession()
        let expected = try x11.settledFrame()
        x11.close()
        let weston = try WestonServer()
        defer { weston.stop() }
        let (process, trace, stderr) = try start(on: weston)
        defer { stopProcess(process) }
        let frame = try XCTUnwrap(firstFrame(trace, of: process), "a frame on weston")
        XCTAssertEqual(frame.window, expected.window)
        XCTAssertEqual(frame.nodes.map(\.frame), expected.nodes.map(\.frame), "the same layout as on X11")
        usleep(300_000)
        XCTAssertTrue(process.isRunning)
        XCTAssertEqual(try String(contentsOf: stderr.url, encoding: .utf8), "")
    }

    /// Weston decorates no window, so libdecor draws a title bar above
    /// Rewrap's surface; the surface's own pixels stay X11's.
    func testLibdecorDrawsTheTitleBarAndTheWindowIsX11s() throws {
        let folder = NSTemporaryDirectory() + "rewrap-libdecor-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let server = try XvfbServer()
        defer { server.stop() }
        let x11 = try RewrapSession(arguments: ["--geometry", "680x420+0+0"], server: server)
        try x11.settledFrame()
        try x11.capture(to: folder + "/x11.png")
        x11.close()
        let desktop = RGBImage.RGB(red: 0x20, green: 0x40, blue: 0x60)
        let weston = try WestonServer(desktopColor: "0xff204060")
        defer { weston.stop() }
        let (process, trace, stderr) = try start(on: weston)
        defer { stopProcess(process) }
        XCTAssertNotNil(firstFrame(trace, of: process), "a frame on weston")
        // Weston shows the frame a moment after it is committed.
        usleep(500_000)
        try weston.screenshot(to: folder + "/weston.png")
        let shot = try RGBImage(contentsOf: folder + "/weston.png"), window = try RGBImage(contentsOf: folder + "/x11.png")
        let origin = try XCTUnwrap(shot.firstPlace(of: window.row(0)), "the window's top row on weston; screenshots in \(folder)")
        let crop = try runCommand(["/usr/bin/convert", folder + "/weston.png", "-crop", "680x420+\(origin.x)+\(origin.y)", "+repage",
                                   folder + "/weston-window.png"])
        guard crop.status == 0 else { throw TestFailure("convert -crop: \(crop.stderr)") }
        XCTAssertEqual(try differingPixels(folder + "/x11.png", folder + "/weston-window.png").count, 0,
                       "the window's pixels are X11's; screenshots in \(folder)")
        // The title bar: a band of one colour just above the window, neither the desktop nor the window.
        let column = origin.x + 8
        let barColor = shot[column, origin.y - 1]
        XCTAssertNotEqual(barColor, desktop, "something is drawn above the window; screenshots in \(folder)")
        XCTAssertNotEqual(barColor, window[0, 0], "the bar is not the window's background")
        var bar = 0
        while origin.y - bar - 1 >= 0, shot[column, origin.y - bar - 1] == barColor { bar += 1 }
        XCTAssertTrue((20...60).contains(bar), "a title bar \(bar) px tall above the window; screenshots in \(folder)")
        let middle = origin.y - bar / 2
        XCTAssertTrue((origin.x..<origin.x + 100).allSatisfy { shot[$0, middle] == barColor }, "one colour at its start")
        let titleColors = Set((origin.x + 300..<origin.x + 380).map { shot[$0, middle].red })
        XCTAssertGreaterThan(titleColors.count, 2, "the title is written in its middle")
        XCTAssertTrue(process.isRunning)
        XCTAssertEqual(try String(contentsOf: stderr.url, encoding: .utf8), "")
    }
}

/// Faults no real compositor here can be made to commit: a keymap that does
/// not compile, a configure to 100,000 px, a protocol error. The fake
/// compositor (Sources/rewrap-fakecompositor) plants one each.
final class WaylandFaultTests: XCTestCase {
    private var compositorOutput: TemporaryFile?
    /// Each test's own, so no run starts from another's state.
    private let stateHome = StateHome()

    private func run(_ fault: String, arguments: [String] = []) throws
        -> (process: Process, trace: TemporaryFile, stderr: TemporaryFile, stop: () -> Void) {
        let runtime = NSTemporaryDirectory() + "rewrap-fake-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: runtime, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700])
        let compositor = Process()
        compositor.executableURL = URL(fileURLWithPath: PackagePaths.fakeCompositorBinary)
        compositor.arguments = ["fake", fault]
        compositor.environment = ["XDG_RUNTIME_DIR": runtime]
        let output = try TemporaryFile(suffix: ".txt")
        compositorOutput = output
        compositor.standardOutput = try FileHandle(forWritingTo: output.url)
        compositor.standardError = FileHandle.nullDevice
        try compositor.run()
        let started = Date()
        while !((try? String(contentsOf: output.url, encoding: .utf8)) ?? "").hasPrefix("ready\n") {
            guard Date().timeIntervalSince(started) < 10, compositor.isRunning else {
                stopProcess(compositor)
                throw TestFailure("the fake compositor did not start")
            }
            usleep(10_000)
        }
        let trace = try TemporaryFile(suffix: ".jsonl"), stderr = try TemporaryFile(suffix: ".txt")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: PackagePaths.rewrapBinary)
        process.arguments = ["--trace", trace.path] + arguments
        var environment = ProcessInfo.processInfo.environment
        environment.removeValue(forKey: "DISPLAY")
        environment["XDG_RUNTIME_DIR"] = runtime
        environment["WAYLAND_DISPLAY"] = "fake"
        environment["XDG_STATE_HOME"] = stateHome.path
        process.environment = environment
        process.standardError = try FileHandle(forWritingTo: stderr.url)
        try process.run()
        return (process, trace, stderr, {
            stopProcess(process)
            stopProcess(compositor)
            try? FileManager.default.removeItem(atPath: runtime)
        })
    }

    private func frames(_ trace: TemporaryFile, timeout: Double = 10) -> [TraceFrame] {
        let deadline = Date().addingTimeInterval(timeout)
        var frames: [TraceFrame] = []
        while frames.isEmpty, Date() < deadline {
            usleep(20_000)
            frames = TraceFrame.parse((try? Data(contentsOf: trace.url)) ?? Data())
        }
        return frames
    }

    func testAKeymapThatDoesNotCompileIsRefusedInOneLine() throws {
        let (process, trace, stderr, stop) = try run("bad-keymap")
        defer { stop() }
        XCTAssertFalse(frames(trace).isEmpty, "the window draws")
        usleep(500_000)
        XCTAssertTrue(process.isRunning, "the keyboard is ignored, the program goes on")
        XCTAssertEqual(try String(contentsOf: stderr.url, encoding: .utf8),
                       "rewrap: the compositor's keymap does not compile; the keyboard is ignored\n")
    }

    func testAHugeConfigureDrawsAClampedFrame() throws {
        let (process, trace, stderr, stop) = try run("huge-configure")
        defer { stop() }
        XCTAssertEqual(frames(trace).first?.window, [8192, 300])
        XCTAssertTrue(process.isRunning)
        XCTAssertEqual(try String(contentsOf: stderr.url, encoding: .utf8),
                       "rewrap: the compositor asked for a 100000 × 300 window; drawing it at 8192 × 300, the most this window draws\n")
    }

    func testAProtocolErrorEndsWithOneLine() throws {
        let (process, _, stderr, stop) = try run("protocol-error")
        defer { stop() }
        // Still running, it has taken the error for a lost compositor and waits to reconnect.
        guard waitForExit(process, timeout: 5) else { return XCTFail("still running 5 s after the error") }
        XCTAssertEqual(process.terminationStatus, 1)
        let lines = try String(contentsOf: stderr.url, encoding: .utf8).split(separator: "\n")
        XCTAssertEqual(lines.count, 1, "\(lines)")
        XCTAssertTrue(lines.first?.hasPrefix("rewrap: the Wayland compositor reported protocol error 0 on wl_surface") == true
                      && lines.first?.hasSuffix("the fake compositor's planted error") == true, "\(lines)")
    }

    /// No compositor here offers fractional scales, so the fake one does,
    /// preferring 1.5: the window is laid out as X11's `--scale 1.5`, drawn
    /// at exactly that scale into a buffer of scale 1, and shown through a
    /// viewport at its logical size, never stretched.
    func testAFractionalScaleIsDrawnExactlyThroughAViewport() throws {
        let x11 = try RewrapSession(arguments: ["--scale", "1.5", "--geometry", "1020x630+0+0"])
        let expected = try x11.settledFrame()
        x11.close()
        // --geometry is in the window's pixels, as on X11, whatever scale the
        // compositor names once the surface exists: 680 × 420 logical at 1.5.
        let (_, trace, stderr, stop) = try run("fractional", arguments: ["--geometry", "1020x630"])
        defer { stop() }
        let frame = try XCTUnwrap(frames(trace).first, "a frame")
        XCTAssertEqual(frame.window, [1020, 630], "680 × 420 at 1.5")
        XCTAssertEqual(frame.nodes.map(\.frame), expected.nodes.map(\.frame), "laid out as X11 at --scale 1.5")
        // The commit follows the traced frame: at once, or a moment later under a sanitizer.
        let url = try XCTUnwrap(compositorOutput).url
        var output = "", commits: [Substring] = []
        for _ in 0..<50 where commits.last != "commit buffer 1020x630 scale 1 destination 680x420" {
            usleep(100_000)
            output = try String(contentsOf: url, encoding: .utf8)
            commits = output.split(separator: "\n").filter { $0.hasPrefix("commit ") }
        }
        XCTAssertEqual(commits.last, "commit buffer 1020x630 scale 1 destination 680x420", output)
        for commit in commits {
            // "commit buffer WxH scale S destination WxH": every buffer is its destination times 1.5.
            let sizes = commit.split(separator: " ").filter { $0.contains("x") }.map { $0.split(separator: "x").compactMap { Int($0) } }
            XCTAssertEqual(sizes.count, 2, String(commit))
            guard sizes.count == 2, sizes[1].count == 2 else { continue }
            XCTAssertEqual(sizes[0], sizes[1].map { ($0 * 3 + 1) / 2 }, "never a buffer stretched to its place: \(commit)")
        }
        XCTAssertEqual(try String(contentsOf: stderr.url, encoding: .utf8), "")
    }
}

/// The wheel and the touchpad through sway's seat: a wheel motion counts
/// its clicks (axis_discrete, not also the axis value sent with it), a
/// touchpad's motion its pixels.
final class WaylandScrollTests: XCTestCase {
    func testWheelClicksAndTouchpadPixelsScrollOnceEach() throws {
        let sway = try SwayServer()
        defer { sway.stop() }
        let session = try WaylandSession(sway: sway, arguments: ["--geometry", "340x240"])
        defer { session.close() }
        let start = try session.settledFrame()
        XCTAssertEqual(start.scroll, [0, 0])
        let inside = try session.outputPoint((170, 200))
        var count = session.frames().count
        // A click sends axis_discrete 1 and axis 15 px in one frame: one click's 48 px, as on X11.
        try sway.point(["move"] + inside + ["wait", "100", "wheel", "1", "wait", "200"])
        try session.waitUntil("the wheel's scroll") { try session.lastFrame().scroll[1] != 0 }
        XCTAssertEqual(try session.settledFrame(after: count).scroll, [0, 48])
        count = session.frames().count
        try sway.point(["move"] + inside + ["wait", "100", "swipe", "30", "wait", "200"])
        try session.waitUntil("the touchpad's scroll") { try session.lastFrame().scroll[1] != 48 }
        XCTAssertEqual(try session.settledFrame(after: count).scroll, [0, 78], "30 px more, not a click")
    }
}
