import CWayland
import CWaylandProtocols

/// What the compositor announces, heard from the first round trip on: the
/// globals it binds, and what the seat and outputs say of themselves. It
/// is libwayland's listener for them, so that the connection itself is
/// made only once the required globals are known.
final class Registry {
    private let proxy: OpaquePointer
    /// The required globals as they are announced; the connection takes them whole.
    private(set) var required = RequiredGlobals.Announced()
    private(set) var globals = WaylandGlobals()
    var seatCapabilities: UInt32 = 0
    var seatName: String?
    var changed: (WaylandConnection.Change) -> Void = { _ in }

    init(display: OpaquePointer) {
        proxy = wl_display_get_registry(display)
        wl_registry_add_listener(proxy, &registryListener, Unmanaged.passUnretained(self).toOpaque())
    }

    /// Frees every bound proxy on our side, just before the connection is
    /// closed: the compositor forgets them with the connection.
    func destroy() {
        required.destroy()
        required = RequiredGlobals.Announced()
        globals.destroy()
        wl_registry_destroy(proxy)
    }

    static func from(_ data: UnsafeMutableRawPointer?) -> Registry {
        Unmanaged<Registry>.fromOpaque(data!).takeUnretainedValue()
    }

    private var userData: UnsafeMutableRawPointer { Unmanaged.passUnretained(self).toOpaque() }

    func announced(name: UInt32, interface: String, version: UInt32) {
        func bound(_ type: UnsafePointer<wl_interface>, _ newest: UInt32) -> OpaquePointer? {
            OpaquePointer(wl_registry_bind(proxy, name, type, WaylandGlobals.version(version, newest)))
        }
        switch interface {
        case "wl_compositor": required.compositor = bound(rewrap_wl_compositor_interface(), 4)
        case "wl_shm": required.shm = bound(rewrap_wl_shm_interface(), 1)
        case "xdg_wm_base":
            required.wmBase = bound(rewrap_xdg_wm_base_interface(), 3)
            xdg_wm_base_add_listener(required.wmBase, &wmBaseListener, nil)
        default:
            guard let bound = globals.bind(proxy, name: name, interface: interface, version: version) else { return }
            switch interface {
            case "wl_seat": wl_seat_add_listener(bound, &seatListener, userData)
            case "wl_output": wl_output_add_listener(bound, &outputListener, userData)
            default: break
            }
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
}
