import Foundation

/// The walk on weston: its X11 backend on a private Xvfb (headless weston
/// has no input devices), the pointer and keys through xdotool on that
/// Xvfb, pictures of its root. Weston's output sits at the root's origin at
/// 1:1 and places windows at random, so each is found in a picture by the
/// top row of X11's picture of it; libdecor draws its title bar.
public final class WestonWalk: WalkDesktop, @unchecked Sendable {
    public let name = "weston"
    public let keyTimes = "the outer X server stamps them, and weston its own"
    let outer: XvfbServer
    private var weston: DesktopProcess!
    let runtime: String
    let socket = "rewrap-weston"
    let size = (width: 1280, height: 800)
    private(set) var scale: Double = 1
    let folder: String
    private var shots = 0

    public init() throws {
        outer = try XvfbServer(width: size.width + 120, height: size.height + 100)
        runtime = NSTemporaryDirectory() + "rewrap-weston-walk-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: runtime, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        folder = runtime + "/shots"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try "[shell]\nstartup-animation=none\nanimation=none\nclose-animation=none\nfocus-animation=none\npanel-position=none\nbackground-color=0xff204060\nbackground-image=/nonexistent\n"
            .write(toFile: runtime + "/weston.ini", atomically: true, encoding: .utf8)
        try start()
    }

    private func start() throws {
        // The pointer starts outside weston's window, so moving in is motion weston sees.
        try xdotool(["mousemove", String(size.width + 110), String(size.height + 90)])
        weston = try DesktopProcess(["/usr/bin/setpriv", "--pdeathsig", "TERM", "/usr/bin/weston", "--backend=x11-backend.so",
                                     "--use-pixman", "--width=\(logicalSize.width)", "--height=\(logicalSize.height)", "--scale=\(Int(scale))",
                                     "--idle-time=0", "--socket=\(socket)", "--config=\(runtime)/weston.ini"],
                                    server: outer, environment: ["XDG_RUNTIME_DIR": runtime])
        try weston.waitUntil("weston's socket", timeout: 20) { FileManager.default.fileExists(atPath: self.runtime + "/" + self.socket) }
    }

    /// The output in logical pixels: its X window stays `size` pixels at any scale.
    var logicalSize: (width: Int, height: Int) { (Int(Double(size.width) / scale), Int(Double(size.height) / scale)) }

    var clientEnvironment: [String: String] { ["XDG_RUNTIME_DIR": runtime, "WAYLAND_DISPLAY": socket] }

    public func open(_ arguments: [String], reference: String?) throws -> WalkWindow {
        try WestonWalkWindow(desktop: self, arguments: arguments, reference: reference)
    }

    public func setScaleLive(_ scale: Double) throws {
        throw WalkLimit("weston 10 takes its output's scale on the command line only")
    }

    /// A new weston at that scale; weston 10 has whole-number scales only.
    public func setScale(_ scale: Double) throws {
        guard scale == scale.rounded() else { throw WalkLimit("weston 10 offers no wp_fractional_scale_v1 and whole-number scales only") }
        guard scale != self.scale else { return }
        weston.stop()
        self.scale = scale
        try? FileManager.default.removeItem(atPath: runtime + "/" + socket)
        try start()
    }

    @discardableResult
    func xdotool(_ arguments: [String]) throws -> String {
        let result = try runCommand(["/usr/bin/xdotool"] + arguments, environment: ["DISPLAY": outer.display])
        guard result.status == 0 else { throw TestFailure("xdotool \(arguments.joined(separator: " ")): \(result.stderr)") }
        return result.stdout
    }

    /// Weston's output, in its pixels.
    func screenshot() throws -> String {
        shots += 1
        let whole = folder + "/root-\(shots).png", path = folder + "/screen-\(shots).png"
        usleep(300_000)
        let result = try runCommand(["/usr/bin/import", "-window", "root", whole], environment: ["DISPLAY": outer.display])
        guard result.status == 0 else { throw TestFailure("import: \(result.stderr)") }
        try crop(whole, x: 0, y: 0, width: size.width, height: size.height, to: path)
        return path
    }

