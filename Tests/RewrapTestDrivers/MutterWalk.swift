import Foundation

/// The walk on GNOME's compositor: headless mutter, the pointer and keys
/// through RemoteDesktop, pictures from its ScreenCast stream. mutter says
/// nowhere where a window is, so each is found in a picture of the monitor
/// by the top row of X11's picture of it; libdecor draws its title bar.
/// The monitor is 1600 × 1000: mutter offers scale 2 only where the logical
/// monitor stays at least 800 × 480.
public final class MutterWalk: WalkDesktop, @unchecked Sendable {
    public let name = "mutter"
    public let keyTimes = "mutter stamps RemoteDesktop's keys"
    public let mutter: MutterServer
    let folder: String
    private var shots = 0

    public init() throws {
        mutter = try MutterServer(width: 1600, height: 1000)
        folder = NSTemporaryDirectory() + "rewrap-mutter-walk-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    public func open(_ arguments: [String], reference: String?) throws -> WalkWindow {
        try MutterWalkWindow(desktop: self, arguments: arguments, reference: reference)
    }

    public func setScaleLive(_ scale: Double) throws {
        // mutter 43 scales by whole numbers unless an experimental feature is on,
        // and offers no wp_fractional_scale_v1 (it came in 44).
        guard scale == scale.rounded() else { throw WalkLimit("mutter 43 offers no wp_fractional_scale_v1 and whole-number scales only") }
        try mutter.setScale(scale)
    }

    public func setScale(_ scale: Double) throws { try setScaleLive(scale) }

    /// A new picture of the whole monitor, in its pixels.
    func screenshot() throws -> String {
        shots += 1
        let path = folder + "/screen-\(shots).png"
        // The monitor shows a frame a moment after it is committed.
        usleep(300_000)
        try mutter.screenshot(to: path)
        return path
    }

    func click(x: Double, y: Double) throws { try mutter.click(x: x, y: y) }

    public func stop() {
        mutter.stop()
        try? FileManager.default.removeItem(atPath: folder)
    }

    deinit { stop() }
}

final class MutterWalkWindow: WalkWindow, @unchecked Sendable {
    private let desktop: MutterWalk
    private let rewrap: WalkProcess
    private var other: WalkProcess?
    /// The window's top-left corner in logical pixels, while not maximised.
    private var origin: (x: Double, y: Double) = (0, 0)

    init(desktop: MutterWalk, arguments: [String], reference: String?) throws {
        self.desktop = desktop
        rewrap = try WalkProcess(arguments, environment: desktop.mutter.clientEnvironment)
        try settledFrame()
        try findOrigin(reference: reference)
    }

    var process: Process { rewrap.process }
    var stderr: String { rewrap.stderr }
    func frames() -> [TraceFrame] { rewrap.frames() }
    private var scale: Double { desktop.mutter.scale }

    /// Where X11's picture's top row is on the monitor.
    private func findOrigin(reference: String?) throws {
        guard let reference else { throw TestFailure("mutter says nowhere where a window is: the walk needs X11's picture of it") }
        var shot = try desktop.screenshot(), found = try locate(reference, in: shot)
        // The desktop shows a new window a moment after its first frame.
        for _ in 0..<3 where found == nil {
            shot = try desktop.screenshot()
            found = try locate(reference, in: shot)
        }
        guard let found else {
            throw TestFailure("the window is nowhere on mutter's monitor: \(try keep(shot)) against \(reference)")
        }
        origin = (Double(found.x) / scale, Double(found.y) / scale)
    }

    func click(_ point: (x: Int, y: Int)) throws {
        try desktop.click(x: origin.x + Double(point.x) / scale + 0.5, y: origin.y + Double(point.y) / scale + 0.5)
    }

    func clickOption(_ popup: TraceFrame.DrawnPopup, _ index: Int) throws { try click(popup.center(of: index)) }

