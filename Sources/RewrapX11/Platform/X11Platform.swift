import CX11
import RewrapPlatform
import RewrapLayout
import RewrapScene
import RewrapText
#if canImport(Glibc)
import Glibc
#endif

/// The X11 platform: the main window, its back buffer, the popup window,
/// events and waiting. Nothing else in the program touches Xlib. Its state
/// is split by owner, as Wayland's is: the connection and the desktop's
/// settings are the platform's; the main window, made whole by
/// `openWindow`, and what `finishStartup` adds to it, are its window
/// phase's (`X11WindowPhase`); an open menu's window is `popup`.
///
///     let platform = try X11Platform(display: nil)   // $DISPLAY
///     let surface = try platform.openWindow(request, text: engine)
///     for event in platform.pendingEvents() { ... }
///     platform.wait(until: nil, alsoWatching: [])   // sleeps in poll until X has something
public final class X11Platform {
    public let connection: XConnection
    /// Draws the back buffers' glyphs; new with each new text engine.
    var glyphSets: GlyphSets
    var phase = X11WindowPhase.windowless
    var popup: (window: Window, buffer: BackBuffer)?
    /// The desktop's XSETTINGS and Xft's font defaults, kept current as
    /// `.settingsChanged` events are translated. The font defaults are read
    /// once: the resources they come from were fetched with the connection.
    public internal(set) var settings: DesktopSettings
    /// The settings manager's window, watched for changes.
    var settingsOwner: Window
    /// Sleeps in `wait(until:)`, to its deadline's nanosecond.
    let poller: DeadlinePoll
    /// The pointer defined on Rewrap's windows in the desktop's cursor
    /// theme, and what it was loaded for; 0 and nil for X's default.
    var pointerCursor: Cursor = 0
    var cursorChoice: CursorChoice?
    /// The work area when the connection opened, to fit a default size.
    let startWorkArea: Rect?
    /// Tells the server's repeats of a held key from new presses.
    var autoRepeat = AutoRepeat(detectable: false)

    public init(display name: String?) throws(PlatformError) {
        connection = try XConnection(name: name)
        // Sent now, read once the settings' replies are in: no wait of its own.
        let workArea = WorkAreaQuery(connection)
        let xsettings: XSettings?
        (settingsOwner, xsettings) = Self.currentSettings(connection)
        startWorkArea = workArea.workArea()
        settings = Self.desktopSettings(xsettings, connection: connection,
                                        fontDefaults: Self.xftDefaults(display: connection.display, screen: connection.screen))
        poller = try DeadlinePoll()
        glyphSets = GlyphSets(connection: connection)
    }

    /// The main window, from `openWindow` until the server goes.
    var window: MappedWindow? { phase.window }

