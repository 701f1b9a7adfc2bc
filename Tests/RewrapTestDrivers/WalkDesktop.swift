import Foundation

/// One desktop the walk of rules §11 runs on: X11 with openbox, sway,
/// weston, mutter or kwin, each driven as a person would drive it there.
/// Every action is in the same terms everywhere (window pixels as the
/// trace gives them, keys as xdotool names them); an action a desktop
/// cannot do throws `WalkLimit` with the reason.
///
///     let desktop = try MutterWalk()
///     let window = try desktop.open(["--geometry", "680x420"], reference: x11Shot)
///     try window.click(window.lastFrame().node("shape")!.center)
public protocol WalkDesktop: AnyObject {
    /// "x11", "sway", "weston", "mutter" or "kwin": the name in walk-limits.txt.
    var name: String { get }
    /// What times the keys of `WalkWindow.burst` carry, for the walk's report.
    var keyTimes: String { get }
    /// Opens Rewrap with `arguments` (the trace and a state folder of its
    /// own are added) and waits until the desktop shows its first frame.
    /// `reference`, X11's picture of the same window, lets a desktop that
    /// cannot say where it put a window find it on the screen.
    func open(_ arguments: [String], reference: String?) throws -> WalkWindow
    /// Sets the output's scale while windows are open, as a person does
    /// in the desktop's settings.
    func setScaleLive(_ scale: Double) throws
    /// Sets the scale windows opened from now on are shown at, restarting
    /// the compositor if it can change it no other way.
    func setScale(_ scale: Double) throws
    func stop()
}

/// Rewrap's window on a `WalkDesktop`.
public protocol WalkWindow: TracedSession {
    /// Clicks at a point in window pixels, as the trace gives them.
    func click(_ point: (x: Int, y: Int)) throws
    /// Clicks row `index` of the open menu.
    func clickOption(_ popup: TraceFrame.DrawnPopup, _ index: Int) throws
    /// Where row `index` of the open menu is, in window pixels.
    func optionPoint(_ popup: TraceFrame.DrawnPopup, _ index: Int) throws -> (x: Int, y: Int)
    /// The primary button pressed at the first of `points` (window
    /// pixels), held while the pointer moves through the rest `interval`
    /// seconds apart, and released at the last.
    func drag(_ points: [(x: Int, y: Int)], interval: Double) throws
    /// Presses keys as xdotool names them (`Tab`, `shift+Tab`).
    func press(_ keys: String) throws
    /// Presses and releases a key with no time between, as a quick hand or
    /// a busy machine gives it: the release can reach the compositor before
    /// the client has answered the press.
    func tap(_ key: String) throws
    /// Presses keys, as xdotool names them, on a keyboard of `layouts`
    /// (xkb's names, such as `ru,us`), the first of them active.
    func press(_ keys: String, layouts: String) throws
    /// Only holds keys down (`.down`), or only lets go of keys held
    /// (`.up`), as xdotool's keydown and keyup do; held in order, let go in reverse.
    func key(_ keys: String, _ motion: KeyMotion) throws
    /// Each key tapped in turn as quickly as the desktop's driver can send
    /// them, with key times that stay still where the driver can stamp them
    /// (kwin's fake input does so of itself during a menu's grab).
    func burst(_ keys: [String]) throws
    /// One finger down at the first of `points` (window pixels), moved
    /// through the rest `interval` seconds apart, and lifted at the last.
    func touch(_ points: [(x: Int, y: Int)], interval: Double) throws
    /// Moves the pointer off the window, so nothing shows hovered.
    func parkPointer() throws
    /// The window's own pixels, title bar aside, as a PNG.
    func capture(to path: String) throws
    /// The whole screen as the desktop shows it, menus and title bars too.
    func captureScreen(to path: String) throws
    /// Resizes the window to `width` × `height` logical pixels, as the desktop lets a person.
    func resize(width: Int, height: Int) throws
    func maximize() throws
    func unmaximize() throws
    /// Another window comes up and takes the focus: by a click on it where
    /// the desktop says where it is, as it maps where the desktop does not.
    func focusAnotherWindow() throws
    /// The person gives the focus back to Rewrap's window.
    func focusBack() throws
    /// Asks Rewrap to close as the desktop does (a close button, Alt+F4).
    func closeThroughDesktop() throws
    func waitForExit(timeout: Double) -> Int32?
    /// Stops whatever is still running.
    func close()
}

