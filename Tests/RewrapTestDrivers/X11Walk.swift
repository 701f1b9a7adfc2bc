import Foundation

/// The walk on X11: Xvfb with openbox, xsettingsd for the scale, xdotool
/// for the pointer and keys. It is every other desktop's oracle.
public final class X11Walk: WalkDesktop, @unchecked Sendable {
    public let name = "x11"
    public let keyTimes = "the X server stamps XTEST's keys"
    public let server: XvfbServer
    private let openbox: Openbox
    private let settings: SettingsDaemon

    public init() throws {
        server = try XvfbServer(width: 1280, height: 1024)
        openbox = try Openbox(server: server)
        settings = try SettingsDaemon([Self.dpi(1)], server: server)
    }

    private static func dpi(_ scale: Double) -> String { "Xft/DPI \(Int(96 * scale * 1024))" }

    public func open(_ arguments: [String], reference: String?) throws -> WalkWindow {
        try X11WalkWindow(desktop: self, arguments: arguments)
    }

    /// The desktop's DPI through XSETTINGS, which Rewrap follows live (rules §8).
    public func setScaleLive(_ scale: Double) throws { try settings.update([Self.dpi(scale)]) }
    public func setScale(_ scale: Double) throws { try setScaleLive(scale) }

    @discardableResult
    func xdotool(_ arguments: [String]) throws -> String {
        let result = try runCommand(["/usr/bin/xdotool"] + arguments, environment: ["DISPLAY": server.display])
        guard result.status == 0 else { throw TestFailure("xdotool \(arguments.joined(separator: " ")): \(result.stderr)") }
        return result.stdout
    }

    /// A client window's place on the root, from xwininfo: xdotool's is
    /// wrong under a reparenting window manager.
    func origin(of window: String) throws -> (x: Int, y: Int) {
        let info = try runCommand(["/usr/bin/xwininfo", "-id", window], environment: ["DISPLAY": server.display]).stdout
        func value(_ label: String) throws -> Int {
            guard let line = info.split(separator: "\n").first(where: { $0.contains(label) }),
                  let number = Int(line.split(separator: ":").last!.trimmingCharacters(in: .whitespaces)) else {
                throw TestFailure("xwininfo: \(info)")
            }
            return number
        }
        return (try value("Absolute upper-left X:"), try value("Absolute upper-left Y:"))
    }

    /// The first window of `pid`, once it is mapped.
    func window(of pid: Int32) throws -> String {
        var found = ""
        let deadline = Date().addingTimeInterval(10)
        while found.isEmpty, Date() < deadline {
            found = (try? xdotool(["search", "--onlyvisible", "--pid", String(pid)]))?.split(separator: "\n").first.map(String.init) ?? ""
            if found.isEmpty { usleep(50_000) }
        }
        guard !found.isEmpty else { throw TestFailure("no window for pid \(pid)") }
        return found
    }

    public func stop() {
        settings.stop()
        openbox.stop()
        server.stop()
    }

    deinit { stop() }
}

final class X11WalkWindow: WalkWindow, @unchecked Sendable {
    private let desktop: X11Walk
    private let rewrap: WalkProcess
    private var id = ""
    private var other: WalkProcess?

    init(desktop: X11Walk, arguments: [String]) throws {
        self.desktop = desktop
        rewrap = try WalkProcess(arguments, environment: ["DISPLAY": desktop.server.display])
        try waitUntil("the first frame") { !self.rewrap.frames().isEmpty }
        id = try desktop.window(of: rewrap.pid)
    }

    var process: Process { rewrap.process }
    var stderr: String { rewrap.stderr }
    func frames() -> [TraceFrame] { rewrap.frames() }

    private func clickRoot(_ x: Int, _ y: Int) throws {
        try desktop.xdotool(["mousemove", String(x), String(y), "click", "1"])
    }

    func touch(_ points: [(x: Int, y: Int)], interval: Double) throws {
        throw WalkLimit("Xvfb has no touch device; X11 touch through XWayland is TouchXWaylandTests'")
    }

    func click(_ point: (x: Int, y: Int)) throws {
        let origin = try desktop.origin(of: id)
        try clickRoot(origin.x + point.x, origin.y + point.y)
    }

