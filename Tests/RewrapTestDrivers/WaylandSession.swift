import Foundation

/// The real `rewrap` binary on a private sway, with DISPLAY unset, driven
/// as a person would: keys through wtype, the pointer through the seat's
/// virtual pointer, pixels through grim, geometry from `--trace`.
///
///     let session = try WaylandSession(sway: sway)
///     try session.sway.type(["-k", "Tab"])
public final class WaylandSession: TracedSession, @unchecked Sendable {
    public let sway: SwayServer
    public let process: Process
    public let tracePath: String
    public let stderrPath: String
    /// Where this run keeps its state: its own, unless given one to share.
    public let stateHome: StateHome
    private lazy var trace = TraceReader(path: tracePath)

    public init(sway: SwayServer, arguments: [String] = [], environment: [String: String] = [:],
                waitForWindow: Bool = true, executable: String = PackagePaths.rewrapBinary,
                stateHome: StateHome = StateHome()) throws {
        self.sway = sway
        self.stateHome = stateHome
        let id = UUID().uuidString
        tracePath = NSTemporaryDirectory() + "rewrap-wayland-trace-\(id).jsonl"
        stderrPath = NSTemporaryDirectory() + "rewrap-wayland-stderr-\(id).txt"
        guard FileManager.default.createFile(atPath: stderrPath, contents: nil) else { throw TestFailure("cannot create \(stderrPath)") }
        process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = ["--trace", tracePath] + arguments
        var env = ProcessInfo.processInfo.environment
        env.removeValue(forKey: "DISPLAY")
        env.removeValue(forKey: "REWRAP_PLATFORM")
        for (key, value) in sway.clientEnvironment { env[key] = value }
        for (key, value) in environment { env[key] = value }
        process.environment = stateHome.applied(to: env, asked: environment)
        process.standardOutput = FileHandle.nullDevice
        process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: stderrPath))
        process.standardInput = FileHandle.nullDevice
        try process.run()
        if waitForWindow {
            try waitUntil("the first frame") { !self.frames().isEmpty }
            try waitUntil("sway to show the window") { try sway.windowRect(pid: self.process.processIdentifier) != nil }
        }
    }

    deinit { close() }

    public func close() {
        stopProcess(process)
        try? FileManager.default.removeItem(atPath: tracePath)
        try? FileManager.default.removeItem(atPath: stderrPath)
    }

    public var stderr: String { (try? String(contentsOfFile: stderrPath, encoding: .utf8)) ?? "" }

    /// Every complete frame so far.
    public func frames() -> [TraceFrame] {
        trace.read()
    }

    /// Where sway shows the window, in logical pixels.
    public func windowRect() throws -> (x: Int, y: Int, width: Int, height: Int) {
        guard let rect = try sway.windowRect(pid: process.processIdentifier) else { throw TestFailure("sway shows no window for rewrap") }
        return rect
    }

    /// The window's pixels, through grim, at the output's scale, with the pointer when `cursor` is set.
    public func capture(to path: String, cursor: Bool = false) throws {
        try sway.captureDrawn(pid: process.processIdentifier, to: path, cursor: cursor)
    }

    /// A point in window pixels as output coordinates for the virtual pointer.
    public func outputPoint(_ point: (x: Int, y: Int), scale: Int = 1) throws -> [String] {
        let rect = try windowRect()
        return [String(rect.x + point.x / scale), String(rect.y + point.y / scale)]
    }

    public func waitForExit(timeout: Double) -> Int32? {
        RewrapTestDrivers.waitForExit(process, timeout: timeout) ? process.terminationStatus : nil
    }
}

/// How many pixels differ between two images of the same size, as
/// ImageMagick's `compare -metric AE` counts them, and of how many.
public func differingPixels(_ first: String, _ second: String) throws -> (count: Int, total: Int) {
    let result = try runCommand(["/usr/bin/compare", "-metric", "AE", first, second, "null:"])
    // compare exits 1 when the images differ, 2 when it cannot compare them.
    guard result.status != 2, let count = Double(result.stderr.split(separator: " ").first ?? "") else {
        throw TestFailure("compare \(first) \(second): \(result.stderr)")
    }
    let size = try runCommand(["/usr/bin/identify", "-format", "%w %h", first])
    let sides = size.stdout.split(separator: " ").compactMap { Int($0) }
    guard sides.count == 2 else { throw TestFailure("identify \(first): \(size.stderr)") }
    return (Int(count), sides[0] * sides[1])
}
