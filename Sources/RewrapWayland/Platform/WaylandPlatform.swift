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
/// Its state is split by owner: the connection (display and globals), the
/// seat's devices, the main window in its phase (`WindowPhase`: its text
/// and what input means to it from `openWindow` on, made whole at its
/// first configure), its popup, and the portal as the source of desktop
/// settings. What input means is decided by `SeatInput`, which needs no
/// compositor.
///
///     let platform = try WaylandPlatform(display: nil)
///     let surface = try platform.openWindow(request, text: engine)
public final class WaylandPlatform {
    var connection: WaylandConnection
    /// The socket asked for (WAYLAND_DISPLAY's when nil), tried again when the compositor goes away.
    let socketName: String?
    var seat: Seat?
    var phase = WindowPhase.windowless
    var popup: XDGPopup?
    /// The desktop's look, from the portal on the session bus.
    let portal: PortalSettings?
    public internal(set) var settings = DesktopSettings()
    /// Translated events, in order, until `pendingEvents` hands them out.
    var events: [PlatformEvent] = []
    var glyphs = GlyphCache()
    /// Why the connection ended, once it has.
    var failure: ConnectionFailure?
    /// Sleeps in `wait(until:)`, to its deadline's nanosecond.
    let poller: DeadlinePoll

    /// Connects to the compositor named by WAYLAND_DISPLAY (or `name`);
    /// one that lacks xdg_wm_base or wl_shm is refused.
    public init(display name: String?) throws(PlatformError) {
        socketName = name
        poller = try DeadlinePoll()
        connection = try WaylandConnection(name: name)
        // A bus that accepts and never answers costs the start half a second, once.
        portal = PortalSettings(by: BusDeadline(seconds: 0.5))
        listen(to: connection)
        settings.scale = wantedScale.factor
        portal?.values.apply(to: &settings)
    }

    static func from(_ data: UnsafeMutableRawPointer?) -> WaylandPlatform {
        Unmanaged<WaylandPlatform>.fromOpaque(data!).takeUnretainedValue()
    }

    var userData: UnsafeMutableRawPointer { Unmanaged.passUnretained(self).toOpaque() }

    // MARK: - Globals

    /// Hears the connection's changes from now on, and takes its seat.
    func listen(to connection: WaylandConnection) {
        connection.changed = { [unowned self] change in
            switch change {
            case .outputs: noteScale()
            case let .outputRemoved(output):
                window?.surface.enteredOutputs.remove(output)
                noteScale()
            case .seatCapabilities: takeSeatDevices()
            }
        }
        // Made before the window maps: sway enters a text input only when the keyboard focus moves.
        if let proxy = connection.globals.seat {
            seat = Seat(proxy: proxy, textInputs: connection.globals.textInputs, owner: userData)
        }
    }

    /// The outputs the window is on (all of them before it is on any).
    var windowOutputs: [WaylandGlobals.Output] {
        let entered = windowSurface?.enteredOutputs ?? []
        return connection.globals.outputs.values.filter { entered.isEmpty || entered.contains($0.proxy) }
    }

    /// The largest scale of the outputs the window is on, as foot and GTK
    /// draw: crisp on each of them.
    var outputScale: Int32 { OutputScale.drawn(on: windowOutputs.map(\.scale)) }

    /// The scale the window is drawn at: the compositor's preferred
    /// fractional scale once it has said one, the outputs' otherwise.
    var wantedScale: SurfaceScale {
        let preferred = windowSurface?.preferredScale120
        return preferred.map(SurfaceScale.fractional) ?? .whole(outputScale)
    }

    /// An output's scale changed, the window moved to outputs of another,
    /// or the compositor prefers another fractional scale: the desktop's
    /// scale changes with it, and the window's pixels, at the same logical
    /// size. An open menu, drawn at the old scale, is closed.
    func noteScale() {
        let scale = wantedScale
        guard let window, scale != window.scale else { return }
        window.logicalSize = window.logicalSize.fitted(to: scale)
        // A size asked for in pixels (`--geometry`) is that many pixels at
        // the scale the window turns out to be drawn at, as long as it is
        // not yet shown and no configure has sized it: kwin at 1.5 names
        // its preferred scale only after the surface exists.
        if !window.framePresented, let width = window.request.width, let height = window.request.height,
           window.logicalSize == LogicalSize(width: max(1, window.scale.logical(Double(width))),
                                             height: max(1, window.scale.logical(Double(height)))).fitted(to: window.scale) {
            window.logicalSize = LogicalSize(width: max(1, scale.logical(Double(width))),
                                             height: max(1, scale.logical(Double(height)))).fitted(to: scale)
        }
        window.scale = scale
        settings.scale = scale.factor
        if popup != nil {
            closePopup()
            events.append(.popupDismissed)
        }
        if let seat, seat.cursor != nil {
            // The old cursor's surface goes with it, so the pointer is given the new one.
            seat.cursor = Cursor(globals: connection.required, scale: scale.cursorScale,
                                 settings: settings)
            showCursor()
        }
        events.append(.settingsChanged)
        let buffer = window.logicalSize.buffer(at: scale)
        events.append(.configured(width: buffer.width, height: buffer.height))
    }

    // MARK: - The loop

    /// Notes why the connection failed, once it has: the compositor went
    /// away, or it found an error in what was sent. The app hears of it
    /// through `.connectionLost`, and nothing more is read.
    func check(_ result: Int32) {
        guard failure == nil else { return }
        failure = connection.failure(after: result)
    }

    static func monotonicNow() -> Double {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
    }
}