    public func openWindow(_ request: WindowRequest, text: TextEngine) throws(PlatformError) -> any FrameSurface {
        let scale = request.scale
        let display = connection.display
        let desktop = openingDesktop
        let minimumAtUnitScale = Size(width: Double(request.minimumWidth), height: Double(request.minimumHeight))
        let minimumSize = Metrics.rounded(minimumAtUnitScale, scale: scale)
        // Monitors are not known yet: the default size fits the work area
        // (or the screen) now, and the window's own monitor once it is up.
        let fitsDefaultSize = request.width == nil || request.height == nil
        let preferred = Metrics.rounded(Size(width: Double(request.defaultWidth), height: Double(request.defaultHeight)), scale: scale)
        let fitted = fitsDefaultSize ? desktop.fittedWindowSize(preferred, at: .zero, minimum: minimumSize) : preferred
        let width = request.width ?? Int(fitted.width), height = request.height ?? Int(fitted.height)
        let tracking = DesktopTracking(desktop: desktop,
                                       windowFrame: Rect(x: Double(request.x ?? 0), y: Double(request.y ?? 0),
                                                         width: Double(width), height: Double(height)))

        var attributes = XSetWindowAttributes()
        attributes.background_pixmap = UInt(None)
        attributes.bit_gravity = NorthWestGravity
        attributes.event_mask = Int(ExposureMask | StructureNotifyMask | KeyPressMask | KeyReleaseMask | ButtonPressMask
                                    | ButtonReleaseMask | PointerMotionMask | LeaveWindowMask | FocusChangeMask | PropertyChangeMask)
        let id = XCreateWindow(display, connection.root, Int32(request.x ?? 0), Int32(request.y ?? 0),
                               UInt32(width), UInt32(height), 0, connection.depth,
                               UInt32(InputOutput), connection.visual,
                               UInt(CWBackPixmap | CWBitGravity | CWEventMask), &attributes)
        let buffer = BackBuffer(connection: connection, text: text, glyphs: glyphSets, window: id, width: width, height: height)
        let window = MappedWindow(id: id, buffer: buffer,
                                  defaultSize: fitsDefaultSize ? Size(width: Double(width), height: Double(height)) : nil,
                                  userPlaced: request.x != nil, icon: request.icon,
                                  tracking: tracking, scale: scale, minimumAtUnitScale: minimumAtUnitScale,
                                  syncCounter: SyncCounter(connection), launch: StartupNotification.fromEnvironment())
        phase = .opening(window)
        setProperties(request, of: window, width: width, height: height)
        // Settings managers announce themselves with a MANAGER message on the root.
        XSelectInput(display, connection.root, StructureNotifyMask)
        watch(settingsOwner: settingsOwner)
        XMapWindow(display, id)
        connection.flush()
        return buffer
    }

    deinit {
        closePopup()
        if pointerCursor != 0 { XFreeCursor(connection.display, pointerCursor) }
        if let window { XDestroyWindow(connection.display, window.id) }
    }

    private func setProperties(_ options: WindowRequest, of window: MappedWindow, width: Int, height: Int) {
        let display = connection.display, id = window.id
        name(options.title, window: id)
        setCardinals("_NET_WM_PID", [UInt(getpid())], on: id)
        // EWMH: the PID means something only on the machine named here (a predefined atom: no round trip).
        if let host = Self.hostName { setProperty(XA_WM_CLIENT_MACHINE, type: XA_STRING, bytes: Array(host.utf8), on: id) }

        let classHint = XAllocClassHint()!
        "rewrap".withCString { name in
            "Rewrap".withCString { className in
                classHint.pointee.res_name = UnsafeMutablePointer(mutating: name)
                classHint.pointee.res_class = UnsafeMutablePointer(mutating: className)
                XSetClassHint(display, id, classHint)
            }
        }
        XFree(classHint)

        setSizeHints(of: window, x: options.x ?? 0, y: options.y ?? 0, width: width, height: height)
        if options.maximized { askToOpenMaximized(window) }

        let hints = XAllocWMHints()!
        // The window takes the keyboard focus from the window manager.
        hints.pointee.flags = InputHint | StateHint
        hints.pointee.input = 1
        hints.pointee.initial_state = NormalState
        XSetWMHints(display, id, hints)
        XFree(hints)

        // Set by hand: XSetWMProtocols would intern WM_PROTOCOLS again, a round trip.
        var protocols = [connection.atom("WM_DELETE_WINDOW")]
        if let syncCounter = window.syncCounter {
            protocols.append(connection.atom("_NET_WM_SYNC_REQUEST"))
            setCardinals("_NET_WM_SYNC_REQUEST_COUNTER", [UInt(syncCounter.id)], on: id)
        }
        setAtoms("WM_PROTOCOLS", protocols, on: id)
        if let launch = window.launch {
            // Window managers read it when they map the window, to place focus.
            setProperty(connection.atom("_NET_STARTUP_ID"), type: connection.atom("UTF8_STRING"), bytes: Array(launch.id.utf8), on: id)
        }
    }

