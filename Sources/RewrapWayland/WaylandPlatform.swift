import CWayland
import CWaylandProtocols
import RewrapBus
import RewrapLayout
import RewrapPlatform
import RewrapScene
import RewrapText
#if canImport(Glibc)
import Glibc
#endif

/// The Wayland platform: an xdg_toplevel drawn into wl_shm buffers with
/// pixman, popups placed by the compositor through xdg_positioner, the
/// keyboard through xkbcommon, frames paced by frame callbacks. The app
/// sees buffer pixels throughout: logical sizes times the buffer scale.
///
///     let platform = try WaylandPlatform(display: nil)
///     let surface = try platform.openWindow(request, text: engine)
public final class WaylandPlatform {
    let display: OpaquePointer
    private var registry: OpaquePointer?
    var globals = WaylandGlobals()
    public internal(set) var settings = DesktopSettings()
    /// Translated events, in order, until `pendingEvents` hands them out.
    var events: [PlatformEvent] = []
    var text: TextEngine!
    var glyphs = GlyphCache()

    // The main window.
    var surface: OpaquePointer?
    var xdgSurface: OpaquePointer?
    var toplevel: OpaquePointer?
    var decoration: OpaquePointer?
    /// libdecor's toplevel, where the compositor offers no xdg-decoration.
    var decorated: DecoratedFrame?
    var mainSurface: ShmSurface!
    /// Window pixels per logical pixel.
    var scale = SurfaceScale.whole(1)
    /// What the main surface was last committed with: its scale, and its
    /// viewport's logical size when the scale is fractional.
    var committedScale: SurfaceScale?
    var committedDestination: (width: Int32, height: Int32)?
    /// Where the compositor offers fractional scales: the window's viewport,
    /// and the scale it prefers, once it has said.
    var viewport: OpaquePointer?
    var fractionalScale: OpaquePointer?
    var preferredScale120: UInt32?
    /// The toplevel's size in logical pixels.
    var logicalSize = LogicalSize(width: 0, height: 0)
    /// The latest toplevel configure's size, until its xdg_surface configure comes.
    var configuredSize: (width: Int32, height: Int32)?
    var unackedSerial: UInt32?
    var isConfigured = false
    var frameCallback: OpaquePointer?
    var framePresented = false
    var startupFinished = false
    /// The outputs the main surface is on.
    var enteredOutputs: Set<OpaquePointer> = []

    // Popups.
    var popup: Popup?

    // Input.
    var pointer: OpaquePointer?
    var keyboard: OpaquePointer?
    /// Made with the seat's keyboard, after the first frame.
    var keys: Keyboard?
    var pointerSurface: OpaquePointer?
    var pointerEnterSerial: UInt32 = 0
    var pointerPosition = (x: 0.0, y: 0.0)
    var keyboardSurface: OpaquePointer?
    var reportedFocus = false
    /// libdecor keeps its decorations still during a popup's grab on the seat of this name.
    var seatName: String?
    /// The serial of the latest press or key, for a popup's grab.
    var inputSerial: UInt32 = 0
    var scroll = ScrollFrame()
    var scrollStep = 0.0
    var cursor: Cursor?
    /// What the seat offers, kept until startup finishes.
    var offeredCapabilities: UInt32 = 0
    /// The desktop's look, from the portal on the session bus.
    var portal: PortalSettings?
    /// Why the connection ended, once it has.
    var failure: String?
    /// The seat's text input, for input methods (TextInput.swift).
    var textInput: TextInput?

    /// Connects to the compositor named by WAYLAND_DISPLAY (or `name`);
    /// one that lacks xdg_wm_base or wl_shm is refused.
    public init(display name: String?) throws(PlatformError) {
        // libwayland's own complaints become part of the one line `check` writes.
        rewrap_keep_wayland_log()
        guard let display = wl_display_connect(name) else {
            throw PlatformError("rewrap: cannot connect to the Wayland compositor \(name ?? Self.defaultName)")
        }
        self.display = display
        registry = wl_display_get_registry(display)
        wl_registry_add_listener(registry, &registryListener, Unmanaged.passUnretained(self).toOpaque())
        // The first trip lists the globals, the second brings the outputs' scales.
        guard wl_display_roundtrip(display) >= 0, wl_display_roundtrip(display) >= 0 else {
            wl_display_disconnect(display)
            throw PlatformError("rewrap: the Wayland compositor \(name ?? Self.defaultName) closed the connection at once")
        }
        guard globals.wmBase != nil, globals.shm != nil, globals.compositor != nil else {
            let missing = [globals.wmBase == nil ? "xdg_wm_base" : nil, globals.shm == nil ? "wl_shm" : nil,
                           globals.compositor == nil ? "wl_compositor" : nil].compactMap { $0 }
            wl_display_disconnect(display)
            throw PlatformError("rewrap: the Wayland compositor offers no \(missing.joined(separator: " or "))")
        }
        scale = .whole(outputScale)
        settings.scale = scale.factor
        // Made before the window maps: sway enters a text input only when the keyboard focus moves.
        if let manager = globals.textInputs, let seat = globals.seat {
            textInput = TextInput(manager: manager, seat: seat, userData: userData)
        }
        // A bus that accepts and never answers costs the start half a second, once.
        portal = PortalSettings(by: BusDeadline(seconds: 0.5))
        portal?.values.apply(to: &settings)
    }

