import Foundation

/// A private headless weston, the second compositor the Wayland platform
/// is tried on: pixman (it draws nothing otherwise), its own runtime
/// folder and socket, stopped by its PID.
public final class WestonServer: @unchecked Sendable {
    public let runtimeDirectory: String
    public let socket = "rewrap-weston"
    private let process = Process()

    public init() throws {
        runtimeDirectory = NSTemporaryDirectory() + "rewrap-weston-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: runtimeDirectory, withIntermediateDirectories: false,
                                                attributes: [.posixPermissions: 0o700])
        process.executableURL = URL(fileURLWithPath: "/usr/bin/weston")
        process.arguments = ["--backend=headless-backend.so", "--use-pixman", "--socket=\(socket)", "--width=1024",
                             "--height=768", "--no-config"]
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

    public func stop() {
        stopProcess(process)
        try? FileManager.default.removeItem(atPath: runtimeDirectory)
    }

    deinit {
        stop()
    }
}