    /// WM_NORMAL_HINTS: the minimum size, and the place and size the user
    /// gave or the program chose.
    func setSizeHints(of window: MappedWindow, x: Int, y: Int, width: Int, height: Int) {
        let sizeHints = XAllocSizeHints()!
        sizeHints.pointee.flags = PMinSize | (window.userPlaced ? USPosition | USSize : PSize)
        sizeHints.pointee.min_width = Int32(window.minimumSize.width)
        sizeHints.pointee.min_height = Int32(window.minimumSize.height)
        sizeHints.pointee.x = Int32(x)
        sizeHints.pointee.y = Int32(y)
        sizeHints.pointee.width = Int32(width)
        sizeHints.pointee.height = Int32(height)
        XSetWMNormalHints(connection.display, window.id, sizeHints)
        XFree(sizeHints)
    }

    /// EWMH's UTF-8 name, and WM_NAME for window managers that read only
    /// that: Latin-1 cannot hold every title, so a title outside ASCII is "Rewrap" there.
    private func name(_ title: String, window id: Window) {
        XStoreName(connection.display, id, title.unicodeScalars.allSatisfy(\.isASCII) ? title : "Rewrap")
        setProperty(connection.atom("_NET_WM_NAME"), type: connection.atom("UTF8_STRING"), bytes: Array(title.utf8), on: id)
    }

    /// Names the open window anew, as the panel file's new title asks.
    public func setTitle(_ title: String) {
        guard let window else { return }
        name(title, window: window.id)
        connection.flush()
    }

    private func setProperty(_ property: Atom, type: Atom, bytes: [UInt8], on id: Window) {
        bytes.withUnsafeBufferPointer {
            _ = XChangeProperty(connection.display, id, property, type, 8, PropModeReplace, $0.baseAddress, Int32($0.count))
        }
    }

    /// This machine's name, as `gethostname` gives it; nil when it has none.
    static var hostName: String? {
        var buffer = [CChar](repeating: 0, count: 256)
        guard gethostname(&buffer, buffer.count - 1) == 0 else { return nil }
        let name = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return name.isEmpty ? nil : name
    }

    /// Format-32 properties travel as C longs on the client side.
    func setCardinals(_ name: String, _ values: [UInt], type: Atom = XA_CARDINAL, on id: Window) {
        values.withUnsafeBytes {
            _ = XChangeProperty(connection.display, id, connection.atom(name), type, 32, PropModeReplace,
                                $0.baseAddress!.assumingMemoryBound(to: UInt8.self), Int32(values.count))
        }
    }

    func setAtoms(_ name: String, _ atoms: [Atom], on id: Window) {
        setCardinals(name, atoms.map { UInt($0) }, type: XA_ATOM, on: id)
    }

    /// Copies the finished main frame to the window, then lets a window
    /// manager waiting on a sync request know once that frame has its size.
    /// The first frame out, what it did not need is set up next (`finishStartup`).
    public func presentMainFrame() {
        guard let window else { return }
        window.buffer.present()
        window.syncCounter?.presented(width: window.buffer.width, height: window.buffer.height)
        if case .opening = phase { phase = .presented(window) }
    }

    // MARK: - Geometry

    /// The main window's top-left corner on the root window, asked of the
    /// server (a round trip): a window manager that moves the frame without
    /// the synthetic ConfigureNotify ICCCM asks for would leave a tracked
    /// origin stale and a popup misplaced. Read when a popup opens or a
    /// screen reader asks, never per frame.
    var mainWindowOrigin: (x: Int, y: Int) {
        var x: Int32 = 0, y: Int32 = 0
        var child: Window = 0
        guard let window else { return (0, 0) }
        XTranslateCoordinates(connection.display, window.id, connection.root, 0, 0, &x, &y, &child)
        return (Int(x), Int(y))
    }

    /// The accessibility bus's address, as at-spi-bus-launcher publishes it
    /// on the root window; a round trip (the atom came with the start-up
    /// batch), so read it once, after the first frame.
    public var accessibilityBusAddress: String? {
        guard let value = connection.property("AT_SPI_BUS", of: connection.root, type: XA_STRING), value.format == 8,
              let address = String(validating: value.bytes, as: UTF8.self), !address.isEmpty else { return nil }
        return address
    }
}

/// A cursor theme and a size in pixels, as loaded.
struct CursorChoice: Equatable {
    var theme: String?
    var size: Int
}
