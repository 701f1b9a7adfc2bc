import CX11
import RewrapPlatform
import RewrapLayout
import RewrapScene
import RewrapText
#if canImport(Glibc)
import Glibc
#endif

/// The X11 platform: the main window, its back buffer, the popup window,
/// events and waiting. Nothing else in the program touches Xlib.
///
///     let platform = try X11Platform(display: nil)   // $DISPLAY
///     let surface = try platform.openWindow(request, text: engine)
///     for event in platform.pendingEvents() { ... }
///     platform.wait(until: nil, alsoWatching: [])   // sleeps in poll until X has something
public final class X11Platform {
    public let connection: XConnection
    /// Draws the back buffers' glyphs: the app's engine, handed over with
    /// the window and again when the scale changes.
    var text: TextEngine?
    var glyphFonts: GlyphFonts
    /// Made whole by `openWindow`.
    var window: MappedWindow?
    var popup: (window: Window, buffer: BackBuffer)?
    /// The desktop's XSETTINGS and Xft's font defaults, kept current as
    /// `.settingsChanged` events are translated. The font defaults are read
    /// once: the resources they come from were fetched with the connection.
    public internal(set) var settings: DesktopSettings
    /// The settings manager's window, watched for changes.
    var settingsOwner: Window
    /// A notice of new settings came in this batch of events; they are read
    /// once, after it, so a manager rewriting them in a loop costs one read
    /// a batch rather than one a notice.
    var settingsStale = false
    /// `_NET_WM_SYNC_REQUEST`'s counter; nil when the server has no SYNC.
    var syncCounter: SyncCounter?
    /// The launcher's startup sequence, until the mapped window completes it.
    var launch: StartupNotification?
    /// What the first frame does not need, set up once it is presented
    /// (`finishStartup`), so no reply delays it.
    var pointerDevices: PointerDevices?
    var inputMethod: InputMethod?
    var framePresented = false
    var startupFinished = false
    /// Sleeps in `wait(until:)`, to its deadline's nanosecond.
    let poller: DeadlinePoll
    /// The pointer defined on Rewrap's windows in the desktop's cursor
    /// theme, and what it was loaded for; 0 and nil for X's default.
    var pointerCursor: Cursor = 0
    var cursorChoice: CursorChoice?
    /// The work area when the connection opened, to fit a default size.
    let startWorkArea: Rect?
    /// The main window has been mapped once (`.windowShown`).
    var shown = false
    /// The main window is maximised both ways, as last reported.
    var maximized = false
    /// `.connectionLost` has been reported.
    var lossReported = false

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
        glyphFonts = GlyphFonts(connection: connection)
    }

    public func openWindow(_ request: WindowRequest, text: TextEngine) throws(PlatformError) -> any FrameSurface {
        self.text = text
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
        let buffer = BackBuffer(connection: connection, text: text, fonts: glyphFonts, window: id)
        buffer.resize(width: width, height: height)
        let window = MappedWindow(id: id, buffer: buffer, initialSize: Size(width: Double(width), height: Double(height)),
                                fitsDefaultSize: fitsDefaultSize, userPlaced: request.x != nil, icon: request.icon,
                                tracking: tracking, scale: scale, minimumAtUnitScale: minimumAtUnitScale)
        self.window = window
        syncCounter = SyncCounter(connection)
        launch = StartupNotification.fromEnvironment()
        setProperties(request, width: width, height: height)
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

    private func setProperties(_ options: WindowRequest, width: Int, height: Int) {
        guard let id = window?.id else { return }
        let display = connection.display
        name(options.title)
        setCardinals("_NET_WM_PID", [UInt(getpid())])
        // EWMH: the PID means something only on the machine named here (a predefined atom: no round trip).
        if let host = Self.hostName { setProperty(XA_WM_CLIENT_MACHINE, type: XA_STRING, bytes: Array(host.utf8)) }

        let classHint = XAllocClassHint()!
        "rewrap".withCString { name in
            "Rewrap".withCString { className in
                classHint.pointee.res_name = UnsafeMutablePointer(mutating: name)
                classHint.pointee.res_class = UnsafeMutablePointer(mutating: className)
                XSetClassHint(display, id, classHint)
            }
        }
        XFree(classHint)

        setSizeHints(x: options.x ?? 0, y: options.y ?? 0, width: width, height: height)
        if options.maximized { askToOpenMaximized() }

        let hints = XAllocWMHints()!
        // The window takes the keyboard focus from the window manager.
        hints.pointee.flags = InputHint | StateHint
        hints.pointee.input = 1
        hints.pointee.initial_state = NormalState
        XSetWMHints(display, id, hints)
        XFree(hints)

        // Set by hand: XSetWMProtocols would intern WM_PROTOCOLS again, a round trip.
        var protocols = [connection.atom("WM_DELETE_WINDOW")]
        if let syncCounter {
            protocols.append(connection.atom("_NET_WM_SYNC_REQUEST"))
            setCardinals("_NET_WM_SYNC_REQUEST_COUNTER", [UInt(syncCounter.id)])
        }
        setAtoms("WM_PROTOCOLS", protocols)
        if let launch {
            // Window managers read it when they map the window, to place focus.
            setProperty("_NET_STARTUP_ID", type: connection.atom("UTF8_STRING"), bytes: Array(launch.id.utf8))
        }
    }

    /// WM_NORMAL_HINTS: the minimum size, and the place and size the user
    /// gave or the program chose.
    func setSizeHints(x: Int, y: Int, width: Int, height: Int) {
        guard let window else { return }
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
    private func name(_ title: String) {
        guard let id = window?.id else { return }
        XStoreName(connection.display, id, title.unicodeScalars.allSatisfy(\.isASCII) ? title : "Rewrap")
        setProperty("_NET_WM_NAME", type: connection.atom("UTF8_STRING"), bytes: Array(title.utf8))
    }

    /// Names the open window anew, as the panel file's new title asks.
    public func setTitle(_ title: String) {
        name(title)
        connection.flush()
    }

    private func setProperty(_ name: String, type: Atom, bytes: [UInt8]) {
        setProperty(connection.atom(name), type: type, bytes: bytes)
    }

    private func setProperty(_ property: Atom, type: Atom, bytes: [UInt8]) {
        guard let id = window?.id else { return }
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
    func setCardinals(_ name: String, _ values: [UInt], type: Atom = XA_CARDINAL) {
        guard let id = window?.id else { return }
        values.withUnsafeBytes {
            _ = XChangeProperty(connection.display, id, connection.atom(name), type, 32, PropModeReplace,
                                $0.baseAddress!.assumingMemoryBound(to: UInt8.self), Int32(values.count))
        }
    }

    func setAtoms(_ name: String, _ atoms: [Atom]) {
        setCardinals(name, atoms.map { UInt($0) }, type: XA_ATOM)
    }

    /// Copies the finished main frame to the window, then lets a window
    /// manager waiting on a sync request know once that frame has its size.
    public func presentMainFrame() {
        guard let window else { return }
        window.buffer.present()
        framePresented = true
        syncCounter?.presented(width: window.buffer.width, height: window.buffer.height)
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
        if let window { XTranslateCoordinates(connection.display, window.id, connection.root, 0, 0, &x, &y, &child) }
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
