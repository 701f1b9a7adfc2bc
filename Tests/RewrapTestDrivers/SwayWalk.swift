import Foundation

/// The walk on sway: headless, its virtual pointer and one virtual
/// keyboard for the whole walk (`rewrap-wlhelper`), swaymsg for the rest,
/// grim for pictures.
public final class SwayWalk: WalkDesktop, @unchecked Sendable {
    public let name = "sway"
    public let keyTimes = "the virtual keyboard stamps a burst with one time"
    public let sway: SwayServer
    let keyboard: VirtualKeyboard
    private(set) var scale: Double = 1

    public init() throws {
        sway = try SwayServer(width: 1280, height: 800)
        keyboard = try VirtualKeyboard(sway: sway)
    }

    public func open(_ arguments: [String], reference: String?) throws -> WalkWindow {
        try SwayWalkWindow(desktop: self, arguments: arguments)
    }

    public func setScaleLive(_ scale: Double) throws {
        // sway 1.7 offers no wp_fractional_scale_v1: a fractional output
        // scale reaches clients as the next integer, and is stretched down.
        guard scale == scale.rounded() else { throw WalkLimit("sway 1.7 offers no wp_fractional_scale_v1") }
        try sway.swaymsg(["output", "HEADLESS-1", "scale", String(Int(scale))])
        self.scale = scale
    }

    public func setScale(_ scale: Double) throws { try setScaleLive(scale) }

    /// The pointer to a point in logical pixels, then a click.
    func click(x: Int, y: Int) throws {
        try sway.point(["move", String(x), String(y), "wait", "50", "click", "wait", "50"])
    }

    public func stop() {
        keyboard.stop()
        sway.stop()
    }

    deinit { stop() }
}

final class SwayWalkWindow: WalkWindow, @unchecked Sendable {
    private let desktop: SwayWalk
    private let rewrap: WalkProcess
    private var other: WalkProcess?

    init(desktop: SwayWalk, arguments: [String]) throws {
        self.desktop = desktop
        rewrap = try WalkProcess(arguments, environment: desktop.sway.clientEnvironment)
        try waitUntil("the first frame") { !self.rewrap.frames().isEmpty }
        try waitUntil("sway to show the window") { try desktop.sway.windowRect(pid: self.rewrap.pid) != nil }
    }

    var process: Process { rewrap.process }
    var stderr: String { rewrap.stderr }
    func frames() -> [TraceFrame] { rewrap.frames() }

    private var rect: (x: Int, y: Int, width: Int, height: Int) {
        get throws {
            guard let rect = try desktop.sway.windowRect(pid: rewrap.pid) else { throw TestFailure("sway shows no window for rewrap") }
            return rect
        }
    }

    func touch(_ points: [(x: Int, y: Int)], interval: Double) throws {
        throw WalkLimit("sway 1.7 offers no virtual touch device (wlroots 0.15 has no protocol for one)")
    }

    func click(_ point: (x: Int, y: Int)) throws {
        let rect = try rect
        try desktop.click(x: rect.x + Int(Double(point.x) / desktop.scale), y: rect.y + Int(Double(point.y) / desktop.scale))
    }

    /// A menu's frame is in window pixels on Wayland.
    func clickOption(_ popup: TraceFrame.DrawnPopup, _ index: Int) throws { try click(popup.center(of: index)) }

    func press(_ keys: String) throws { try desktop.keyboard.press(keys) }

    /// The virtual keyboard sends a key's press and release in one go.
    func tap(_ key: String) throws { try desktop.keyboard.press(key) }

    func key(_ keys: String, _ motion: KeyMotion) throws {
        try desktop.keyboard.send(keys, motion)
    }

    func burst(_ keys: [String]) throws { for key in keys { try desktop.keyboard.send(key, .pressAndRelease, stillTime: true) } }

    /// A second virtual keyboard with its own keymap: the seat takes the
    /// keymap of the keyboard that typed last, as with a second keyboard plugged in.
    func press(_ keys: String, layouts: String) throws {
        let keyboard = try VirtualKeyboard(sway: desktop.sway, layouts: layouts)
        defer { keyboard.stop() }
        try keyboard.press(keys)
    }

    func drag(_ points: [(x: Int, y: Int)], interval: Double) throws {
        guard let first = points.first else { return }
        let rect = try rect, pause = String(Int(interval * 1000))
        func to(_ point: (x: Int, y: Int)) -> [String] {
            ["move", String(rect.x + Int(Double(point.x) / desktop.scale)), String(rect.y + Int(Double(point.y) / desktop.scale))]
        }
        let moves = points.dropFirst().flatMap { ["wait", pause] + to($0) }
        try desktop.sway.point(to(first) + ["wait", pause, "down"] + moves + ["wait", pause, "up", "wait", "50"])
    }

    func parkPointer() throws { try desktop.sway.point(["move", "1", "1", "wait", "50"]) }

    func capture(to path: String) throws { try desktop.sway.captureDrawn(pid: rewrap.pid, to: path) }

    func captureScreen(to path: String) throws {
        let size = desktop.sway.outputSize
        try desktop.sway.capture(x: 0, y: 0, width: size.width, height: size.height, to: path)
    }

    func resize(width: Int, height: Int) throws {
        try desktop.sway.swaymsg(["[pid=\(rewrap.pid)]", "resize", "set", "width", "\(width)", "px", "height", "\(height)", "px"])
    }

    func maximize() throws { throw WalkLimit("sway has no maximised state: a window is tiled, floating or fullscreen") }
    func unmaximize() throws { throw WalkLimit("sway has no maximised state: a window is tiled, floating or fullscreen") }

    func focusAnotherWindow() throws {
        let other = try WalkProcess(["--geometry", "320x240"], environment: desktop.sway.clientEnvironment)
        self.other = other
        try waitUntil("sway to show the other window") { try desktop.sway.windowRect(pid: other.pid) != nil }
        guard let rect = try desktop.sway.windowRect(pid: other.pid) else { return }
        try desktop.click(x: rect.x + rect.width / 2, y: rect.y + rect.height / 2)
    }

    /// A click on the window's top-left corner: sway centres floating
    /// windows, so the smaller other one leaves it clear.
    func focusBack() throws {
        try click((6, 6))
        other?.stop()
        other = nil
    }

    /// swaymsg kill: sway's close, as its Mod+Shift+q does.
    func closeThroughDesktop() throws { try desktop.sway.swaymsg(["[pid=\(rewrap.pid)]", "kill"]) }

    func waitForExit(timeout: Double) -> Int32? {
        RewrapTestDrivers.waitForExit(rewrap.process, timeout: timeout) ? rewrap.process.terminationStatus : nil
    }

    func close() {
        other?.stop()
        rewrap.stop()
    }
}
