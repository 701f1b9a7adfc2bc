import Foundation

/// The walk on KDE Plasma's compositor: `kwin_wayland --virtual`, input
/// through fake input, pictures through ScreenShot2, windows found, resized,
/// maximised and closed through KWin scripts. Breeze draws the title bar.
public final class KWinWalk: WalkDesktop, @unchecked Sendable {
    public let name = "kwin"
    public let keyTimes = "kwin stamps fake input's keys with one time during a menu's grab"
    public private(set) var kwin: KWinServer
    let folder: String
    private var shots = 0

    public init() throws {
        kwin = try KWinServer(width: 1280, height: 800, scale: 1)
        folder = NSTemporaryDirectory() + "rewrap-kwin-walk-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    public func open(_ arguments: [String], reference: String?) throws -> WalkWindow {
        try KWinWalkWindow(desktop: self, arguments: arguments, reference: reference)
    }

    public func setScaleLive(_ scale: Double) throws {
        throw WalkLimit("kwin 5.27 changes an output's scale only through kde_output_management_v2 (kscreen), which the walk does not speak")
    }

    /// A new kwin at that scale: `--scale` is read once, at start.
    public func setScale(_ scale: Double) throws {
        guard scale != kwin.scale else { return }
        kwin.stop()
        kwin = try KWinServer(width: 1280, height: 800, scale: scale)
    }

    func screenshot() throws -> String {
        shots += 1
        let path = folder + "/screen-\(shots).png"
        usleep(300_000)
        try kwin.screenshot(to: path)
        return path
    }

    public func stop() {
        kwin.stop()
        try? FileManager.default.removeItem(atPath: folder)
    }

    deinit { stop() }
}

final class KWinWalkWindow: WalkWindow, @unchecked Sendable {
    private let desktop: KWinWalk
    private let kwin: KWinServer
    private let rewrap: WalkProcess
    private var other: WalkProcess?
    /// X11's picture of the window as it opens, to find it by at a fractional scale.
    private let reference: String?

    init(desktop: KWinWalk, arguments: [String], reference: String?) throws {
        self.desktop = desktop
        self.reference = reference
        kwin = desktop.kwin
        rewrap = try WalkProcess(arguments, environment: kwin.clientEnvironment)
        try waitUntil("the first frame") { !self.rewrap.frames().isEmpty }
        try waitUntil("kwin to show the window") { try self.kwin.window(pid: self.rewrap.pid) != nil }
    }

    var process: Process { rewrap.process }
    var stderr: String { rewrap.stderr }
    func frames() -> [TraceFrame] { rewrap.frames() }

    private func window(_ pid: Int32? = nil) throws -> KWinServer.Window {
        guard let window = try kwin.window(pid: pid ?? rewrap.pid) else { throw TestFailure("kwin shows no window for pid \(pid ?? rewrap.pid)") }
        return window
    }

    func click(_ point: (x: Int, y: Int)) throws {
        let window = try window()
        try kwin.click(x: window.x + (Double(point.x) + 0.5) / kwin.scale, y: window.y + (Double(point.y) + 0.5) / kwin.scale)
    }

    func clickOption(_ popup: TraceFrame.DrawnPopup, _ index: Int) throws { try click(popup.center(of: index)) }

    func touch(_ points: [(x: Int, y: Int)], interval: Double) throws {
        let window = try window()
        func place(_ point: (x: Int, y: Int)) -> String {
            "\(window.x + (Double(point.x) + 0.5) / kwin.scale) \(window.y + (Double(point.y) + 0.5) / kwin.scale)"
        }
        guard let first = points.first else { return }
        try kwin.input("touchdown 1 " + place(first))
        for point in points.dropFirst() {
            usleep(useconds_t(interval * 1e6))
            try kwin.input("touchmove 1 " + place(point))
        }
        usleep(useconds_t(interval * 1e6))
        try kwin.input("touchup 1")
    }

    func press(_ keys: String) throws { try kwin.key(keys) }

    /// Fake input's press and release go in one go.
    func tap(_ key: String) throws { try kwin.key(key) }

    func key(_ keys: String, _ motion: KeyMotion) throws { try kwin.key(keys, motion) }

    func burst(_ keys: [String]) throws { for key in keys { try kwin.key(key) } }

