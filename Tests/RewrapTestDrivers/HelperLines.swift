import Foundation

/// What a helper process prints, read one whole line at a time, each read
/// with a deadline. A helper that hangs fails its test within the deadline
/// rather than hanging the suite, and one that ends early says so: either
/// way the failure names the helper and what it printed last.
///
///     let lines = HelperLines(output, helper: "rewrap-wlhelper keyboard", process: process)
///     guard try lines.next(within: 10) == "ready" else { ... }
public final class HelperLines: @unchecked Sendable {
    private let descriptor: Int32
    private let helper: String
    private let process: Process?
    private var pending: [UInt8] = []
    private var lastLine: String?

    /// Reads `pipe`'s reading end; `process`, when given, lets a failure
    /// say how the helper ended.
    public init(_ pipe: Pipe, helper: String, process: Process? = nil) {
        descriptor = pipe.fileHandleForReading.fileDescriptor
        self.helper = helper
        self.process = process
    }

    /// The next whole line, without its newline.
    public func next(within seconds: Double) throws -> String {
        let deadline = Date().addingTimeInterval(seconds)
        while true {
            if let end = pending.firstIndex(of: UInt8(ascii: "\n")) {
                let line = String(decoding: pending[..<end], as: UTF8.self)
                pending.removeSubrange(...end)
                lastLine = line
                return line
            }
            guard try readMore(until: deadline) else {
                throw TestFailure("\(helper) ended\(howItEnded) before a whole line; \(printed)")
            }
            if Date() >= deadline, !pending.contains(UInt8(ascii: "\n")) {
                throw TestFailure("\(helper) printed no whole line within \(String(format: "%g", seconds)) s; \(printed)")
            }
        }
    }

    /// Everything the helper prints until it ends or `seconds` pass, as it
    /// is at that moment: for a helper that prints its answer and exits.
    public func rest(within seconds: Double) -> String {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline, (try? readMore(until: deadline)) == true {}
        defer { pending = [] }
        return String(decoding: pending, as: UTF8.self)
    }

    /// Appends what the helper printed by `deadline`; false at its end of file.
    private func readMore(until deadline: Date) throws -> Bool {
        var watched = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        let left = max(0, deadline.timeIntervalSinceNow)
        let ready = poll(&watched, 1, Int32((left * 1000).rounded(.up)))
        guard ready > 0 else {
            if ready < 0, errno != EINTR { throw TestFailure("\(helper): poll failed, errno \(errno)") }
            return true
        }
        var chunk = [UInt8](repeating: 0, count: 65_536)
        let count = read(descriptor, &chunk, chunk.count)
        if count < 0 {
            if errno == EINTR || errno == EAGAIN { return true }
            throw TestFailure("\(helper): read failed, errno \(errno)")
        }
        pending += chunk[0..<count]
        return count > 0
    }

    /// " (exit status N)" once the helper has exited, or nothing.
    private var howItEnded: String {
        guard let process, waitForExit(process, timeout: 1) else { return "" }
        return process.terminationReason == .uncaughtSignal
            ? " (signal \(process.terminationStatus))" : " (exit status \(process.terminationStatus))"
    }

    /// What the helper printed last: its last whole line, and any line it left unfinished.
    private var printed: String {
        let unfinished = String(decoding: pending, as: UTF8.self)
        switch (lastLine, unfinished.isEmpty) {
        case (nil, true): return "it printed nothing"
        case (let line?, true): return "the last it printed was \"\(line)\""
        case (nil, false): return "it printed only \"\(unfinished)\", with no newline"
        case (let line?, false): return "the last it printed was \"\(line)\", then \"\(unfinished)\" with no newline"
        }
    }
}
