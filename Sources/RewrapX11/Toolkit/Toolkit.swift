import CX11
import RewrapLayout
import RewrapScene
import RewrapText
#if canImport(Glibc)
import Glibc
#endif

/// Everything the app needs from X: the main window, its back buffer, the
/// popup window, fonts, events and waiting. Nothing else in the program
/// touches Xlib.
///
///     let toolkit = try Toolkit(options: ToolkitOptions(title: "Rewrap", width: 680, height: 420))
///     for event in toolkit.pendingEvents() { ... }
///     toolkit.wait(until: nil)   // sleeps in poll until X has something
public final class Toolkit {
    public let connection: XConnection
    /// Shapes, measures and orders all text; the back buffers draw its glyphs.
    public let text: TextEngine
    let glyphFonts: GlyphFonts
    public let mainWindow: Window
    public let mainBuffer: BackBuffer
    var popup: (window: Window, buffer: BackBuffer)?
    /// The desktop's XSETTINGS, or nil when no settings manager runs; kept
    /// current as `.settingsChanged` events are translated.
    public internal(set) var settings: XSettings?
    /// The settings manager's window, watched for changes.
    var settingsOwner: Window
    /// A notice of new settings came in this batch of events; they are read
    /// once, after it, so a manager rewriting them in a loop costs one read
    /// a batch rather than one a notice.
    var settingsStale = false
    /// Monitors, work area and the window's place: see Toolkit+Desktop.swift.
    var tracking: DesktopTracking
    /// `_NET_WM_SYNC_REQUEST`'s counter; nil when the server has no SYNC.
    let syncCounter: SyncCounter?
    /// The launcher's startup sequence, until the mapped window completes it.
    var launch: StartupNotification?
    /// What the first frame does not need, set up once it is presented
    /// (`finishStartup`), so no reply delays it.
    var pointerDevices: PointerDevices?
    var inputMethod: InputMethod?
    /// Drawn and published by `finishStartup`.
    let icon: (size: Int, draw: (Int) -> [UInt32])?
    var framePresented = false
    var startupFinished = false
    /// Pixels one wheel click scrolls.
    let scrollStep: Double
    /// Wakes `wait(until:)` at its deadline.
    let timer: DeadlineTimer

    /// The interface scale: from the options, else the desktop's DPI over 96.
    public let scale: Double
    /// The main window's size when it opened.
    public let initialSize: Size

    public init(options: ToolkitOptions) throws(ToolkitError) {
        connection = try XConnection(name: options.display)
        (settingsOwner, settings) = Self.currentSettings(connection)
        // A DPI no screen has (nan, zero, two million) is no scale to follow.
        let detected = (settings?.dpi ?? Self.resourceDPI(connection)).flatMap { (24...1536).contains($0) ? $0 / 96 : nil }
        scale = Metrics.clamped(scale: options.scale ?? detected ?? 1)
        scrollStep = Metrics(scale: scale).scrollStep
        timer = try DeadlineTimer()
        icon = options.icon
        let display = connection.display, screen = connection.screen
        do {
            // Xft's own defaults finish every pattern, so the desktop's hinting
            // and antialiasing settings shape measuring as they shape drawing.
            text = try TextEngine(options: FontOptions(pattern: options.font, scale: scale) { XftDefaultSubstitute(display, screen, $0) },
                                  direction: options.direction)
        } catch {
            throw ToolkitError(error.message)
        }
        glyphFonts = GlyphFonts(connection: connection)
        let width = options.width ?? Int((Double(options.defaultWidth) * scale).rounded())
        let height = options.height ?? Int((Double(options.defaultHeight) * scale).rounded())
        initialSize = Size(width: Double(width), height: Double(height))
        let screenSize = connection.screenSize
        tracking = DesktopTracking(desktop: Desktop(screen: Rect(x: 0, y: 0, width: Double(screenSize.width),
                                                                 height: Double(screenSize.height))),
                                   windowFrame: Rect(x: Double(options.x ?? 0), y: Double(options.y ?? 0),
                                                     width: Double(width), height: Double(height)))

        var attributes = XSetWindowAttributes()
        attributes.background_pixmap = UInt(None)
        attributes.bit_gravity = NorthWestGravity
        attributes.event_mask = Int(ExposureMask | StructureNotifyMask | KeyPressMask | KeyReleaseMask | ButtonPressMask
                                    | PointerMotionMask | LeaveWindowMask | FocusChangeMask)
        mainWindow = XCreateWindow(display, connection.root, Int32(options.x ?? 0), Int32(options.y ?? 0),
                                   UInt32(width), UInt32(height), 0, connection.depth,
                                   UInt32(InputOutput), connection.visual,
                                   UInt(CWBackPixmap | CWBitGravity | CWEventMask), &attributes)
        mainBuffer = BackBuffer(connection: connection, text: text, fonts: glyphFonts, window: mainWindow)
        mainBuffer.resize(width: width, height: height)
        syncCounter = SyncCounter(connection)
        launch = StartupNotification.fromEnvironment()
        setProperties(options, width: width, height: height)
        // Settings managers announce themselves with a MANAGER message on the root.
        XSelectInput(display, connection.root, StructureNotifyMask)
        watch(settingsOwner: settingsOwner)
        XMapWindow(display, mainWindow)
        connection.flush()
    }

