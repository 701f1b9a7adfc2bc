import Foundation

/// A real XSETTINGS manager, Debian's `xsettingsd`, on a test's own server,
/// always stopped. Its settings come from a file it rereads on SIGHUP.
///
///     let settings = try SettingsDaemon(["Net/ThemeName \"Adwaita\""], server: server)
///     try settings.update(["Net/ThemeName \"Adwaita-dark\""])
public final class SettingsDaemon: @unchecked Sendable {
    private let process = Process()
    private let file: TemporaryFile
    private let log: TemporaryFile

    /// Each line is one setting as xsettingsd reads it, such as `Gtk/EnableAnimations 0`.
    public convenience init(_ lines: [String], server: XvfbServer) throws {
        try self.init(file: Self.contents(lines), server: server)
    }

    /// The settings file as bytes, for values that are not valid UTF-8.
    public init(file contents: Data, server: XvfbServer) throws {
        file = try TemporaryFile(suffix: ".conf", contents: contents)
        log = try TemporaryFile(suffix: ".log")
        process.executableURL = URL(fileURLWithPath: "/usr/bin/xsettingsd")
        process.arguments = ["-c", file.path]
        process.environment = ["DISPLAY": server.display]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = try FileHandle(forWritingTo: log.url)
        try process.run()
        try waitForLog("Took ownership", count: 1)
    }

    /// Rewrites the file and tells xsettingsd to reread it, as a desktop's
    /// settings panel would; returns once it has announced the change.
    public func update(_ lines: [String]) throws {
        try update(file: Self.contents(lines))
    }

    public func update(file contents: Data) throws {
        try contents.write(to: file.url)
        let loaded = logText.components(separatedBy: "Loaded").count - 1
        kill(process.processIdentifier, SIGHUP)
        try waitForLog("Loaded", count: loaded + 1)
    }

    public func stop() {
        stopProcess(process)
    }

    deinit {
        stop()
    }

    private static func contents(_ lines: [String]) -> Data {
        Data(lines.map { $0 + "\n" }.joined().utf8)
    }

    private var logText: String { (try? String(contentsOf: log.url, encoding: .utf8)) ?? "" }

    private func waitForLog(_ phrase: String, count: Int) throws {
        let deadline = Date().addingTimeInterval(10)
        while logText.components(separatedBy: phrase).count - 1 < count {
            guard process.isRunning, Date() < deadline else {
                throw TestFailure("xsettingsd did not log \"\(phrase)\": \(logText)")
            }
            usleep(10_000)
        }
    }
}