    /// A click at a point in logical pixels of weston's output, after a
    /// move out of its window and back in: weston misses a first motion.
    func click(x: Double, y: Double) throws {
        let point = [String(Int(x * scale)), String(Int(y * scale))]
        try xdotool(["mousemove", String(size.width + 110), String(size.height + 90), "mousemove"] + point
                    + ["sleep", "0.05", "click", "1", "sleep", "0.05"])
    }

    /// The button held from the first point to the last, in logical pixels
    /// of weston's output, after the same move out and back in as `click`.
    func drag(_ points: [(x: Double, y: Double)], interval: Double) throws {
        guard let first = points.first else { return }
        func to(_ point: (x: Double, y: Double)) -> [String] { ["mousemove", String(Int(point.x * scale)), String(Int(point.y * scale))] }
        let pause = String(interval)
        let moves = points.dropFirst().flatMap { ["sleep", pause] + to($0) }
        try xdotool(["mousemove", String(size.width + 110), String(size.height + 90)] + to(first)
                    + ["sleep", pause, "mousedown", "1"] + moves + ["sleep", pause, "mouseup", "1", "sleep", "0.05"])
    }

    public func stop() {
        weston?.stop()
        outer.stop()
        try? FileManager.default.removeItem(atPath: runtime)
    }

    deinit { stop() }
}

final class WestonWalkWindow: WalkWindow, @unchecked Sendable {
    private let desktop: WestonWalk
    private let rewrap: WalkProcess
    private var other: WalkProcess?
    private var origin: (x: Double, y: Double) = (0, 0)
    private let reference: String?

    init(desktop: WestonWalk, arguments: [String], reference: String?) throws {
        self.desktop = desktop
        self.reference = reference
        rewrap = try WalkProcess(arguments, environment: desktop.clientEnvironment)
        try settledFrame()
        if let reference {
            var shot = try desktop.screenshot(), found = try locate(reference, in: shot)
            // The desktop shows a new window a moment after its first frame.
            for _ in 0..<3 where found == nil {
                shot = try desktop.screenshot()
                found = try locate(reference, in: shot)
            }
            guard let found else {
                throw TestFailure("the window is nowhere on weston's output: \(try keep(shot)) against \(reference)")
            }
            origin = (Double(found.x) / desktop.scale, Double(found.y) / desktop.scale)
        }
    }

    var process: Process { rewrap.process }
    var stderr: String { rewrap.stderr }
    func frames() -> [TraceFrame] { rewrap.frames() }

    func touch(_ points: [(x: Int, y: Int)], interval: Double) throws {
        throw WalkLimit("weston 10 has no virtual touch device, and its X11 backend passes no touch on")
    }

    func click(_ point: (x: Int, y: Int)) throws {
        try desktop.click(x: origin.x + Double(point.x) / desktop.scale, y: origin.y + Double(point.y) / desktop.scale)
    }

    func clickOption(_ popup: TraceFrame.DrawnPopup, _ index: Int) throws { try click(popup.center(of: index)) }

    /// Keys go to weston's window, which has the X focus while the pointer is over it.
    func press(_ keys: String) throws { try desktop.xdotool(["key", "--delay", "30", keys]) }

    func tap(_ key: String) throws { try desktop.xdotool(["key", "--delay", "0", key]) }

    func key(_ keys: String, _ motion: KeyMotion) throws {
        try desktop.xdotool([motion == .up ? "keyup" : "keydown", "--delay", "0", keys])
    }

    func burst(_ keys: [String]) throws { try desktop.xdotool(["key", "--delay", "0"] + keys) }

    func press(_ keys: String, layouts: String) throws {
        throw WalkLimit("weston 10's X11 backend reads the outer server's keymap once, at its start")
    }

