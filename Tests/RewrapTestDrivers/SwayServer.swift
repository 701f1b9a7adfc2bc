import Foundation

/// A private headless sway for one test class: its own runtime folder, run
/// as `nobody` (sway refuses root), every window floating at the size it
/// asks for, and no X server unless asked for XWayland. Stopped by its PID.
///
///     let sway = try SwayServer(width: 1280, height: 800)
///     try sway.swaymsg(["output", "HEADLESS-1", "scale", "2"])
public final class SwayServer: @unchecked Sendable {
    /// The runtime folder clients find the compositor's socket in.
    public let runtimeDirectory: String
    /// The socket's name, for WAYLAND_DISPLAY.
    public private(set) var socket = ""
    private var process: Process
    private let log: String
    private let config: String
    /// The output's size in logical pixels, as the config sets it.
    public let outputSize: (width: Int, height: Int)
    /// XWayland's display, such as ":1", when asked for; root may use it.
    public private(set) var xwaylandDisplay: String?

    public init(width: Int = 1280, height: Int = 800, scale: Int = 1, xwayland: Bool = false) throws {
        outputSize = (width / scale, height / scale)
        runtimeDirectory = NSTemporaryDirectory() + "rewrap-sway-\(UUID().uuidString)"
        let manager = FileManager.default
        try manager.createDirectory(atPath: runtimeDirectory, withIntermediateDirectories: false,
                                    attributes: [.posixPermissions: 0o700])
        guard chown(runtimeDirectory, 65534, 65534) == 0 else { throw TestFailure("cannot give \(runtimeDirectory) to nobody") }
        let config = runtimeDirectory + "/config"
        let displayFile = runtimeDirectory + "/xwayland.display"
        let text = (xwayland ? "xwayland enable\nexec echo \"$DISPLAY\" > \(displayFile)\n" : "xwayland disable\n") + """
            output HEADLESS-1 resolution \(width)x\(height) scale \(scale)
            default_border none
            default_floating_border none
            for_window [app_id=".*"] floating enable
            """
        guard manager.createFile(atPath: config, contents: Data(text.utf8), attributes: [.posixPermissions: 0o644]) else {
            throw TestFailure("cannot write \(config)")
        }
        log = runtimeDirectory + "/sway.log"
        self.config = config
        process = try Self.launch(config: config, runtimeDirectory: runtimeDirectory, log: log)
        socket = try waitForSocket()
        if xwayland { try allowXWayland(displayFile) }
    }

