import Foundation

/// A real XInput 2.1 smooth-scroll pointer, which Xvfb lacks: XWayland in a
/// weston nested in an Xvfb (`--backend=x11-backend.so`), whose pointer is
/// driven with xdotool on the outer Xvfb. Weston's output sits at the outer
/// root's origin at 1:1, so a point on XWayland's root is the same point on
/// the outer one.
///
///     let weston = try NestedWeston()            // nil display: it could not start
///     let session = try RewrapSession(environment: ["DISPLAY": weston.xwayland], server: weston.outer,
///                                     waitForWindow: false)
public final class NestedWeston: @unchecked Sendable {
    /// The Xvfb weston draws into; xdotool moves the pointer there.
    public let outer: XvfbServer
    /// XWayland's display, such as ":3".
    public let xwayland: String
    private let weston: DesktopProcess
    private let runtime: String

    public enum StartError: Error, CustomStringConvertible {
        /// weston or XWayland did not come up: the machine cannot run the test.
        case cannotStart(String)
        public var description: String {
            switch self { case .cannotStart(let why): return why }
        }
    }

    public init(width: Int = 1280, height: Int = 800) throws {
        outer = try XvfbServer(width: width + 120, height: height + 100)
        // The pointer starts outside weston's window, so moving in is motion weston sees.
        _ = try runCommand(["/usr/bin/xdotool", "mousemove", String(width + 110), String(height + 90)],
                           environment: ["DISPLAY": outer.display])
        runtime = NSTemporaryDirectory() + "rewrap-weston-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: runtime, withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o700])
        let weston = try DesktopProcess(["/usr/bin/setpriv", "--pdeathsig", "TERM", "/usr/bin/weston",
                                         "--backend=x11-backend.so", "--use-pixman", "--width=\(width)", "--height=\(height)",
                                         "--xwayland", "--idle-time=0", "--socket=wayland-rewrap"],
                                        server: outer, environment: ["XDG_RUNTIME_DIR": runtime])
        self.weston = weston
        let runtime = runtime, outer = outer
        func giveUp(_ why: String) -> StartError {
            weston.stop()
            outer.stop()
            try? FileManager.default.removeItem(atPath: runtime)
            return .cannotStart(why + "; weston's log ends: " + weston.log.suffix(600))
        }
        var display: String?
        do {
            try weston.waitUntil("weston's XWayland display", timeout: 30) {
                display = Self.display(inLog: weston.log)
                return display != nil
            }
        } catch {
            throw giveUp("weston did not start with XWayland: \(error)")
        }
        xwayland = display!
        // weston starts XWayland for its first client: this one.
        let probe = try runCommand(["/usr/bin/xprop", "-root", "-display", xwayland, "_NET_SUPPORTING_WM_CHECK"], timeout: 30)
        guard probe.status == 0 else { throw giveUp("XWayland on \(xwayland) did not answer: \(probe.stderr)") }
    }

    /// ":3" from weston's "xserver listening on display :3".
    static func display(inLog log: String) -> String? {
        guard let range = log.range(of: "xserver listening on display :") else { return nil }
        let number = log[range.upperBound...].prefix { $0.isNumber }
        return number.isEmpty ? nil : ":" + number
    }

    public func stop() {
        weston.stop()
        outer.stop()
        try? FileManager.default.removeItem(atPath: runtime)
    }

    deinit {
        stop()
    }
}
