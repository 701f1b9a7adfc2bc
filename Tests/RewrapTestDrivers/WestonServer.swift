import Foundation

/// A private headless weston, the second compositor the Wayland platform
/// is tried on: pixman (it draws nothing otherwise), its own runtime
/// folder and socket, stopped by its PID.
public final class WestonServer: @unchecked Sendable {
    public let runtimeDirectory: String
    public let socket = "rewrap-weston"
    private let process = Process()

    /// Weston as it comes; with `desktopColor` (0xAARRGGBB), a desktop of
    /// that one colour and no panel, and weston-screenshooter allowed, so a
    /// screenshot shows each window whole on a plain ground.
    public init(desktopColor: String? = nil) throws {
        runtimeDirectory = NSTemporaryDirectory() + "rewrap-weston-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: runtimeDirectory, withIntermediateDirectories: false,
                                                attributes: [.posixPermissions: 0o700])
        process.executableURL = URL(fileURLWithPath: "/usr/bin/weston")
        var arguments = ["--backend=headless-backend.so", "--use-pixman", "--socket=\(socket)", "--width=1024", "--height=768"]
        if let desktopColor {
            let config = runtimeDirectory + "/weston.ini"
            try "[shell]\nstartup-animation=none\nanimation=none\npanel-position=none\nbackground-color=\(desktopColor)\nbackground-image=/nonexistent\n"
                .write(toFile: config, atomically: true, encoding: .utf8)
            arguments += ["--config=\(config)", "--debug"]
        } else {
            arguments.append("--no-config")
        }
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_RUNTIME_DIR"] = runtimeDirectory
        environment.removeValue(forKey: "DISPLAY")
        environment.removeValue(forKey: "WAYLAND_DISPLAY")
        process.environment = environment
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(15)
        while !FileManager.default.fileExists(atPath: runtimeDirectory + "/" + socket) {
            guard Date() < deadline, process.isRunning else {
                stop()
                throw TestFailure("weston did not start")
            }
            usleep(20_000)
        }
    }

    public var clientEnvironment: [String: String] {
        ["XDG_RUNTIME_DIR": runtimeDirectory, "WAYLAND_DISPLAY": socket]
    }

    /// Rewrap on this weston with `arguments`, its trace and standard error
    /// in files of their own, keeping its state in `stateHome`.
    public func startRewrap(_ arguments: [String], stateHome: StateHome) throws -> (process: Process, trace: TemporaryFile, stderr: TemporaryFile) {
        let trace = try TemporaryFile(suffix: ".jsonl")
        let stderr = try TemporaryFile(suffix: ".txt")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: PackagePaths.rewrapBinary)
        process.arguments = ["--trace", trace.path] + arguments
        var environment = ProcessInfo.processInfo.environment
        environment.removeValue(forKey: "DISPLAY")
        for (key, value) in clientEnvironment { environment[key] = value }
        environment["XDG_STATE_HOME"] = stateHome.path
        process.environment = environment
        process.standardError = try FileHandle(forWritingTo: stderr.url)
        try process.run()
        return (process, trace, stderr)
    }

    /// The whole output, through weston-screenshooter (a desktop colour
    /// must have been given).
    public func screenshot(to path: String) throws {
        let folder = runtimeDirectory + "/shots-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        let result = try runCommand(["/usr/bin/weston-screenshooter"], environment: clientEnvironment, currentDirectory: folder)
        let shots = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        guard result.status == 0, let shot = shots.first(where: { $0.hasSuffix(".png") }) else {
            throw TestFailure("weston-screenshooter took no screenshot: \(result.stderr)")
        }
        try? FileManager.default.removeItem(atPath: path)
        try FileManager.default.moveItem(atPath: folder + "/" + shot, toPath: path)
    }

    public func stop() {
        stopProcess(process)
        try? FileManager.default.removeItem(atPath: runtimeDirectory)
    }

    deinit {
        stop()
    }
}
