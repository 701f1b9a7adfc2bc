import Foundation

/// A program a test runs beside Rewrap on its Xvfb, such as an input method
/// server or a protocol tracer; always stopped, SIGKILL after a short wait.
/// (openbox is `Openbox`, xsettingsd `SettingsDaemon`.)
///
///     let tracer = try DesktopProcess(["/usr/bin/xtrace", ...], server: server)
///     defer { tracer.stop() }
public final class DesktopProcess: @unchecked Sendable {
    public let process = Process()
    private let name: String
    private let logFile: TemporaryFile
    /// Where Rewrap, run this way, keeps its state: its own.
    private let stateHome = StateHome()

    public init(_ arguments: [String], server: XvfbServer, environment: [String: String] = [:]) throws {
        name = arguments[0]
        process.executableURL = URL(fileURLWithPath: arguments[0])
        process.arguments = Array(arguments.dropFirst())
        var env = ProcessInfo.processInfo.environment
        env["DISPLAY"] = server.display
        for (key, value) in environment { env[key] = value }
        process.environment = stateHome.applied(to: env, asked: environment)
        logFile = try TemporaryFile(suffix: ".log")
        process.standardOutput = try FileHandle(forWritingTo: logFile.url)
        process.standardError = process.standardOutput
        process.standardInput = FileHandle.nullDevice
        try process.run()
    }

    /// What the program printed so far, standard output and error together.
    public var log: String { (try? String(contentsOf: logFile.url, encoding: .utf8)) ?? "" }

    /// Polls `condition` for up to `timeout` seconds while the program runs.
    public func waitUntil(_ what: String, timeout: Double = 10, _ condition: () throws -> Bool) throws {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if try condition() { return }
            guard process.isRunning else { throw TestFailure("\(name) exited (\(process.terminationStatus)) waiting for \(what)") }
            usleep(20_000)
        }
        throw TestFailure("timed out waiting for \(what)")
    }

    /// Sends a signal, such as SIGHUP to make xsettingsd read its file again.
    public func signal(_ number: Int32) {
        if process.isRunning { kill(process.processIdentifier, number) }
    }

    public func stop() {
        stopProcess(process)
    }

    deinit {
        stop()
    }
}
