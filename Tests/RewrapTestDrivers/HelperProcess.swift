import Foundation

/// `rewrap-xhelper` kept running for a test, such as a settings manager or
/// a client holding a grab; it is ready once it has printed its first line.
///
///     let settings = try HelperProcess(["xsettings", "Gtk/EnableAnimations=0"], server: server)
public final class HelperProcess: @unchecked Sendable {
    private let process = Process()
    private let output = Pipe()
    /// What the helper printed when it became ready, such as "ready".
    public let greeting: String

    public init(_ arguments: [String], server: XvfbServer) throws {
        process.executableURL = URL(fileURLWithPath: PackagePaths.helperBinary)
        process.arguments = arguments
        process.environment = ["DISPLAY": server.display]
        process.standardOutput = output
        try process.run()
        greeting = String(decoding: output.fileHandleForReading.availableData, as: UTF8.self)
            .trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Waits up to `timeout` seconds for the helper to finish and returns
    /// what it printed after its greeting, trimmed.
    public func rest(timeout: Double) -> String {
        if !waitForExit(process, timeout: timeout) { stop() }
        return String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            .trimmingCharacters(in: .whitespacesAndNewlines)
    }

    public func stop() {
        guard process.isRunning else { return }
        process.terminate()
        process.waitUntilExit()
    }

    deinit {
        stop()
        try? output.fileHandleForReading.close()
    }
}
