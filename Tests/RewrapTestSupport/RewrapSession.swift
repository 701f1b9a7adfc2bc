import Foundation

/// The real `rewrap` binary running on a private Xvfb, driven the way a
/// person would: with xdotool, reading back geometry from `--trace`.
///
///     let session = try RewrapSession(arguments: ["--geometry", "480x420"])
///     try session.click(session.lastFrame().node("pattern")!.center)
public final class RewrapSession: TracedSession, @unchecked Sendable {
    public let server: XvfbServer
    public let process: Process
    public let tracePath: String
    public let stderrPath: String
    public private(set) var windowID = ""
    /// Where this run keeps its state: its own, unless given one to share.
    public let stateHome: StateHome
    private let ownsServer: Bool

    /// Without `--geometry` in `arguments`, the window opens at 680 × 420
    /// at the root's corner, unless `placed` is false: the program then
    /// chooses its size, and the window manager, if any, its place. Its
    /// state is kept in `stateHome`; a fresh one keeps it from every other run.
    public init(arguments: [String] = [], environment: [String: String] = [:], server: XvfbServer? = nil,
                waitForWindow: Bool = true, placed: Bool = true, executable: String = PackagePaths.rewrapBinary,
                stateHome: StateHome = StateHome()) throws {
        self.server = try server ?? XvfbServer()
        self.stateHome = stateHome
        ownsServer = server == nil
        let id = UUID().uuidString
        tracePath = NSTemporaryDirectory() + "rewrap-trace-\(id).jsonl"
        stderrPath = NSTemporaryDirectory() + "rewrap-stderr-\(id).txt"
        guard FileManager.default.createFile(atPath: stderrPath, contents: nil) else {
            throw TestFailure("cannot create \(stderrPath)")
        }
        process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        let geometry = arguments.contains("--geometry") || !placed ? [] : ["--geometry", "680x420+0+0"]
        process.arguments = ["--trace", tracePath] + geometry + arguments
        var env = ProcessInfo.processInfo.environment
        env["DISPLAY"] = self.server.display
        // The runner's LANGUAGE would outrank a test's LANG; only the test's own counts.
        env["LANGUAGE"] = nil
        for (key, value) in environment { env[key] = value }
        process.environment = stateHome.applied(to: env, asked: environment)
        process.standardOutput = FileHandle.nullDevice
        process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: stderrPath))
        process.standardInput = FileHandle.nullDevice
        try process.run()
        if waitForWindow {
            try waitUntil("the first frame") { !self.frames().isEmpty }
            windowID = try windowOfProcess().split(separator: "\n").first.map(String.init) ?? ""
            guard !windowID.isEmpty else { throw TestFailure("no window for pid \(process.processIdentifier)") }
        }
    }

    deinit { close() }

    /// Stops the program and removes its trace and stderr. A session kept
    /// by a teardown block is never deinitialised, since XCTest keeps every
    /// test case, and its blocks, until the run ends: that block calls this.
    public func close() {
        stop()
        try? FileManager.default.removeItem(atPath: tracePath)
        try? FileManager.default.removeItem(atPath: stderrPath)
    }

    public func stop() {
        stopProcess(process)
        if ownsServer { server.stop() }
    }

    public var stderr: String { (try? String(contentsOfFile: stderrPath, encoding: .utf8)) ?? "" }

    private lazy var trace = TraceReader(path: tracePath)

    /// Every complete frame so far.
    public func frames() -> [TraceFrame] {
        trace.read()
    }

    /// The layout rules, with every chip and badge width this session has shown.
    public func violations(in frame: TraceFrame, chipIDs: [String] = LayoutRules.shippedChipIDs,
                           scale: Double = 1) -> [String] {
        var rules = LayoutRules(chipIDs: chipIDs, scale: scale)
        rules.learn(from: frames())
        return rules.violations(in: frame)
    }

    /// The same rules for a right-to-left window, checked on every frame
    /// mirrored across the window: rules §7.3 says each rule holds mirrored.
    public func mirroredViolations(in frame: TraceFrame, badgeCount: @escaping (String) -> Int?) -> [String] {
        var rules = LayoutRules(chipIDs: LayoutRules.shippedChipIDs, badgeCount: badgeCount)
        rules.learn(from: frames().map { $0.mirrored() })
        return rules.violations(in: frame.mirrored())
    }

    /// xdotool walks the window tree with no X error handler, so a window
    /// destroyed during the walk, such as one an input method opens and
    /// closes as the program connects to it, makes it give up: ask again.
    private func windowOfProcess() throws -> String {
        var found = ""
        try waitUntil("xdotool to find the window") {
            do {
                found = try xdotool(["search", "--sync", "--pid", String(process.processIdentifier)])
                return true
            } catch let failure as TestFailure where failure.description.contains("BadWindow") {
                return false
            }
        }
        return found
    }

    @discardableResult
    public func xdotool(_ arguments: [String]) throws -> String {
        let result = try runCommand(["/usr/bin/xdotool"] + arguments, environment: ["DISPLAY": server.display])
        guard result.status == 0 else {
            throw TestFailure("xdotool \(arguments.joined(separator: " ")) failed: \(result.stderr)")
        }
        return result.stdout
    }

    @discardableResult
    public func helper(_ arguments: [String]) throws -> CommandResult {
        try runCommand([PackagePaths.helperBinary] + arguments, environment: ["DISPLAY": server.display])
    }

    /// Clicks at a point in window coordinates.
    public func click(_ point: (x: Int, y: Int), button: Int = 1) throws {
        let origin = try windowOrigin()
        try clickRoot((origin.x + point.x, origin.y + point.y), button: button)
    }

    /// Clicks at a point in root coordinates, for popups. One xdotool run
    /// keeps motion and click in order; `--sync` is avoided because it waits
    /// forever when the pointer is already there.
    public func clickRoot(_ point: (x: Int, y: Int), button: Int = 1) throws {
        try xdotool(["mousemove", String(point.x), String(point.y), "click", String(button)])
    }

    public func key(_ keys: String...) throws {
        try xdotool(["windowfocus", "--sync", windowID])
        try xdotool(["key", "--delay", "30"] + keys)
    }

    public func resize(width: Int, height: Int) throws {
        try xdotool(["windowsize", windowID, String(width), String(height)])
    }

    /// Moves the pointer to the screen's far corner, where no test window
    /// reaches, so nothing is drawn hovered.
    public func parkPointer() throws {
        try xdotool(["mousemove", "1200", "1000"])
    }

    /// Writes the window's pixels to a PNG at `path` (ImageMagick's import).
    public func capture(to path: String) throws {
        let capture = try runCommand(["/usr/bin/import", "-window", windowID, path],
                                     environment: ["DISPLAY": server.display])
        guard capture.status == 0 else { throw TestFailure("import: \(capture.stderr)") }
    }

    public func windowOrigin() throws -> (x: Int, y: Int) {
        let text = try xdotool(["getwindowgeometry", "--shell", windowID])
        var values: [String: Int] = [:]
        for line in text.split(separator: "\n") {
            let parts = line.split(separator: "=")
            if parts.count == 2 { values[String(parts[0])] = Int(parts[1]) }
        }
        return (values["X"] ?? 0, values["Y"] ?? 0)
    }

    /// Waits for the process to exit; returns its status, or nil on timeout.
    public func waitForExit(timeout: Double) -> Int32? {
        RewrapTestSupport.waitForExit(process, timeout: timeout) ? process.terminationStatus : nil
    }
}
