import Foundation

/// `rewrap-xhelper` kept running for a test, such as a settings manager or
/// a client holding a grab; it is ready once it has printed its first line.
///
///     let settings = try HelperProcess(["xsettings", "Gtk/EnableAnimations=0"], server: server)
public final class HelperProcess: @unchecked Sendable {
    private let process = Process()
    private let output = Pipe()
    private let lines: HelperLines
    /// What the helper printed when it became ready, such as "ready".
    public let greeting: String

    public init(_ arguments: [String], server: XvfbServer) throws {
        process.executableURL = URL(fileURLWithPath: PackagePaths.helperBinary)
        process.arguments = arguments
        process.environment = ["DISPLAY": server.display]
        process.standardOutput = output
        try process.run()
        lines = HelperLines(output, helper: "rewrap-xhelper \(arguments.joined(separator: " "))", process: process)
        do {
            greeting = try lines.next(within: 10)
        } catch {
            stopProcess(process)
            throw error
        }
    }

    /// Waits up to `timeout` seconds for the helper to finish and returns
    /// what it printed after its greeting, trimmed.
    public func rest(timeout: Double) -> String {
        defer { stop() }
        return lines.rest(within: timeout).trimmingCharacters(in: .whitespacesAndNewlines)
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
