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
    /// Hears the registry, the seat and the outputs for as long as the connection lives.
    private let registry: Registry
    /// Bound during the first round trip; the connection exists only with them.
    let required: RequiredGlobals
    /// The optional globals, and the outputs.
    var globals: WaylandGlobals { registry.globals }
    /// The devices the seat offers, and its name.
    var seatCapabilities: UInt32 { registry.seatCapabilities }
    var seatName: String? { registry.seatName }
    /// Told of each change once the platform is listening; changes during
    /// the first round trips are only kept.
    var changed: (Change) -> Void {
        get { registry.changed }
        set { registry.changed = newValue }
    }

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
        let registry = Registry(display: display)
        // The first trip lists the globals, the second brings the outputs' scales.
        guard wl_display_roundtrip(display) >= 0, wl_display_roundtrip(display) >= 0 else {
            registry.destroy()
            wl_display_disconnect(display)
            throw PlatformError("rewrap: the Wayland compositor \(name ?? Self.defaultName) closed the connection at once")
        }
        guard let required = RequiredGlobals(registry.required) else {
            let missing = registry.required.missing
            registry.destroy()
            wl_display_disconnect(display)
            throw PlatformError("rewrap: the Wayland compositor offers no \(missing.joined(separator: " or "))")
        }
        self.display = display
        self.registry = registry
        self.required = required
    }

    deinit {
        registry.destroy()
        wl_display_disconnect(display)
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