    deinit {
        closePopup()
        XDestroyWindow(connection.display, mainWindow)
    }

    private func setProperties(_ options: ToolkitOptions, width: Int, height: Int) {
        let display = connection.display
        XStoreName(display, mainWindow, options.title.unicodeScalars.allSatisfy(\.isASCII) ? options.title : "Rewrap")
        setProperty("_NET_WM_NAME", type: connection.atom("UTF8_STRING"), bytes: Array(options.title.utf8))
        setCardinals("_NET_WM_PID", [UInt(getpid())])

        let classHint = XAllocClassHint()!
        "rewrap".withCString { name in
            "Rewrap".withCString { className in
                classHint.pointee.res_name = UnsafeMutablePointer(mutating: name)
                classHint.pointee.res_class = UnsafeMutablePointer(mutating: className)
                XSetClassHint(display, mainWindow, classHint)
            }
        }
        XFree(classHint)

        let sizeHints = XAllocSizeHints()!
        sizeHints.pointee.flags = PMinSize | (options.x != nil ? USPosition | USSize : PSize)
        sizeHints.pointee.min_width = Int32((Double(options.minimumWidth) * scale).rounded())
        sizeHints.pointee.min_height = Int32((Double(options.minimumHeight) * scale).rounded())
        sizeHints.pointee.x = Int32(options.x ?? 0)
        sizeHints.pointee.y = Int32(options.y ?? 0)
        sizeHints.pointee.width = Int32(width)
        sizeHints.pointee.height = Int32(height)
        XSetWMNormalHints(display, mainWindow, sizeHints)
        XFree(sizeHints)

        let hints = XAllocWMHints()!
        // The window takes the keyboard focus from the window manager.
        hints.pointee.flags = InputHint | StateHint
        hints.pointee.input = 1
        hints.pointee.initial_state = NormalState
        XSetWMHints(display, mainWindow, hints)
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

    private func setProperty(_ name: String, type: Atom, bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer {
            _ = XChangeProperty(connection.display, mainWindow, connection.atom(name), type, 8, PropModeReplace,
                                $0.baseAddress, Int32($0.count))
        }
    }

    /// Format-32 properties travel as C longs on the client side.
    func setCardinals(_ name: String, _ values: [UInt], type: Atom = XA_CARDINAL) {
        values.withUnsafeBytes {
            _ = XChangeProperty(connection.display, mainWindow, connection.atom(name), type, 32, PropModeReplace,
                                $0.baseAddress!.assumingMemoryBound(to: UInt8.self), Int32(values.count))
        }
    }

    private func setAtoms(_ name: String, _ atoms: [Atom]) {
        setCardinals(name, atoms.map { UInt($0) }, type: XA_ATOM)
    }

    /// Copies the finished main frame to the window, then lets a window
    /// manager waiting on a sync request know once that frame has its size.
    public func presentMainFrame() {
        mainBuffer.present()
        framePresented = true
        syncCounter?.presented(width: mainBuffer.width, height: mainBuffer.height)
    }

    // MARK: - Geometry

    /// The main window's top-left corner on the root window, asked of the
    /// server (a round trip): a window manager that moves the frame without
    /// the synthetic ConfigureNotify ICCCM asks for would leave a tracked
    /// origin stale and a popup misplaced. Read when a popup opens or a
    /// screen reader asks, never per frame.
    public var mainWindowOrigin: (x: Int, y: Int) {
        var x: Int32 = 0, y: Int32 = 0
        var child: Window = 0
        XTranslateCoordinates(connection.display, mainWindow, connection.root, 0, 0, &x, &y, &child)
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