extension WalkWindow {
    /// A tap: down and up at one point.
    public func tap(_ point: (x: Int, y: Int)) throws { try touch([point], interval: 0.05) }

    /// On Wayland a menu's frame is in window pixels already.
    public func optionPoint(_ popup: TraceFrame.DrawnPopup, _ index: Int) throws -> (x: Int, y: Int) { popup.center(of: index) }
}

/// `count` points from `start` to `end`, both included, for a pointer or a
/// finger that moves as a hand does rather than jumping.
public func path(from start: (x: Int, y: Int), to end: (x: Int, y: Int), count: Int = 6) -> [(x: Int, y: Int)] {
    (0..<max(2, count)).map { step in
        let t = Double(step) / Double(max(2, count) - 1)
        return (start.x + Int((Double(end.x - start.x) * t).rounded()), start.y + Int((Double(end.y - start.y) * t).rounded()))
    }
}

/// What a driver sends of a key: the press and the release, or one of them.
public enum KeyMotion: Sendable {
    case pressAndRelease, down, up

    /// The word kwin's fake input helper and desktop-bus.py take.
    var command: String {
        switch self {
        case .pressAndRelease: "key"
        case .down: "keydown"
        case .up: "keyup"
        }
    }
}

/// A step a desktop cannot do, and why.
public struct WalkLimit: Error, CustomStringConvertible {
    public let reason: String
    public init(_ reason: String) { self.reason = reason }
    public var description: String { reason }
}

/// Rewrap started for the walk: `--trace`, its own XDG_STATE_HOME, standard
/// error kept; whatever else the desktop adds. Stopped by its PID.
public final class WalkProcess: @unchecked Sendable {
    public let process = Process()
    public let tracePath: String
    private let stderrPath: String
    private let stateHome: String
    private lazy var trace = TraceReader(path: tracePath)

    public init(_ arguments: [String], environment extra: [String: String], removing: [String] = []) throws {
        let id = UUID().uuidString
        let folder = NSTemporaryDirectory() + "rewrap-walk-\(id)"
        try FileManager.default.createDirectory(atPath: folder + "/state", withIntermediateDirectories: true)
        stateHome = folder
        tracePath = folder + "/trace.jsonl"
        stderrPath = folder + "/stderr.txt"
        _ = FileManager.default.createFile(atPath: stderrPath, contents: nil)
        process.executableURL = URL(fileURLWithPath: PackagePaths.rewrapBinary)
        process.arguments = ["--trace", tracePath] + arguments
        var environment = ProcessInfo.processInfo.environment
        for key in ["DISPLAY", "WAYLAND_DISPLAY", "REWRAP_PLATFORM"] + removing { environment.removeValue(forKey: key) }
        environment["XDG_STATE_HOME"] = folder + "/state"
        for (key, value) in extra { environment[key] = value }
        process.environment = environment
        process.standardOutput = FileHandle.nullDevice
        process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: stderrPath))
        process.standardInput = FileHandle.nullDevice
        try process.run()
    }

    public var stderr: String { (try? String(contentsOfFile: stderrPath, encoding: .utf8)) ?? "" }
    public func frames() -> [TraceFrame] { trace.read() }
    public var pid: Int32 { process.processIdentifier }

    public func stop() {
        stopProcess(process)
        try? FileManager.default.removeItem(atPath: stateHome)
    }

    deinit { stop() }
}

/// Where a window's top-left corner is in a screenshot: the first place
/// the top row of X11's picture of it stands whole. Returns screenshot pixels.
public func locate(_ reference: String, in screenshot: String) throws -> (x: Int, y: Int)? {
    let shot = try RGBImage(contentsOf: screenshot), window = try RGBImage(contentsOf: reference)
    return shot.firstPlace(of: window.row(0))
}

/// Cuts `width` × `height` at `x`, `y` out of a PNG.
public func crop(_ path: String, x: Int, y: Int, width: Int, height: Int, to output: String) throws {
    let result = try runCommand(["/usr/bin/convert", path, "-crop", "\(width)x\(height)+\(x)+\(y)", "+repage", output])
    guard result.status == 0 else { throw TestFailure("convert -crop: \(result.stderr)") }
}

/// A copy of a picture that outlives the desktop's folder, for a failure to name.
public func keep(_ path: String) throws -> String {
    let copy = NSTemporaryDirectory() + "rewrap-walk-failed-\(UUID().uuidString).png"
    try FileManager.default.copyItem(atPath: path, toPath: copy)
    return copy
}
