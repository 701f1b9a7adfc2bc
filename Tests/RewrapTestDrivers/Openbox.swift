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
        try switchToTheTestKeyboard(server)
        try waitUntilItFramesNewWindows(server)
    }

    /// The first key xdotool sends comes from the XTEST keyboard, and the
    /// switch of device makes openbox drop and regrab every key binding, one
    /// round trip each; under load a test's Alt+F4 fell into that gap. A
    /// Shift now does the switch, and the probe framed after it shows openbox
    /// has handled it, since it reads its events in order.
    private func switchToTheTestKeyboard(_ server: XvfbServer) throws {
        let result = try runCommand(["/usr/bin/xdotool", "key", "shift"], environment: ["DISPLAY": server.display])
        guard result.status == 0 else { throw TestFailure("xdotool key shift: \(result.stderr)") }
    }

    /// openbox names its check window before it has finished starting, and a
    /// window mapped in between stays unmapped, its MapRequest lost: a bare
    /// Xlib client meets it too, one start in six. A probe window that gets
    /// a frame shows openbox takes new windows; one that does not is replaced.
    private func waitUntilItFramesNewWindows(_ server: XvfbServer) throws {
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline, process.isRunning {
            let probe = try DesktopProcess([PackagePaths.helperBinary, "window", "openbox-probe"], server: server)
            defer { probe.stop() }
            do {
                try probe.waitUntil("openbox to frame the probe", timeout: 0.5) {
                    // The helper prints its window's id once the window is mapped.
                    guard let id = probe.log.split(separator: "\n").first, id.hasPrefix("0x") else { return false }
                    return try runCommand(["/usr/bin/xprop", "-id", String(id), "_NET_FRAME_EXTENTS"],
                                          environment: ["DISPLAY": server.display]).stdout.contains("=")
                }
                return
            } catch {
                continue // this probe was lost: map another
            }
        }
        stop()
        throw TestFailure("openbox did not frame a new window")
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