    func press(_ keys: String, layouts: String) throws {
        throw WalkLimit("kwin types fake-input keys through its own keymap, set from kxkbrc, which the walk's kwin is not started with")
    }

    func drag(_ points: [(x: Int, y: Int)], interval: Double) throws {
        let window = try window()
        func move(_ point: (x: Int, y: Int)) throws {
            try kwin.input("move \(window.x + (Double(point.x) + 0.5) / kwin.scale) \(window.y + (Double(point.y) + 0.5) / kwin.scale)")
        }
        guard let first = points.first else { return }
        try move(first)
        usleep(useconds_t(interval * 1e6))
        try kwin.input("down")
        for point in points.dropFirst() {
            usleep(useconds_t(interval * 1e6))
            try move(point)
        }
        usleep(useconds_t(interval * 1e6))
        try kwin.input("up")
    }

    func parkPointer() throws {
        try kwin.input("move \(kwin.logicalSize.width - 2) \(kwin.logicalSize.height - 2)")
    }

    func capture(to path: String) throws {
        let frame = try lastFrame(), window = try window()
        let shot = try desktop.screenshot()
        // At a fractional scale a window's logical place falls between
        // pixels, and which one kwin draws it from is its own business: the
        // window is found by X11's picture of it there, as on mutter.
        var origin = (x: Int((window.x * kwin.scale).rounded()), y: Int((window.y * kwin.scale).rounded()))
        if kwin.scale.rounded() != kwin.scale, let reference, let found = try locate(reference, in: shot) { origin = found }
        try crop(shot, x: origin.x, y: origin.y,
                 width: Int(frame.width), height: Int(frame.height), to: path)
    }

    func captureScreen(to path: String) throws {
        try? FileManager.default.removeItem(atPath: path)
        try FileManager.default.copyItem(atPath: try desktop.screenshot(), toPath: path)
    }

    /// A script sets the frame so the client's own area is `width` × `height`.
    func resize(width: Int, height: Int) throws {
        try kwin.script("""
            var c = \(KWinServer.client(pid: rewrap.pid));
            var f = c.frameGeometry, g = c.bufferGeometry;
            c.frameGeometry = {x: f.x, y: f.y, width: \(width) + f.width - g.width, height: \(height) + f.height - g.height};
            """)
    }

    func maximize() throws { try kwin.script("\(KWinServer.client(pid: rewrap.pid)).setMaximize(true, true);") }
    func unmaximize() throws { try kwin.script("\(KWinServer.client(pid: rewrap.pid)).setMaximize(false, false);") }

    func focusAnotherWindow() throws {
        let other = try WalkProcess(["--geometry", "320x240"], environment: kwin.clientEnvironment)
        self.other = other
        try waitUntil("kwin to show the other window") { try self.kwin.window(pid: other.pid) != nil }
        let rect = try window(other.pid)
        try kwin.click(x: rect.x + rect.width / 2, y: rect.y + rect.height / 2)
    }

    /// A click on a corner of the window the other one leaves clear.
    func focusBack() throws {
        let mine = try window()
        let theirs = try other.map { try window($0.pid) }
        let corners = [(6, 6), (Int(mine.width * kwin.scale) - 6, 6), (6, Int(mine.height * kwin.scale) - 6),
                       (Int(mine.width * kwin.scale) - 6, Int(mine.height * kwin.scale) - 6)]
        let clear = corners.first { corner in
            guard let theirs else { return true }
            let x = mine.x + Double(corner.0) / kwin.scale, y = mine.y + Double(corner.1) / kwin.scale
            return !(x >= theirs.x - 40 && x <= theirs.x + theirs.width + 40 && y >= theirs.y - 40 && y <= theirs.y + theirs.height + 40)
        }
        guard let clear else { throw TestFailure("the other window covers every corner of Rewrap's") }
        try click(clear)
        other?.stop()
        other = nil
    }

    /// closeWindow(): kwin's close, as its title bar's button and Alt+F4 do.
    func closeThroughDesktop() throws { try kwin.script("\(KWinServer.client(pid: rewrap.pid)).closeWindow();") }

    func waitForExit(timeout: Double) -> Int32? {
        RewrapTestDrivers.waitForExit(rewrap.process, timeout: timeout) ? rewrap.process.terminationStatus : nil
    }

    func close() {
        other?.stop()
        rewrap.stop()
    }
}
