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
/// broken child can never hang the suite. Rewrap run this way keeps its
/// state in a home of its own, gone with the run, unless `environment`
/// names one.
public func runCommand(_ arguments: [String], environment: [String: String] = [:],
                       currentDirectory: String? = nil, timeout: Double = 20) throws -> CommandResult {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: arguments[0])
    process.arguments = Array(arguments.dropFirst())
    var env = ProcessInfo.processInfo.environment
    for (key, value) in environment { env[key] = value }
    let stateHome = StateHome()
    process.environment = stateHome.applied(to: env, asked: environment)
    // Removed once the run is over, not when it was last named.
    defer { withExtendedLifetime(stateHome) {} }
    if let currentDirectory { process.currentDirectoryURL = URL(fileURLWithPath: currentDirectory) }
    let outFile = try TemporaryFile(suffix: ".out")
    let errFile = try TemporaryFile(suffix: ".err")
    // Closed here, not when Foundation lets go of the process: a soak
    // runs thousands of commands, and leaked descriptors add up.
    let out = try FileHandle(forWritingTo: outFile.url)
    let err = try FileHandle(forWritingTo: errFile.url)
    defer {
        try? out.close()
        try? err.close()
    }
    process.standardOutput = out
    process.standardError = err
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

/// SIGTERM, then SIGKILL if the process lingers three seconds; then the
/// files and pipes it was given are closed. Foundation keeps them open as
/// long as it keeps the Process, and a whole run of the suite leaked
/// hundreds, until Foundation's own scan of /proc/self/fd read past a
/// buffer's end and crashed the runner.
public func stopProcess(_ process: Process) {
    if process.isRunning {
        process.terminate()
        if !waitForExit(process, timeout: 3) {
            kill(process.processIdentifier, SIGKILL)
            // Foundation has been seen to miss a child's exit and leave it a
            // zombie; waitUntilExit would then wait forever, so reap it here.
            if !waitForExit(process, timeout: 5) {
                var status: Int32 = 0
                waitpid(process.processIdentifier, &status, WNOHANG)
            }
        }
    }
    for stream in [process.standardInput, process.standardOutput, process.standardError] {
        if let pipe = stream as? Pipe {
            try? pipe.fileHandleForReading.close()
            try? pipe.fileHandleForWriting.close()
        } else if let handle = stream as? FileHandle, handle.fileDescriptor > 2, handle !== FileHandle.nullDevice {
            try? handle.close()
        }
    }
}