    private static func launch(config: String, runtimeDirectory: String, log: String) throws -> Process {
        guard FileManager.default.createFile(atPath: log, contents: nil) else { throw TestFailure("cannot create sway's log \(log)") }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/setpriv")
        process.arguments = ["--pdeathsig", "TERM", "--reuid=nobody", "--regid=nogroup", "--clear-groups",
                             "/usr/bin/sway", "-c", config]
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_RUNTIME_DIR"] = runtimeDirectory
        environment["WLR_BACKENDS"] = "headless"
        environment["WLR_RENDERER"] = "pixman"
        environment["WLR_LIBINPUT_NO_DEVICES"] = "1"
        environment.removeValue(forKey: "DISPLAY")
        environment.removeValue(forKey: "WAYLAND_DISPLAY")
        process.environment = environment
        process.standardOutput = FileHandle.nullDevice
        process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: log))
        try process.run()
        return process
    }

    /// The socket sway listens on, once it and its IPC socket are there.
    private func waitForSocket() throws -> String {
        let manager = FileManager.default
        let deadline = Date().addingTimeInterval(15)
        while Date() < deadline, process.isRunning {
            let names = (try? manager.contentsOfDirectory(atPath: runtimeDirectory)) ?? []
            if let name = names.first(where: { $0.hasPrefix("wayland-") && !$0.hasSuffix(".lock") }),
               names.contains(where: { $0.hasPrefix("sway-ipc.") }) {
                return name
            }
            usleep(20_000)
        }
        let output = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
        stop()
        throw TestFailure("sway did not start: \(output.suffix(600))")
    }

    /// Kills sway as a crash would and starts it again in the same runtime
    /// folder, as a session manager does: it must take the same socket name.
    public func restart() throws {
        crash()
        let names = (try? FileManager.default.contentsOfDirectory(atPath: runtimeDirectory)) ?? []
        for name in names where name.hasPrefix("sway-ipc.") { try? FileManager.default.removeItem(atPath: runtimeDirectory + "/" + name) }
        let previous = socket
        process = try Self.launch(config: config, runtimeDirectory: runtimeDirectory, log: log)
        socket = try waitForSocket()
        guard socket == previous else { throw TestFailure("sway came back on \(socket), not \(previous)") }
    }

    /// Waits for XWayland's display and lets this user in: it admits only
    /// sway's own user otherwise.
    private func allowXWayland(_ displayFile: String) throws {
        let deadline = Date().addingTimeInterval(10)
        while xwaylandDisplay == nil, Date() < deadline {
            let text = (try? String(contentsOfFile: displayFile, encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines)
            if let text, text.hasPrefix(":") { xwaylandDisplay = text } else { usleep(50_000) }
        }
        guard let display = xwaylandDisplay else {
            stop()
            throw TestFailure("sway named no XWayland display")
        }
        let result = try runCommand(["/usr/bin/setpriv", "--reuid=nobody", "--regid=nogroup", "--clear-groups",
                                     "/usr/bin/xhost", "+si:localuser:" + ProcessInfo.processInfo.userName],
                                    environment: ["DISPLAY": display])
        guard result.status == 0 else {
            stop()
            throw TestFailure("xhost on XWayland \(display): \(result.stderr)")
        }
    }

    public var pid: Int32 { process.processIdentifier }

    /// What a client needs to reach this compositor; DISPLAY is left out.
    public var clientEnvironment: [String: String] {
        ["XDG_RUNTIME_DIR": runtimeDirectory, "WAYLAND_DISPLAY": socket]
    }

    private var ipcSocket: String {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: runtimeDirectory)) ?? []
        return runtimeDirectory + "/" + (names.first { $0.hasPrefix("sway-ipc.") } ?? "")
    }

    @discardableResult
    public func swaymsg(_ arguments: [String]) throws -> String {
        let result = try runCommand(["/usr/bin/swaymsg", "-s", ipcSocket] + arguments)
        guard result.status == 0 else { throw TestFailure("swaymsg \(arguments): \(result.stderr)\(result.stdout)") }
        return result.stdout
    }

    /// The rectangle sway gives the window of process `pid`, in logical pixels.
    public func windowRect(pid: Int32) throws -> (x: Int, y: Int, width: Int, height: Int)? {
        guard let rect = try windowNode(pid: pid)?["rect"] as? [String: Int] else { return nil }
        return (rect["x"] ?? 0, rect["y"] ?? 0, rect["width"] ?? 0, rect["height"] ?? 0)
    }

    /// The node sway shows for `pid`, as get_tree gives it.
    public func windowNode(pid: Int32) throws -> [String: Any]? {
        let tree = try JSONSerialization.jsonObject(with: Data(try swaymsg(["-t", "get_tree"]).utf8))
        func find(_ node: Any) -> [String: Any]? {
            guard let node = node as? [String: Any] else { return nil }
            if node["pid"] as? Int == Int(pid), node["app_id"] != nil { return node }
            for key in ["nodes", "floating_nodes"] {
                for child in node[key] as? [Any] ?? [] { if let found = find(child) { return found } }
            }
            return nil
        }
        return find(tree)
    }

    /// A screenshot of a rectangle in logical pixels; it comes out in output
    /// pixels, with the pointer drawn in when `cursor` is set.
    public func capture(x: Int, y: Int, width: Int, height: Int, to path: String, cursor: Bool = false) throws {
        let result = try runCommand(["/usr/bin/grim"] + (cursor ? ["-c"] : []) + ["-g", "\(x),\(y) \(width)x\(height)", path],
                                    environment: clientEnvironment)
        guard result.status == 0 else { throw TestFailure("grim: \(result.stderr)") }
    }

    /// The window of `pid` as sway draws it, through grim. sway lists a new
    /// window in its tree while the transaction that shows it may still be
    /// waiting for a client, and until then the window's place shows sway's
    /// empty grey: the picture is taken again until something is drawn
    /// there, for up to `timeout` s (a person sees the window then).
    public func captureDrawn(pid: Int32, to path: String, cursor: Bool = false, timeout: Double = 3) throws {
        let empty = RGBImage.RGB(red: 63, green: 63, blue: 63)
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            guard let rect = try windowRect(pid: pid) else { throw TestFailure("sway shows no window for pid \(pid)") }
            try capture(x: rect.x, y: rect.y, width: rect.width, height: rect.height, to: path, cursor: cursor)
            let picture = try RGBImage(contentsOf: path)
            let drawn = (0..<picture.height).contains { y in (0..<picture.width).contains { picture[$0, y] != empty } }
            if drawn || Date() > deadline { return }
            usleep(50_000)
        }
    }

    /// Waits until sway draws the window of `pid`, as `captureDrawn` does.
    public func waitUntilDrawn(pid: Int32) throws {
        let path = NSTemporaryDirectory() + "rewrap-sway-drawn-\(UUID().uuidString).png"
        defer { try? FileManager.default.removeItem(atPath: path) }
        try captureDrawn(pid: pid, to: path)
    }

    /// Types through a virtual keyboard: `wtype` arguments, such as
    /// `["-k", "Tab"]`. Pauses go before each key: the first keys are lost
    /// while the compositor switches to wtype's keymap otherwise.
    public func type(_ arguments: [String]) throws {
        let result = try runCommand(["/usr/bin/wtype"] + arguments, environment: clientEnvironment)
        guard result.status == 0 else { throw TestFailure("wtype: \(result.stderr)") }
    }

    /// Starts `wtype` without waiting for it, for a keyboard that must stay
    /// on the seat while the test looks: the seat loses it when wtype ends.
    public func startTyping(_ arguments: [String]) throws -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/wtype")
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        for (key, value) in clientEnvironment { environment[key] = value }
        process.environment = environment
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        return process
    }

    /// Drives the seat's virtual pointer: `rewrap-wlhelper` commands, in
    /// logical pixels of the output.
    public func point(_ commands: [String]) throws {
        let size = [String(outputSize.width), String(outputSize.height)]
        let result = try runCommand([PackagePaths.waylandHelperBinary] + size + commands,
                                    environment: clientEnvironment)
        guard result.status == 0 else { throw TestFailure("rewrap-wlhelper: \(result.stderr)") }
    }

    /// Starts `point` without waiting for it, for a pointer that must stay
    /// on the seat while the test looks (end it with a `wait`).
    public func startPointing(_ commands: [String]) throws -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: PackagePaths.waylandHelperBinary)
        process.arguments = [String(outputSize.width), String(outputSize.height)] + commands
        var environment = ProcessInfo.processInfo.environment
        for (key, value) in clientEnvironment { environment[key] = value }
        process.environment = environment
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        return process
    }

    /// Plays the seat's input method (`rewrap-wlhelper input-method`): once
    /// a text input is enabled, shows `preedit` if given, then commits
    /// `text`, as an input method does when the user picks a word. Returns
    /// the content type the text input declared, as the helper prints it.
    @discardableResult
    public func commitText(_ text: String, preedit: String? = nil) throws -> String {
        let result = try runCommand([PackagePaths.waylandHelperBinary, "input-method", text] + (preedit.map { [$0] } ?? []),
                                    environment: clientEnvironment)
        guard result.status == 0 else { throw TestFailure("rewrap-wlhelper: \(result.stderr)") }
        return result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    public func stop() {
        stopProcess(process)
        try? FileManager.default.removeItem(atPath: runtimeDirectory)
    }

    /// Kills the compositor as a crash would, for fault tests.
    public func crash() {
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    deinit {
        stop()
    }
}
