import Foundation

/// What a finished child process left behind.
public struct CommandResult: Sendable {
    public var status: Int32
    public var stdout: String
    public var stderr: String
    /// True when the process had to be killed for running past its timeout.
    public var timedOut: Bool

    /// Standard error's lines, without the empty tail.
    public var stderrLines: [String] {
        stderr.split(separator: "\n", omittingEmptySubsequences: true).map(String.init)
    }
}

/// Runs a program to completion, with a timeout that ends in SIGKILL so a
/// broken child can never hang the suite.
public func runCommand(_ arguments: [String], environment: [String: String] = [:],
                       currentDirectory: String? = nil, timeout: Double = 20) throws -> CommandResult {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: arguments[0])
    process.arguments = Array(arguments.dropFirst())
    var env = ProcessInfo.processInfo.environment
    for (key, value) in environment { env[key] = value }
    process.environment = env
    if let currentDirectory { process.currentDirectoryURL = URL(fileURLWithPath: currentDirectory) }
    let outFile = try TemporaryFile(suffix: ".out")
    let errFile = try TemporaryFile(suffix: ".err")
    process.standardOutput = try FileHandle(forWritingTo: outFile.url)
    process.standardError = try FileHandle(forWritingTo: errFile.url)
    process.standardInput = FileHandle.nullDevice
    try process.run()
    let timedOut = !waitForExit(process, timeout: timeout)
    if timedOut {
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }
    return CommandResult(status: process.terminationStatus,
                         stdout: (try? String(contentsOf: outFile.url, encoding: .utf8)) ?? "",
                         stderr: (try? String(contentsOf: errFile.url, encoding: .utf8)) ?? "",
                         timedOut: timedOut)
}

/// Polls rather than blocks, so the caller decides how long is too long.
public func waitForExit(_ process: Process, timeout: Double) -> Bool {
    let deadline = Date().addingTimeInterval(timeout)
    while process.isRunning {
        if Date() > deadline { return false }
        usleep(5_000)
    }
    return true
}

/// SIGTERM, then SIGKILL if the process lingers three seconds.
public func stopProcess(_ process: Process) {
    guard process.isRunning else { return }
    process.terminate()
    if !waitForExit(process, timeout: 3) {
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }
}

/// A file under the temporary directory, removed when the value goes away.
public final class TemporaryFile: @unchecked Sendable {
    public let url: URL
    public var path: String { url.path }

    public init(suffix: String = "", contents: Data = Data()) throws {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("rewrap-\(UUID().uuidString)\(suffix)")
        try contents.write(to: url)
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }
}
