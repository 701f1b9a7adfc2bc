import Foundation

/// A running Rewrap whose `--trace` a test reads, on either platform.
public protocol TracedSession: AnyObject {
    var process: Process { get }
    var stderr: String { get }
    /// Every complete frame traced so far.
    func frames() -> [TraceFrame]
}

extension TracedSession {
    public func lastFrame() throws -> TraceFrame {
        guard let frame = frames().last else { throw TestFailure("no frame in the trace") }
        return frame
    }

    /// Polls until `condition` holds, failing after `timeout` seconds.
    public func waitUntil(_ what: String, timeout: Double = 10, _ condition: () throws -> Bool) throws {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if try condition() { return }
            if !process.isRunning { throw TestFailure("rewrap exited (\(process.terminationStatus)) waiting for \(what): \(stderr)") }
            usleep(10_000)
        }
        throw TestFailure("timed out waiting for \(what)")
    }

    /// Waits for a frame drawn after the trace had `count` frames and
    /// nothing moving; returns the newest frame.
    @discardableResult
    public func settledFrame(after count: Int = 0, timeout: Double = 10) throws -> TraceFrame {
        var result: TraceFrame?
        try waitUntil("a settled frame", timeout: timeout) {
            let all = frames()
            guard all.count > count, let last = all.last, !last.animating else { return false }
            result = last
            return true
        }
        return result!
    }
}

/// Reads a `--trace` file as it grows: only lines written since the last
/// read are parsed, so polling stays cheap as the trace grows, and a
/// half-written last line waits for the next read.
public final class TraceReader: @unchecked Sendable {
    public let path: String
    private var frames: [TraceFrame] = []
    private var parsedBytes: UInt64 = 0

    public init(path: String) {
        self.path = path
    }

    /// Every complete frame so far.
    public func read() -> [TraceFrame] {
        guard let handle = FileHandle(forReadingAtPath: path) else { return frames }
        defer { try? handle.close() }
        try? handle.seek(toOffset: parsedBytes)
        let data = handle.readDataToEndOfFile()
        guard let lastNewline = data.lastIndex(of: UInt8(ascii: "\n")) else { return frames }
        let complete = data[data.startIndex...lastNewline]
        parsedBytes += UInt64(complete.count)
        frames += TraceFrame.parse(complete)
        return frames
    }
}
