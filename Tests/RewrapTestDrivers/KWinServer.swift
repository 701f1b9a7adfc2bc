import Foundation

/// KDE Plasma's compositor, headless, for one test: `kwin_wayland
/// --virtual` on a private session bus, runtime folder and configuration.
/// Input goes through `org_kde_kwin_fake_input` (`rewrap-wlhelper kwin`),
/// pictures through org.kde.KWin.ScreenShot2 and window management through
/// KWin scripts (both `Tests/Fixtures/walk/desktop-bus.py kwin`); a
/// script's `print` lines are read back from kwin's log. Stopped by its PID.
///
///     let kwin = try KWinServer(scale: 1.5)
///     let window = try kwin.window(pid: rewrap.processIdentifier)
public final class KWinServer: @unchecked Sendable {
    public let bus: PrivateSessionBus
    public let socket: String
    public let scale: Double
    /// The output's size in logical pixels: `--width` and `--height` are
    /// logical, so at scale 2 the output has twice as many pixels each way.
    public let logicalSize: (width: Int, height: Int)
    private let kwin: Process
    private var input: LineHelper!
    private var pictures: LineHelper!
    private var scripts = 0

    /// `underWrapper` runs kwin as Plasma does, under `kwin_wayland_wrapper`,
    /// which holds the socket (`wayland-0`; it ignores `--socket`) and
    /// starts a new kwin on it when one dies.
    public init(width: Int = 1280, height: Int = 800, scale: Double = 1, underWrapper: Bool = false) throws {
        self.scale = scale
        socket = underWrapper ? "wayland-0" : "rewrap-kwin"
        logicalSize = (width, height)
        bus = try PrivateSessionBus(name: "kwin")
        do {
            // The installed binary carries a file capability this container
            // refuses; a copy has none. kwin's own platform plugin loads only
            // into a program named kwin_wayland.
            let folder = bus.runtimeDirectory + "/bin"
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
            try FileManager.default.copyItem(atPath: "/usr/bin/kwin_wayland", toPath: folder + "/kwin_wayland")
            let config = bus.runtimeDirectory + "/config"
            try FileManager.default.createDirectory(atPath: config, withIntermediateDirectories: false)
            let options = ["--virtual", "--width", String(width), "--height", String(height), "--scale", String(scale),
                           "--no-lockscreen", "--no-global-shortcuts", "--no-kactivities"]
            // The wrapper starts the kwin_wayland it finds first on PATH: the copy.
            kwin = try bus.start(underWrapper ? ["/usr/bin/kwin_wayland_wrapper"] + options
                                              : [folder + "/kwin_wayland"] + options + ["--socket", socket],
                                 log: "kwin", environment: [
                                     "KWIN_WAYLAND_NO_PERMISSION_CHECKS": "1", "KWIN_SCREENSHOT_NO_PERMISSION_CHECKS": "1",
                                     "XDG_CONFIG_HOME": config, "QT_LOGGING_RULES": "kwin_scripting=true",
                                     "PATH": folder + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"),
                                 ])
            guard bus.waitForFile(socket, of: kwin, timeout: 30) else { throw TestFailure("kwin did not start: \(bus.log("kwin").suffix(600))") }
            input = try LineHelper([PackagePaths.waylandHelperBinary, "kwin"], environment: clientEnvironment, name: "rewrap-wlhelper kwin")
            pictures = try LineHelper(["/usr/bin/python3", PackagePaths.root + "/Tests/Fixtures/walk/desktop-bus.py", "kwin"],
                                      environment: bus.environment, name: "desktop-bus.py kwin")
        } catch {
            bus.stop()
            throw error
        }
    }

    public var pid: Int32 { kwin.processIdentifier }

    public var clientEnvironment: [String: String] {
        bus.environment.merging(["WAYLAND_DISPLAY": socket]) { $1 }
    }

    /// Pointer and keys: `move X Y` (logical), `down`, `up`, `key Tab`, touch commands.
    public func input(_ command: String) throws { try input.send(command) }

    public func click(x: Double, y: Double) throws {
        try input("move \(x) \(y)")
        usleep(50_000)
        try input("down")
        usleep(30_000)
        try input("up")
    }