    static var defaultName: String { getenv("WAYLAND_DISPLAY").map { String(cString: $0) } ?? "wayland-0" }

    static func from(_ data: UnsafeMutableRawPointer?) -> WaylandPlatform {
        Unmanaged<WaylandPlatform>.fromOpaque(data!).takeUnretainedValue()
    }

    var userData: UnsafeMutableRawPointer { Unmanaged.passUnretained(self).toOpaque() }

    // MARK: - Globals

    func announced(_ registry: OpaquePointer, name: UInt32, interface: String, version: UInt32) {
        guard let proxy = globals.bind(registry, name: name, interface: interface, version: version) else { return }
        switch interface {
        case "xdg_wm_base": xdg_wm_base_add_listener(proxy, &wmBaseListener, userData)
        case "wl_seat": wl_seat_add_listener(proxy, &seatListener, userData)
        case "wl_output": wl_output_add_listener(proxy, &outputListener, userData)
        default: break
        }
    }

    func removed(_ name: UInt32) {
        guard let output = globals.outputs.removeValue(forKey: name) else { return }
        enteredOutputs.remove(output.proxy)
        wl_output_destroy(output.proxy)
        noteScale()
    }

    /// The largest scale of the outputs the window is on (of all outputs
    /// before it is on any), as foot and GTK draw: crisp on each of them.
    var outputScale: Int32 {
        let outputs = globals.outputs.values.filter { enteredOutputs.isEmpty || enteredOutputs.contains($0.proxy) }
        return OutputScale.drawn(on: outputs.map(\.scale))
    }

    /// The scale the window is drawn at: the compositor's preferred
    /// fractional scale once it has said one, the outputs' otherwise.
    var wantedScale: SurfaceScale {
        preferredScale120.map(SurfaceScale.fractional) ?? .whole(outputScale)
    }

    func preferredScale(_ scale120: UInt32) {
        preferredScale120 = scale120
        noteScale()
    }

    /// An output's scale changed, the window moved to outputs of another,
    /// or the compositor prefers another fractional scale: the desktop's
    /// scale changes with it, and the window's pixels, at the same logical
    /// size. An open menu, drawn at the old scale, is closed.
    func noteScale() {
        let scale = wantedScale
        guard isConfigured, mainSurface != nil, scale != self.scale else { return }
        self.scale = scale
        logicalSize = logicalSize.fitted(to: scale)
        settings.scale = scale.factor
        if popup != nil {
            closePopup()
            events.append(.popupDismissed)
        }
        if startupFinished, let compositor = globals.compositor, let shm = globals.shm {
            // The old cursor's surface goes with it, so the pointer is given the new one.
            cursor = Cursor(compositor: compositor, shm: shm, scale: scale.cursorScale)
            showCursor()
        }
        events.append(.settingsChanged)
        let buffer = logicalSize.buffer(at: scale)
        events.append(.configured(width: buffer.width, height: buffer.height))
    }

    // MARK: - The loop

    /// Notes why the connection failed, once it has: the compositor went
    /// away, or it found an error in what was sent. The app hears of it
    /// through `.connectionLost`, and nothing more is read.
    func check(_ result: Int32) {
        guard result < 0, failure == nil else { return }
        var interface: UnsafePointer<wl_interface>?
        var id: UInt32 = 0
        let code = wl_display_get_protocol_error(display, &interface, &id)
        if let interface, wl_display_get_error(display) == EPROTO {
            let logged = String(cString: rewrap_last_wayland_log()).split(separator: "\n").first.map(String.init) ?? ""
            let said = logged.isEmpty ? "" : ": " + logged
            failure = "rewrap: the Wayland compositor reported protocol error \(code) on \(String(cString: interface.pointee.name)) \(id)\(said)"
        } else {
            failure = "rewrap: lost the connection to the Wayland compositor: \(String(cString: strerror(wl_display_get_error(display))))"
        }
    }

    static func monotonicNow() -> Double {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
    }
}

/// Wheel clicks and continuous motion gathered until a pointer frame ends
/// them, so one motion is reported once, in one of the two ways.
struct ScrollFrame {
    /// In 120ths of a click, vertical then horizontal.
    var clicks = (x: Int32(0), y: Int32(0))
    /// Surface-local pixels.
    var distance = (x: 0.0, y: 0.0)
    var isEmpty: Bool { clicks == (0, 0) && distance == (0, 0) }
}
