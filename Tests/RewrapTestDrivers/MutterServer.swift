import Foundation

/// GNOME's compositor, headless, for one test: mutter on a private session
/// bus and runtime folder with pipewire and wireplumber beside it, one
/// virtual monitor, and no X server. Input goes through mutter's
/// RemoteDesktop and pictures come from its ScreenCast stream, both through
/// `Tests/Fixtures/walk/desktop-bus.py mutter`; the scale through
/// DisplayConfig. The bus has the desktop portal's Settings on it, as a
/// GNOME session does: libdecor's plugin asks it for the cursor theme, and
/// without an answer it never frees the DBusError it got (a leak that
/// LeakSanitizer reports for every start). Everything is stopped by its PID.
///
///     let mutter = try MutterServer(width: 1600, height: 1000)
///     try mutter.click(x: 400, y: 300)
public final class MutterServer: @unchecked Sendable {
    public let bus: PrivateSessionBus
    public let socket = "rewrap-mutter"
    /// The monitor's size in its own pixels.
    public let monitor: (width: Int, height: Int)
    private let mutter: Process
    private let remote: LineHelper
    private let portal: LineHelper
    /// The monitor's scale, as last set.
    public private(set) var scale: Double = 1

    /// `width` × `height` must allow scale 2 if the test sets it: mutter
    /// offers 2 only where the logical monitor is at least 800 × 480.
    public init(width: Int = 1600, height: Int = 1000) throws {
        monitor = (width, height)
        bus = try PrivateSessionBus(name: "mutter")
        do {
            let pipewire = try bus.start(["/usr/bin/pipewire"], log: "pipewire")
            guard bus.waitForFile("pipewire-0", of: pipewire, timeout: 10) else { throw TestFailure("pipewire did not start: \(bus.log("pipewire"))") }
            _ = try bus.start(["/usr/bin/wireplumber"], log: "wireplumber")
            // Settings in memory: mutter's key bindings are GNOME's defaults, and nothing is written to dconf.
            mutter = try bus.start(["/usr/bin/mutter", "--headless", "--virtual-monitor", "\(width)x\(height)", "--no-x11",
                                    "--wayland-display", socket], log: "mutter", environment: ["GSETTINGS_BACKEND": "memory"])
            guard bus.waitForFile(socket, of: mutter) else { throw TestFailure("mutter did not start: \(bus.log("mutter").suffix(600))") }
            // GNOME's defaults: no colour preference, Adwaita's cursors at 24 px.
            portal = try LineHelper(["/usr/bin/python3", PackagePaths.root + "/Tests/Fixtures/portal/fake-portal.py", "0",
                                     "org.gnome.desktop.interface cursor-theme s 'Adwaita'",
                                     "org.gnome.desktop.interface cursor-size i 24"],
                                    environment: bus.environment, name: "fake-portal.py")
            // The stream's pipewire node comes once wireplumber has linked it: the helper waits for it.
            remote = try LineHelper(["/usr/bin/python3", PackagePaths.root + "/Tests/Fixtures/walk/desktop-bus.py", "mutter"],
                                    environment: bus.environment, name: "desktop-bus.py mutter")
        } catch {
            bus.stop()
            throw error
        }
    }

    public var pid: Int32 { mutter.processIdentifier }

    /// What a client needs to reach this compositor.
    public var clientEnvironment: [String: String] {
        bus.environment.merging(["WAYLAND_DISPLAY": socket]) { $1 }
    }

    /// The monitor's size in logical pixels.
    public var logicalSize: (width: Int, height: Int) {
        (Int((Double(monitor.width) / scale).rounded()), Int((Double(monitor.height) / scale).rounded()))
    }

    public func move(x: Double, y: Double) throws { try remote.send("move \(x) \(y)") }
    public func press() throws { try remote.send("down") }
    public func release() throws { try remote.send("up") }

    /// A RemoteDesktop command of `desktop-bus.py mutter`: `touchdown X Y`, `touchmove X Y`, `touchup`.
    public func input(_ command: String) throws { try remote.send(command) }

    /// mutter makes its virtual touchscreen on the first touch and loses
    /// that touch, as it does the first key: one tap on the desktop's
    /// corner, once, before the first that counts.
    public func touchReady() throws {
        guard !touchscreenMade else { return }
        touchscreenMade = true
        try input("touchdown 1 1")
        usleep(50_000)
        try input("touchup")
        usleep(200_000)
    }
    private var touchscreenMade = false

    /// A left click at a point in logical pixels of the monitor.
    public func click(x: Double, y: Double) throws {
        try move(x: x, y: y)
        usleep(50_000)
        try press()
        usleep(30_000)
        try release()
    }

    /// Keys as xdotool names them (`Tab`, `shift+Tab`, `alt+F4`), held in
    /// order and let go in reverse; `.down` only holds them, `.up` only lets go.
    public func key(_ keys: String, _ motion: KeyMotion = .pressAndRelease) throws {
        let keysyms = try keys.split(separator: "+").map { name -> String in
            guard let keysym = Keysyms.value(String(name)) else { throw TestFailure("no keysym for '\(name)'") }
            return String(format: "0x%x", keysym)
        }
        try remote.send(motion.command + " " + keysyms.joined(separator: " "))
    }

    /// The whole monitor, in its pixels, as a PNG.
    public func screenshot(to path: String) throws {
        try? FileManager.default.removeItem(atPath: path)
        try remote.send("shot " + path)
    }

    /// Sets the monitor's scale through DisplayConfig, as GNOME's settings do.
    public func setScale(_ scale: Double) throws {
        try remote.send("scale \(scale)")
        self.scale = scale
    }

    public func stop() {
        remote.stop()
        portal.stop()
        bus.stop()
    }

    deinit { stop() }
}

/// The keysyms of the keys the walk presses, as xdotool names them.
public enum Keysyms {
    static let table: [String: UInt32] = [
        "Tab": 0xff09, "Return": 0xff0d, "Escape": 0xff1b, "space": 0x20, "Down": 0xff54, "Up": 0xff52, "Home": 0xff50, "End": 0xff57,
        "Left": 0xff51, "Right": 0xff53, "shift": 0xffe1, "Shift_L": 0xffe1, "alt": 0xffe9, "Alt_L": 0xffe9,
        "ctrl": 0xffe3, "super": 0xffeb, "Super_L": 0xffeb, "F4": 0xffc1,
    ]

    /// A printable ASCII character is its own keysym.
    public static func value(_ name: String) -> UInt32? {
        if let scalar = name.unicodeScalars.first, name.unicodeScalars.count == 1, (0x21...0x7e).contains(scalar.value) { return scalar.value }
        return table[name] ?? table[name.lowercased()]
    }
}
