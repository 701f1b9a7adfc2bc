import Foundation

/// Openbox, a real reparenting window manager, on a test's own server:
/// ready once it has claimed the screen, and always stopped.
///
///     let server = try XvfbServer()
///     let openbox = try Openbox(server: server)
///     defer { openbox.stop(); server.stop() }
public final class Openbox: @unchecked Sendable {
    private let process = Process()
    private let home: String

    public init(server: XvfbServer) throws {
        // A home of its own, so no one's openbox configuration changes the test.
        home = NSTemporaryDirectory() + "rewrap-openbox-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
        process.executableURL = URL(fileURLWithPath: "/usr/bin/openbox")
        process.arguments = ["--sm-disable"]
        process.environment = ["DISPLAY": server.display, "HOME": home]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(10)
        while try !Self.isManaging(server) {
            guard process.isRunning, Date() < deadline else {
                stop()
                throw TestFailure("openbox did not take the screen")
            }
            usleep(20_000)
        }
    }

    /// A window manager that follows EWMH names its check window on the root.
    private static func isManaging(_ server: XvfbServer) throws -> Bool {
        let result = try runCommand(["/usr/bin/xprop", "-root", "_NET_SUPPORTING_WM_CHECK"], environment: ["DISPLAY": server.display])
        return result.stdout.contains("window id #")
    }

    public func stop() {
        stopProcess(process)
        try? FileManager.default.removeItem(atPath: home)
    }

    deinit {
        stop()
    }
}