    /// A menu is a window of its own on X11, its frame in root coordinates.
    func clickOption(_ popup: TraceFrame.DrawnPopup, _ index: Int) throws {
        let point = popup.center(of: index)
        try clickRoot(point.x, point.y)
    }

    func optionPoint(_ popup: TraceFrame.DrawnPopup, _ index: Int) throws -> (x: Int, y: Int) {
        let origin = try desktop.origin(of: id), point = popup.center(of: index)
        return (point.x - origin.x, point.y - origin.y)
    }

    func drag(_ points: [(x: Int, y: Int)], interval: Double) throws {
        guard let first = points.first else { return }
        let origin = try desktop.origin(of: id), pause = String(interval)
        func to(_ point: (x: Int, y: Int)) -> [String] { ["mousemove", String(origin.x + point.x), String(origin.y + point.y)] }
        let moves = points.dropFirst().flatMap { ["sleep", pause] + to($0) }
        try desktop.xdotool(to(first) + ["sleep", pause, "mousedown", "1"] + moves + ["sleep", pause, "mouseup", "1"])
    }

    func press(_ keys: String) throws {
        try desktop.xdotool(["key", "--delay", "30", keys])
    }

    func tap(_ key: String) throws { try desktop.xdotool(["key", "--delay", "0", key]) }

    func key(_ keys: String, _ motion: KeyMotion) throws {
        try desktop.xdotool([motion == .up ? "keyup" : "keydown", "--delay", "0", keys])
    }

    func burst(_ keys: [String]) throws { try desktop.xdotool(["key", "--delay", "0"] + keys) }

    /// setxkbmap sets the server's keymap for every client, as a person's
    /// keyboard settings do; the walk's own comes back after.
    func press(_ keys: String, layouts: String) throws {
        let environment = ["DISPLAY": desktop.server.display]
        let set = try runCommand(["/usr/bin/setxkbmap", "-layout", layouts], environment: environment)
        guard set.status == 0 else { throw TestFailure("setxkbmap -layout \(layouts): \(set.stderr)") }
        defer { _ = try? runCommand(["/usr/bin/setxkbmap", "-layout", "us"], environment: environment) }
        // Clients read the new keymap on the server's MappingNotify.
        usleep(200_000)
        try press(keys)
    }

    func parkPointer() throws { try desktop.xdotool(["mousemove", "1270", "1015"]) }

    func capture(to path: String) throws {
        let result = try runCommand(["/usr/bin/import", "-window", id, path], environment: ["DISPLAY": desktop.server.display])
        guard result.status == 0 else { throw TestFailure("import: \(result.stderr)") }
    }

    func captureScreen(to path: String) throws {
        let result = try runCommand(["/usr/bin/import", "-window", "root", path], environment: ["DISPLAY": desktop.server.display])
        guard result.status == 0 else { throw TestFailure("import: \(result.stderr)") }
    }

    func resize(width: Int, height: Int) throws {
        try desktop.xdotool(["windowsize", id, String(width), String(height)])
    }

    /// A double click on openbox's title bar, just above the window.
    private func doubleClickTitleBar() throws {
        let origin = try desktop.origin(of: id)
        try desktop.xdotool(["mousemove", String(origin.x + 40), String(origin.y - 8), "click", "--repeat", "2", "--delay", "80", "1"])
    }

    func maximize() throws { try doubleClickTitleBar() }
    func unmaximize() throws { try doubleClickTitleBar() }

    func focusAnotherWindow() throws {
        let other = try WalkProcess(["--geometry", "320x240"], environment: ["DISPLAY": desktop.server.display])
        self.other = other
        let window = try desktop.window(of: other.pid)
        let origin = try desktop.origin(of: window)
        try clickRoot(origin.x + 160, origin.y + 120)
    }

    /// A click on the window's top-left corner, which openbox keeps clear of the other.
    func focusBack() throws {
        try click((6, 6))
        other?.stop()
        other = nil
    }

    /// Alt+F4, openbox's binding for closing the active window.
    func closeThroughDesktop() throws { try desktop.xdotool(["key", "alt+F4"]) }

    func waitForExit(timeout: Double) -> Int32? {
        RewrapTestDrivers.waitForExit(rewrap.process, timeout: timeout) ? rewrap.process.terminationStatus : nil
    }

    func close() {
        other?.stop()
        rewrap.stop()
    }
}
