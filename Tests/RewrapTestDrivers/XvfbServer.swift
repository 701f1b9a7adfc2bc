import Foundation

/// A private X server for one test: Xvfb on a free display number, chosen by
/// Xvfb itself through -displayfd, and always stopped: by `stop`, or by the
/// kernel should the test process die first (an X error ends it before any
/// `defer` runs), and with it whatever was connected to it.
public final class XvfbServer: @unchecked Sendable {
    public let display: String
    private let process: Process

    public init(width: Int = 1280, height: Int = 1024, depth: Int = 24, dpi: Int = 96) throws {
        process = Process()
        // setpriv asks for SIGTERM when this process ends, then becomes Xvfb.
        process.executableURL = URL(fileURLWithPath: "/usr/bin/setpriv")
        process.arguments = ["--pdeathsig", "TERM", "/usr/bin/Xvfb",
                             "-displayfd", "1", "-screen", "0", "\(width)x\(height)x\(depth)", "-dpi", "\(dpi)",
                             "-nolisten", "tcp", "-br", "-noreset"]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        try process.run()
        // Xvfb writes the display number once it accepts connections.
        let text: String
        do {
            text = try HelperLines(pipe, helper: "Xvfb", process: process).next(within: 15)
        } catch {
            stopProcess(process)
            throw error
        }
        // Nothing more comes down the pipe; its descriptor is not left open.
        try? pipe.fileHandleForReading.close()
        guard let number = Int(text) else {
            stopProcess(process)
            throw TestFailure("Xvfb did not report a display number (got \"\(text)\")")
        }
        display = ":\(number)"
    }

    public var pid: Int32 { process.processIdentifier }

    /// Stops the server: SIGTERM, then SIGKILL if it lingers.
    public func stop() {
        stopProcess(process)
    }

    /// Kills the server as a crash would, for fault tests.
    public func crash() {
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    deinit {
        stop()
    }
}
