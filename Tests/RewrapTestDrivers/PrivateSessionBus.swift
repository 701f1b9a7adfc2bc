import Foundation

/// A session bus and runtime folder of a test's own, for a compositor that
/// needs D-Bus (mutter, kwin) and the programs beside it. The daemon and
/// every process started in `start` are stopped by their PIDs, last
/// started first.
///
///     let bus = try PrivateSessionBus(name: "mutter")
///     let pipewire = try bus.start(["/usr/bin/pipewire"], log: "pipewire")
public final class PrivateSessionBus: @unchecked Sendable {
    /// A 0700 folder for XDG_RUNTIME_DIR, removed by `stop`.
    public let runtimeDirectory: String
    public let address: String
    private let daemon = Process()
    private var processes: [Process] = []

    public init(name: String) throws {
        runtimeDirectory = NSTemporaryDirectory() + "rewrap-\(name)-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: runtimeDirectory, withIntermediateDirectories: false,
                                                attributes: [.posixPermissions: 0o700])
        // --nofork: the daemon is this process's child, stopped by its PID.
        daemon.executableURL = URL(fileURLWithPath: "/usr/bin/dbus-daemon")
        daemon.arguments = ["--session", "--nofork", "--nopidfile", "--print-address=1"]
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_RUNTIME_DIR"] = runtimeDirectory
        daemon.environment = environment
        let output = Pipe()
        daemon.standardOutput = output
        daemon.standardError = FileHandle.nullDevice
        daemon.standardInput = FileHandle.nullDevice
        try daemon.run()
        do {
            address = try HelperLines(output, helper: "dbus-daemon", process: daemon).next(within: 10)
        } catch {
            stopProcess(daemon)
            try? FileManager.default.removeItem(atPath: runtimeDirectory)
            throw error
        }
    }

    /// What every process on this bus is given; DISPLAY and WAYLAND_DISPLAY
    /// are left out, so nothing reaches the test's own desktop.
    public var environment: [String: String] {
        ["XDG_RUNTIME_DIR": runtimeDirectory, "DBUS_SESSION_BUS_ADDRESS": address]
    }

    /// Starts a program on the bus with its output in `log`.log in the
    /// runtime folder; `stop` ends it.
    public func start(_ arguments: [String], log: String, environment extra: [String: String] = [:]) throws -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: arguments[0])
        process.arguments = Array(arguments.dropFirst())
        var environment = ProcessInfo.processInfo.environment
        environment.removeValue(forKey: "DISPLAY")
        environment.removeValue(forKey: "WAYLAND_DISPLAY")
        for (key, value) in self.environment { environment[key] = value }
        for (key, value) in extra { environment[key] = value }
        process.environment = environment
        let path = logPath(log)
        _ = FileManager.default.createFile(atPath: path, contents: nil)
        process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        process.standardError = process.standardOutput
        process.standardInput = FileHandle.nullDevice
        try process.run()
        processes.append(process)
        return process
    }

    /// Starts at-spi-bus-launcher here and returns the accessibility bus's
    /// address as org.a11y.Bus gives it to a screen reader.
    public func startAccessibilityBus() throws -> String {
        let launcher = try start(["/usr/libexec/at-spi-bus-launcher", "--launch-immediately"], log: "atspi")
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline, launcher.isRunning {
            let reply = try runCommand(["/usr/bin/gdbus", "call", "--session", "--dest", "org.a11y.Bus", "--object-path", "/org/a11y/bus",
                                        "--method", "org.a11y.Bus.GetAddress"], environment: environment)
            if let address = reply.stdout.split(separator: "'").dropFirst().first, !address.isEmpty { return String(address) }
            usleep(100_000)
        }
        throw TestFailure("org.a11y.Bus gave no address: \(log("atspi").suffix(400))")
    }

    public func logPath(_ name: String) -> String { runtimeDirectory + "/" + name + ".log" }

    public func log(_ name: String) -> String { (try? String(contentsOfFile: logPath(name), encoding: .utf8)) ?? "" }

    /// Waits up to `timeout` s for the file `name` in the runtime folder while `process` runs.
    public func waitForFile(_ name: String, of process: Process, timeout: Double = 20) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline, process.isRunning {
            if FileManager.default.fileExists(atPath: runtimeDirectory + "/" + name) { return true }
            usleep(20_000)
        }
        return false
    }

    public func stop() {
        for process in processes.reversed() { stopProcess(process) }
        processes = []
        stopProcess(daemon)
        try? FileManager.default.removeItem(atPath: runtimeDirectory)
    }

    deinit { stop() }
}

/// A helper that answers one line for each line it is sent, such as
/// `desktop-bus.py` or `rewrap-wlhelper kwin`: "ok" or what went wrong.
public final class LineHelper: @unchecked Sendable {
    private let process = Process()
    private let input = Pipe()
    private let output = Pipe()
    private lazy var lines = HelperLines(output, helper: name, process: process)
    private let name: String

    public init(_ arguments: [String], environment extra: [String: String], name: String) throws {
        self.name = name
        process.executableURL = URL(fileURLWithPath: arguments[0])
        process.arguments = Array(arguments.dropFirst())
        var environment = ProcessInfo.processInfo.environment
        environment.removeValue(forKey: "DISPLAY")
        environment.removeValue(forKey: "WAYLAND_DISPLAY")
        for (key, value) in extra { environment[key] = value }
        process.environment = environment
        process.standardInput = input
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let greeting = try line()
        guard greeting == "ready" else {
            stop()
            throw TestFailure("\(name): \(greeting)")
        }
    }

    /// Sends one command and returns once it is done.
    public func send(_ command: String) throws {
        guard process.isRunning else { throw TestFailure("\(name) has gone") }
        input.fileHandleForWriting.write(Data((command + "\n").utf8))
        let answer = try line()
        guard answer == "ok" else { throw TestFailure("\(name), \(command): \(answer)") }
    }

    /// The next answer; Python's and GLib's warnings are not answers.
    private func line() throws -> String {
        while true {
            // Never longer than 30 s: a helper that hangs fails the test, not the suite.
            let text: String
            do { text = try lines.next(within: 30) } catch {
                stop()
                throw error
            }
            if text.hasPrefix("ready") || text.hasPrefix("ok") || text.hasPrefix("error") || text.hasPrefix("no key")
                || text.hasPrefix("bad") || text.hasPrefix("unknown") || text.hasPrefix("rewrap-wlhelper") {
                return text
            }
        }
    }

    public func stop() {
        try? input.fileHandleForWriting.close()
        stopProcess(process)
    }

    deinit { stop() }
}
