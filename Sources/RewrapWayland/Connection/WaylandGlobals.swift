import CWayland
import CWaylandProtocols

/// The compositor's optional globals that the platform binds, as the
/// registry announces them; the required ones are `RequiredGlobals`.
struct WaylandGlobals {
    var seat: OpaquePointer?
    var decorations: OpaquePointer?
    var activation: OpaquePointer?
    /// Both are needed to draw at a fractional scale.
    var viewporter: OpaquePointer?
    var fractionalScales: OpaquePointer?
    /// libdecor's plugin draws decorations on subsurfaces, and fails on a
    /// compositor that has none.
    var offersSubsurfaces = false
    var textInputs: OpaquePointer?
    /// Each output by its registry name.
    var outputs: [UInt32: Output] = [:]

    /// What an output says about itself.
    struct Output {
        let proxy: OpaquePointer
        var scale: Int32 = 1
        /// Millihertz of the current mode; 0 when unknown.
        var refresh: Int32 = 0
        /// The current mode's height in the output's pixels; 0 when unknown.
        var height: Int32 = 0
    }

    /// Frees every bound proxy on our side, just before the connection is
    /// closed: the compositor forgets them with the connection.
    mutating func destroy() {
        let proxies = [seat, decorations, activation, viewporter, fractionalScales, textInputs]
            + outputs.values.map(\.proxy)
        for case let proxy? in proxies { wl_proxy_destroy(proxy) }
        self = WaylandGlobals()
    }

    /// The version to bind an interface at: the newest both sides speak.
    static func version(_ offered: UInt32, _ supported: UInt32) -> UInt32 { min(offered, supported) }

    /// Binds `interface` if the platform uses it; returns the proxies whose
    /// events the platform listens to (wl_seat, wl_output).
    mutating func bind(_ registry: OpaquePointer, name: UInt32, interface: String, version: UInt32) -> OpaquePointer? {
        func bound(_ type: UnsafePointer<wl_interface>, _ newest: UInt32) -> OpaquePointer? {
            OpaquePointer(wl_registry_bind(registry, name, type, Self.version(version, newest)))
        }
        switch interface {
        case "wl_seat": if seat == nil { seat = bound(rewrap_wl_seat_interface(), 8); return seat }; return nil
        case "zxdg_decoration_manager_v1": decorations = bound(rewrap_zxdg_decoration_manager_v1_interface(), 1); return nil
        case "wp_viewporter": viewporter = bound(rewrap_wp_viewporter_interface(), 1); return nil
        case "wp_fractional_scale_manager_v1":
            fractionalScales = bound(rewrap_wp_fractional_scale_manager_v1_interface(), 1); return nil
        case "wl_subcompositor": offersSubsurfaces = true; return nil
        case "xdg_activation_v1": activation = bound(rewrap_xdg_activation_v1_interface(), 1); return nil
        case "zwp_text_input_manager_v3": textInputs = bound(rewrap_zwp_text_input_manager_v3_interface(), 1); return nil
        case "wl_output":
            guard let output = bound(rewrap_wl_output_interface(), 2) else { return nil }
            outputs[name] = Output(proxy: output)
            return output
        default: return nil
        }
    }
}