    func drag(_ points: [(x: Int, y: Int)], interval: Double) throws {
        try desktop.drag(points.map { (x: origin.x + Double($0.x) / desktop.scale, y: origin.y + Double($0.y) / desktop.scale) },
                         interval: interval)
    }

    /// Off Rewrap's window, still on weston's output: weston draws the
    /// pointer into its pictures, so at the output's corner farthest from
    /// the window, which weston may have put anywhere.
    func parkPointer() throws {
        let frame = try lastFrame()
        let left = origin.x * desktop.scale, top = origin.y * desktop.scale
        let right = left + frame.width, bottom = top + frame.height
        let width = Double(desktop.size.width), height = Double(desktop.size.height)
        let corners = [(2.0, 2.0), (width - 30, 2.0), (2.0, height - 30), (width - 30, height - 30)]
        func distance(_ point: (Double, Double)) -> Double {
            max(left - point.0, point.0 - right, top - point.1, point.1 - bottom)
        }
        let far = corners.max { distance($0) < distance($1) }!
        try desktop.xdotool(["mousemove", String(Int(far.0)), String(Int(far.1))])
    }

    func capture(to path: String) throws {
        let frame = try lastFrame()
        let shot = try desktop.screenshot()
        try crop(shot, x: Int(origin.x * desktop.scale), y: Int(origin.y * desktop.scale),
                 width: Int(frame.width), height: Int(frame.height), to: path)
    }

    func captureScreen(to path: String) throws {
        try? FileManager.default.removeItem(atPath: path)
        try FileManager.default.copyItem(atPath: try desktop.screenshot(), toPath: path)
    }

    /// A drag of libdecor's right edge, which asks weston for an interactive resize.
    func resize(width: Int, height: Int) throws {
        let frame = try lastFrame()
        let scale = desktop.scale
        let right = Int(origin.x + frame.width / scale + 3), middle = Int(origin.y + frame.height / scale / 2)
        let target = Int(origin.x) + width + 3
        var arguments = ["mousemove", String(right), String(middle), "sleep", "0.1", "mousedown", "1", "sleep", "0.1"]
        for step in 1...8 { arguments += ["mousemove", String(right + (target - right) * step / 8), String(middle), "sleep", "0.04"] }
        try desktop.xdotool(arguments + ["sleep", "0.1", "mouseup", "1"])
        if Double(height) != frame.height / scale { throw WalkLimit("the walk resizes weston's windows by their width only") }
    }

    /// A double click on libdecor's title bar, 24 px tall above the window.
    private func doubleClickTitleBar(at origin: (x: Double, y: Double)) throws {
        try desktop.xdotool(["mousemove", String(Int(origin.x + 60)), String(Int(origin.y - 12)),
                             "click", "--repeat", "2", "--delay", "80", "1"])
    }

    func maximize() throws { try doubleClickTitleBar(at: origin) }

    /// Maximised, the window's title bar is at the top of the output.
    func unmaximize() throws { try doubleClickTitleBar(at: (0, 24)) }

    /// weston gives a new window the focus as it maps it.
    func focusAnotherWindow() throws {
        let other = try WalkProcess(["--geometry", "320x240"], environment: desktop.clientEnvironment)
        self.other = other
        try waitUntil("the other window's first frame") { !other.frames().isEmpty }
    }

    /// Weston places windows at random and says nowhere where: the other
    /// window goes away, and weston gives the focus back.
    func focusBack() throws {
        other?.stop()
        other = nil
    }

    func closeThroughDesktop() throws {
        throw WalkLimit("weston's desktop shell has no binding that closes a window; libdecor's close button closes in the client")
    }

    func waitForExit(timeout: Double) -> Int32? {
        RewrapTestDrivers.waitForExit(rewrap.process, timeout: timeout) ? rewrap.process.terminationStatus : nil
    }

    func close() {
        other?.stop()
        rewrap.stop()
    }
}