    func touch(_ points: [(x: Int, y: Int)], interval: Double) throws {
        func place(_ point: (x: Int, y: Int)) -> String {
            "\(origin.x + (Double(point.x) + 0.5) / scale) \(origin.y + (Double(point.y) + 0.5) / scale)"
        }
        guard let first = points.first, let last = points.last else { return }
        try desktop.mutter.touchReady()
        try desktop.mutter.input("touchdown " + place(first))
        for point in points.dropFirst() {
            usleep(useconds_t(interval * 1e6))
            try desktop.mutter.input("touchmove " + place(point))
        }
        usleep(useconds_t(interval * 1e6))
        _ = last
        try desktop.mutter.input("touchup")
    }

    func press(_ keys: String) throws {
        try desktop.mutter.key(keys)
        usleep(30_000)
    }

    /// RemoteDesktop's press and release go in one go.
    func tap(_ key: String) throws { try desktop.mutter.key(key) }

    func key(_ keys: String, _ motion: KeyMotion) throws { try desktop.mutter.key(keys, motion) }

    func burst(_ keys: [String]) throws { for key in keys { try desktop.mutter.key(key) } }

    func press(_ keys: String, layouts: String) throws {
        throw WalkLimit("mutter types RemoteDesktop keysyms through its own keymap, set from GNOME's input sources in gsettings, which the walk's headless mutter does not read")
    }

    func drag(_ points: [(x: Int, y: Int)], interval: Double) throws {
        guard let first = points.first else { return }
        func move(_ point: (x: Int, y: Int)) throws {
            try desktop.mutter.move(x: origin.x + (Double(point.x) + 0.5) / scale, y: origin.y + (Double(point.y) + 0.5) / scale)
        }
        try move(first)
        usleep(useconds_t(interval * 1e6))
        try desktop.mutter.press()
        for point in points.dropFirst() {
            usleep(useconds_t(interval * 1e6))
            try move(point)
        }
        usleep(useconds_t(interval * 1e6))
        try desktop.mutter.release()
    }

    func parkPointer() throws {
        let size = desktop.mutter.logicalSize
        try desktop.mutter.move(x: Double(size.width - 2), y: Double(size.height - 2))
    }

    func capture(to path: String) throws {
        let frame = try lastFrame()
        let shot = try desktop.screenshot()
        try crop(shot, x: Int((origin.x * scale).rounded()), y: Int((origin.y * scale).rounded()),
                 width: Int(frame.width), height: Int(frame.height), to: path)
    }

    func captureScreen(to path: String) throws {
        try? FileManager.default.removeItem(atPath: path)
        try FileManager.default.copyItem(atPath: try desktop.screenshot(), toPath: path)
    }

    /// A drag of libdecor's right edge, which asks mutter for an interactive resize.
    func resize(width: Int, height: Int) throws {
        let frame = try lastFrame()
        let right = origin.x + frame.width / scale, middle = origin.y + frame.height / scale / 2
        try desktop.mutter.move(x: right + 3, y: middle)
        usleep(100_000)
        try desktop.mutter.press()
        usleep(100_000)
        let target = origin.x + Double(width) + 3
        for step in 1...8 {
            try desktop.mutter.move(x: right + 3 + (target - right - 3) * Double(step) / 8, y: middle)
            usleep(40_000)
        }
        usleep(100_000)
        try desktop.mutter.release()
        if Double(height) != frame.height / scale { throw WalkLimit("the walk resizes mutter's windows by their width only") }
    }

    /// GNOME's bindings: Super+Up maximises, Super+Down restores.
    func maximize() throws { try press("super+Up") }
    func unmaximize() throws { try press("super+Down") }

    /// mutter gives a new window the focus as it maps it.
    func focusAnotherWindow() throws {
        let other = try WalkProcess(["--geometry", "320x240"], environment: desktop.mutter.clientEnvironment)
        self.other = other
        try waitUntil("the other window's first frame") { !other.frames().isEmpty }
    }

    /// A click on the window's top-left corner: mutter places a new window
    /// clear of the others where the monitor has room.
    func focusBack() throws {
        try click((6, 6))
        other?.stop()
        other = nil
    }

    /// Alt+F4, GNOME's binding for closing a window.
    func closeThroughDesktop() throws { try press("alt+F4") }

    func waitForExit(timeout: Double) -> Int32? {
        RewrapTestDrivers.waitForExit(rewrap.process, timeout: timeout) ? rewrap.process.terminationStatus : nil
    }

    func close() {
        other?.stop()
        rewrap.stop()
    }
}