    /// Keys as xdotool names them, held in order and let go in reverse;
    /// `.down` only holds them, `.up` only lets go.
    public func key(_ keys: String, _ motion: KeyMotion = .pressAndRelease) throws { try input(motion.command + " " + keys) }

    /// The active screen, in its own pixels, as a PNG.
    public func screenshot(to path: String) throws {
        try? FileManager.default.removeItem(atPath: path)
        try pictures.send("shot " + path)
    }

    /// Runs a KWin script (JavaScript) and returns the lines it printed with `say(...)`.
    @discardableResult
    public func script(_ body: String) throws -> [String] {
        scripts += 1
        let token = "REWRAP\(scripts)"
        let path = bus.runtimeDirectory + "/script-\(scripts).js"
        let text = "function say(text) { print(\"\(token) \" + text); }\n" + body + "\nsay(\"done\");\n"
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        try pictures.send("script " + path)
        var lines: [String] = []
        let deadline = Date().addingTimeInterval(5)
        while Date() < deadline {
            lines = bus.log("kwin").split(separator: "\n").compactMap { line in
                guard let range = line.range(of: "js: \(token) ") else { return nil }
                return String(line[range.upperBound...])
            }
            if lines.last == "done" { return Array(lines.dropLast()) }
            usleep(20_000)
        }
        throw TestFailure("the KWin script printed no end: \(lines); kwin's log ends: \(bus.log("kwin").suffix(400))")
    }

    /// One of kwin's windows, in logical pixels: its surface's area, decoration aside.
    public struct Window {
        public var pid: Int32
        public var x: Double, y: Double, width: Double, height: Double
        public var active: Bool
    }

    /// The selector of a window in a script: the first normal window of `pid`.
    public static func client(pid: Int32) -> String {
        "workspace.clientList().filter(function (c) { return c.pid == \(pid) && c.normalWindow; })[0]"
    }

    public func window(pid: Int32) throws -> Window? {
        let lines = try script("""
            var c = \(Self.client(pid: pid));
            if (c) { var g = c.bufferGeometry; say([g.x, g.y, g.width, g.height, c.active ? 1 : 0].join(" ")); }
            """)
        guard let line = lines.first else { return nil }
        let values = line.split(separator: " ").compactMap { Double($0) }
        guard values.count == 5 else { throw TestFailure("kwin's window: \(line)") }
        return Window(pid: pid, x: values[0], y: values[1], width: values[2], height: values[3], active: values[4] == 1)
    }

    /// The kwin the wrapper runs now, if any.
    public var compositorPID: Int32? {
        let result = try? runCommand(["/usr/bin/pgrep", "-P", String(kwin.processIdentifier), "-x", "kwin_wayland"])
        return result.flatMap { Int32($0.stdout.split(separator: "\n").first ?? "") }
    }

    /// Kills the wrapper's kwin as a crash would and waits for the wrapper
    /// to start the next on the same socket; the input helper, whose
    /// connection died with it, is started again there.
    public func crashUnderWrapper() throws {
        guard let old = compositorPID else { throw TestFailure("the wrapper runs no kwin") }
        kill(old, SIGKILL)
        let deadline = Date().addingTimeInterval(15)
        while Date() < deadline, compositorPID.map({ $0 == old }) ?? true { usleep(50_000) }
        guard compositorPID != nil else { throw TestFailure("the wrapper started no new kwin: \(bus.log("kwin").suffix(400))") }
        // The new kwin's scripting answers once it is up.
        while Date() < deadline, (try? script("say(workspace.clientList().length);")) == nil { usleep(100_000) }
        input?.stop()
        input = try LineHelper([PackagePaths.waylandHelperBinary, "kwin"], environment: clientEnvironment, name: "rewrap-wlhelper kwin")
    }

    public func stop() {
        input?.stop()
        pictures?.stop()
        // The wrapper's kwin too, which it may not take down with it.
        if let child = compositorPID { kill(child, SIGKILL) }
        bus.stop()
    }

    deinit { stop() }
}
