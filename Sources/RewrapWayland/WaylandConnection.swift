import CWayland
import CWaylandProtocols
import RewrapPlatform
#if canImport(Glibc)
import Glibc
#endif

/// One connection to a compositor: the display, its registry, and the
/// globals it announced with what they say of themselves (outputs' scales
/// and modes, the seat's devices and name). The platform hears of a change
/// through `changed`, and makes a new connection on the same socket when a
/// compositor restarts.
final class WaylandConnection {
    let display: OpaquePointer
    private let registry: OpaquePointer
    var globals = WaylandGlobals()
    /// The devices the seat offers, and its name.
    var seatCapabilities: UInt32 = 0
    var seatName: String?
    /// Told of each change once the platform is listening; changes during
    /// the first round trips are only kept.
    var changed: (Change) -> Void = { _ in }

    enum Change {
        /// An output's scale or mode, or the set of outputs.
        case outputs
        case outputRemoved(OpaquePointer)
        case seatCapabilities
    }

    /// Connects to `name` (WAYLAND_DISPLAY when nil) and binds its globals;
    /// a compositor that lacks xdg_wm_base, wl_shm or wl_compositor is refused.
    init(name: String?) throws(PlatformError) {
        // libwayland's own complaints become part of the one line `failure`
        // gives. The shim's buffer is static in each file that uses it, so
        // this file both keeps and reads it.
        rewrap_keep_wayland_log()
        guard let display = wl_display_connect(name) else {
            throw PlatformError("rewrap: cannot connect to the Wayland compositor \(name ?? Self.defaultName)")
        }
        self.display = display
        registry = wl_display_get_registry(display)
        wl_registry_add_listener(registry, &registryListener, userData)
        // The first trip lists the globals, the second brings the outputs' scales.
        guard wl_display_roundtrip(display) >= 0, wl_display_roundtrip(display) >= 0 else {
            throw PlatformError("rewrap: the Wayland compositor \(name ?? Self.defaultName) closed the connection at once")
        }
        let missing = [globals.wmBase == nil ? "xdg_wm_base" : nil, globals.shm == nil ? "wl_shm" : nil,
                       globals.compositor == nil ? "wl_compositor" : nil].compactMap { $0 }
        guard missing.isEmpty else {
            throw PlatformError("rewrap: the Wayland compositor offers no \(missing.joined(separator: " or "))")
        }
    }

    deinit {
        globals.destroy()
        wl_registry_destroy(registry)
        wl_display_disconnect(display)
    }

    private var userData: UnsafeMutableRawPointer { Unmanaged.passUnretained(self).toOpaque() }

    static func from(_ data: UnsafeMutableRawPointer?) -> WaylandConnection {
        Unmanaged<WaylandConnection>.fromOpaque(data!).takeUnretainedValue()
    }

    func announced(name: UInt32, interface: String, version: UInt32) {
        guard let proxy = globals.bind(registry, name: name, interface: interface, version: version) else { return }
        switch interface {
        case "xdg_wm_base": xdg_wm_base_add_listener(proxy, &wmBaseListener, nil)
        case "wl_seat": wl_seat_add_listener(proxy, &seatListener, userData)
        case "wl_output": wl_output_add_listener(proxy, &outputListener, userData)
        default: break
        }
    }

    func removed(name: UInt32) {
        guard let output = globals.outputs.removeValue(forKey: name) else { return }
        changed(.outputRemoved(output.proxy))
        wl_output_destroy(output.proxy)
    }

    /// Applies `change` to the output `proxy` is.
    func output(_ proxy: OpaquePointer?, _ change: (inout WaylandGlobals.Output) -> Void) {
        for (name, known) in globals.outputs where known.proxy == proxy { change(&globals.outputs[name]!) }
    }

    static var defaultName: String { getenv("WAYLAND_DISPLAY").map { String(cString: $0) } ?? "wayland-0" }

    /// Why the connection failed, once a call returned `result` < 0: the
    /// compositor found an error in what was sent, or it went away.
    func failure(after result: Int32) -> ConnectionFailure? {
        guard result < 0 else { return nil }
        var interface: UnsafePointer<wl_interface>?
        var id: UInt32 = 0
        let code = wl_display_get_protocol_error(display, &interface, &id)
        if let interface, wl_display_get_error(display) == EPROTO {
            let logged = String(cString: rewrap_last_wayland_log()).split(separator: "\n").first.map(String.init) ?? ""
            let said = logged.isEmpty ? "" : ": " + logged
            return .protocolError("rewrap: the Wayland compositor reported protocol error \(code) on "
                                  + "\(String(cString: interface.pointee.name)) \(id)\(said)")
        }
        return .lost("rewrap: lost the connection to the Wayland compositor: \(String(cString: strerror(wl_display_get_error(display))))")
    }
}

/// Why a connection ended: a protocol error is the program's own fault and
/// ends it at once; a lost compositor may come back on the same socket.
enum ConnectionFailure: Equatable {
    case protocolError(String)
    case lost(String)

    var line: String {
        switch self {
        case let .protocolError(line), let .lost(line): return line
        }
    }
}
