import CX11
import RewrapLayout
import RewrapScene
#if canImport(Glibc)
import Glibc
#endif

/// Everything the app needs from X: the main window, its back buffer, the
/// popup window, fonts, events and waiting. Nothing else in the program
/// touches Xlib.
///
///     let toolkit = try Toolkit(options: ToolkitOptions(title: "Rewrap", width: 680, height: 420))
///     for event in toolkit.pendingEvents() { ... }
///     toolkit.wait(timeout: nil)   // sleeps in poll until X has something
public final class Toolkit {
    public let connection: XConnection
    public let fonts: FontSet
    public let mainWindow: Window
    public let mainBuffer: BackBuffer
    private var popup: (window: Window, buffer: BackBuffer)?
    private var settingsOwner: Window = 0
    private var popupHasGrab = false

    /// The interface scale: from the options, else the desktop's DPI over 96.
    public let scale: Double
    /// The main window's size when it opened.
    public let initialSize: Size

    public init(options: ToolkitOptions) throws(ToolkitError) {
        connection = try XConnection(name: options.display)
        let detected = Self.desktopDPI(connection).map { $0 / 96 }
        scale = min(8, max(0.5, options.scale ?? detected ?? 1))
        fonts = try FontSet(connection: connection, pattern: options.font, scale: scale)
        let display = connection.display
        let width = options.width ?? Int((Double(options.defaultWidth) * scale).rounded())
        let height = options.height ?? Int((Double(options.defaultHeight) * scale).rounded())
        initialSize = Size(width: Double(width), height: Double(height))

        var attributes = XSetWindowAttributes()
        attributes.background_pixmap = UInt(None)
        attributes.bit_gravity = NorthWestGravity
        attributes.event_mask = Int(ExposureMask | StructureNotifyMask | KeyPressMask | ButtonPressMask
                                    | PointerMotionMask | LeaveWindowMask)
        mainWindow = XCreateWindow(display, connection.root, Int32(options.x ?? 0), Int32(options.y ?? 0),
                                   UInt32(width), UInt32(height), 0, connection.depth,
                                   UInt32(InputOutput), connection.visual,
                                   UInt(CWBackPixmap | CWBitGravity | CWEventMask), &attributes)
        mainBuffer = BackBuffer(connection: connection, fonts: fonts, window: mainWindow)
        mainBuffer.resize(width: width, height: height)
        setProperties(options, width: width, height: height)
        // Settings managers announce themselves with a MANAGER message on the root.
        XSelectInput(display, connection.root, StructureNotifyMask)
        watchSettingsOwner()
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
        if !options.icon.isEmpty { setCardinals("_NET_WM_ICON", options.icon) }

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

        var deleteWindow = connection.atom("WM_DELETE_WINDOW")
        XSetWMProtocols(display, mainWindow, &deleteWindow, 1)
    }

    private func setProperty(_ name: String, type: Atom, bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer {
            _ = XChangeProperty(connection.display, mainWindow, connection.atom(name), type, 8, PropModeReplace,
                                $0.baseAddress, Int32($0.count))
        }
    }

    /// Format-32 properties travel as C longs on the client side.
    private func setCardinals(_ name: String, _ values: [UInt]) {
        values.withUnsafeBytes {
            _ = XChangeProperty(connection.display, mainWindow, connection.atom(name), XA_CARDINAL, 32, PropModeReplace,
                                $0.baseAddress!.assumingMemoryBound(to: UInt8.self), Int32(values.count))
        }
    }

    // MARK: - Geometry

    /// The main window's top-left corner on the root window.
    public var mainWindowOrigin: (x: Int, y: Int) {
        var x: Int32 = 0, y: Int32 = 0
        var child: Window = 0
        XTranslateCoordinates(connection.display, mainWindow, connection.root, 0, 0, &x, &y, &child)
        return (Int(x), Int(y))
    }

    public var screenSize: Size {
        let size = connection.screenSize
        return Size(width: Double(size.width), height: Double(size.height))
    }

    // MARK: - Popup

    public var popupBuffer: BackBuffer? { popup?.buffer }
    public var isPopupOpen: Bool { popup != nil }

    /// Opens an override-redirect window at `frame` (root coordinates) and
    /// grabs pointer and keyboard so a click outside can close it. Another
    /// client's grab is retried briefly; then the popup stays open ungrabbed.
    public func openPopup(frame: PixelRect) {
        closePopup()
        let display = connection.display
        var attributes = XSetWindowAttributes()
        attributes.override_redirect = 1
        attributes.save_under = 1
        attributes.background_pixmap = UInt(None)
        attributes.event_mask = Int(ExposureMask | StructureNotifyMask | KeyPressMask | ButtonPressMask
                                    | PointerMotionMask | LeaveWindowMask)
        let window = XCreateWindow(display, connection.root, Int32(frame.x), Int32(frame.y),
                                   UInt32(max(1, frame.width)), UInt32(max(1, frame.height)), 0, connection.depth,
                                   UInt32(InputOutput), connection.visual,
                                   UInt(CWOverrideRedirect | CWSaveUnder | CWBackPixmap | CWEventMask), &attributes)
        setTransient(window)
        let buffer = BackBuffer(connection: connection, fonts: fonts, window: window)
        buffer.resize(width: frame.width, height: frame.height)
        popup = (window, buffer)
        XMapRaised(display, window)
        connection.sync()
        popupHasGrab = grab(window)
        if !popupHasGrab {
            writeLine("rewrap: another client holds the pointer; the menu opened without a grab")
        }
    }

    private func setTransient(_ window: Window) {
        XSetTransientForHint(connection.display, window, mainWindow)
        let type = [connection.atom("_NET_WM_WINDOW_TYPE_DROPDOWN_MENU")]
        type.withUnsafeBytes {
            _ = XChangeProperty(connection.display, window, connection.atom("_NET_WM_WINDOW_TYPE"), XA_ATOM, 32,
                                PropModeReplace, $0.baseAddress!.assumingMemoryBound(to: UInt8.self), 1)
        }
    }

    private func grab(_ window: Window) -> Bool {
        let display = connection.display
        let mask = UInt32(ButtonPressMask | ButtonReleaseMask | PointerMotionMask | LeaveWindowMask)
        for attempt in 0..<20 {
            if attempt > 0 { usleep(10_000) }
            let pointer = XGrabPointer(display, window, 0, mask, GrabModeAsync, GrabModeAsync, UInt(None), UInt(None),
                                       UInt(CurrentTime))
            guard pointer == GrabSuccess else { continue }
            if XGrabKeyboard(display, window, 1, GrabModeAsync, GrabModeAsync, UInt(CurrentTime)) != GrabSuccess {
                // Keys then reach the main window as usual; the pointer grab is what closing needs.
                writeLine("rewrap: could not grab the keyboard for the menu")
            }
            return true
        }
        return false
    }

    public func closePopup() {
        guard let popup else { return }
        self.popup = nil
        XUngrabPointer(connection.display, UInt(CurrentTime))
        XUngrabKeyboard(connection.display, UInt(CurrentTime))
        XDestroyWindow(connection.display, popup.window)
        connection.flush()
    }

    /// Forgets a popup whose window someone else destroyed, without touching it.
    private func forgetPopup() {
        guard popup != nil else { return }
        popup = nil
        XUngrabPointer(connection.display, UInt(CurrentTime))
        XUngrabKeyboard(connection.display, UInt(CurrentTime))
    }

    // MARK: - Settings

    /// The desktop's XSETTINGS, or nil when no settings manager runs.
    public func readSettings() -> XSettings? {
        Self.readSettings(connection)
    }

    private static func readSettings(_ connection: XConnection) -> XSettings? {
        let owner = XGetSelectionOwner(connection.display, connection.atom("_XSETTINGS_S\(connection.screen)"))
        guard owner != 0, let property = connection.property("_XSETTINGS_SETTINGS", of: owner) else { return nil }
        return XSettings(parsing: property.bytes)
    }

    /// XSETTINGS `Xft/DPI`, else the `Xft.dpi` resource.
    private static func desktopDPI(_ connection: XConnection) -> Double? {
        readSettings(connection)?.dpi ?? resourceDPI(connection)
    }

    /// `Xft.dpi` from the RESOURCE_MANAGER string on the root window.
    private static func resourceDPI(_ connection: XConnection) -> Double? {
        guard let property = connection.property("RESOURCE_MANAGER", of: connection.root) else { return nil }
        let text = String(decoding: property.bytes, as: UTF8.self)
        for line in text.split(separator: "\n") {
            let parts = line.split(separator: ":", maxSplits: 1)
            if parts.count == 2, parts[0].trimmingSpaces == "Xft.dpi" {
                return Double(parts[1].trimmingSpaces)
            }
        }
        return nil
    }

    private func watchSettingsOwner() {
        let display = connection.display
        let owner = XGetSelectionOwner(display, connection.atom("_XSETTINGS_S\(connection.screen)"))
        settingsOwner = owner
        if owner != 0 { XSelectInput(display, owner, PropertyChangeMask | StructureNotifyMask) }
    }

    // MARK: - Events

    /// Every event already queued, translated; never blocks.
    public func pendingEvents() -> [ToolkitEvent] {
        var events: [ToolkitEvent] = []
        while XPending(connection.display) > 0 {
            var event = XEvent()
            XNextEvent(connection.display, &event)
            if let translated = translate(&event) { events.append(translated) }
        }
        return events
    }

    /// Sleeps in poll on the X connection until it is readable or `timeout`
    /// seconds pass; nil waits for X alone. Flushes first, so requests go out.
    public func wait(timeout: Double?) {
        connection.flush()
        if XPending(connection.display) > 0 { return }
        var descriptor = pollfd(fd: connection.fileDescriptor, events: Int16(POLLIN), revents: 0)
        // Rounded up, so a frame is never drawn before it is due.
        let milliseconds = timeout.map { Int32(min(max(0, $0) * 1000, 60_000).rounded(.up)) } ?? -1
        _ = poll(&descriptor, 1, milliseconds)
    }

    /// The keys the demo answers to; everything else is nil.
    private func key(from event: inout XKeyEvent) -> Key? {
        var buffer = [CChar](repeating: 0, count: 16)
        var keysym: KeySym = 0
        let count = XLookupString(&event, &buffer, Int32(buffer.count), &keysym, nil)
        let shift = event.state & UInt32(ShiftMask) != 0
        switch Int32(keysym) {
        case XK_Tab: return shift ? .backTab : .tab
        case XK_ISO_Left_Tab: return .backTab
        case XK_Return, XK_KP_Enter: return .returnKey
        case XK_space: return .space
        case XK_Escape: return .escape
        case XK_Up: return .up
        case XK_Down: return .down
        case XK_Home: return .home
        case XK_End: return .end
        case XK_Page_Up: return .pageUp
        case XK_Page_Down: return .pageDown
        case XK_Left: return .left
        case XK_Right: return .right
        case XK_F12: return .inspector
        default:
            let text = String(decoding: buffer.prefix(Int(max(0, count))).map { UInt8(bitPattern: $0) }, as: UTF8.self)
            guard text.count == 1, let character = text.first, character.isLetter || character.isNumber else { return nil }
            return .character(character)
        }
    }

    private func role(of window: Window) -> WindowRole? {
        if window == mainWindow { return .main }
        if let popup, window == popup.window { return .popup }
        return nil
    }

    private func translate(_ event: inout XEvent) -> ToolkitEvent? {
        switch event.type {
        case Expose:
            guard event.xexpose.count == 0, let role = role(of: event.xexpose.window) else { return nil }
            return .exposed(role)
        case ConfigureNotify:
            guard event.xconfigure.window == mainWindow else { return nil }
            return .configured(width: Int(event.xconfigure.width), height: Int(event.xconfigure.height))
        case MotionNotify:
            guard let role = role(of: event.xmotion.window) else { return nil }
            return .pointerMoved(role, x: Int(event.xmotion.x), y: Int(event.xmotion.y))
        case LeaveNotify:
            guard let role = role(of: event.xcrossing.window) else { return nil }
            return .pointerLeft(role)
        case ButtonPress:
            guard let role = role(of: event.xbutton.window) else { return nil }
            let shift = event.xbutton.state & UInt32(ShiftMask) != 0
            switch event.xbutton.button {
            case UInt32(Button1): return .pressed(role, x: Int(event.xbutton.x), y: Int(event.xbutton.y))
            case UInt32(Button4): return shift ? .scrolled(role, dx: -1, dy: 0) : .scrolled(role, dx: 0, dy: -1)
            case UInt32(Button5): return shift ? .scrolled(role, dx: 1, dy: 0) : .scrolled(role, dx: 0, dy: 1)
            case 6: return .scrolled(role, dx: -1, dy: 0)
            case 7: return .scrolled(role, dx: 1, dy: 0)
            default: return nil
            }
        case KeyPress:
            return key(from: &event.xkey).map { .keyPressed($0) }
        case ClientMessage:
            if event.xclient.window == connection.root,
               event.xclient.message_type == connection.atom("MANAGER"),
               Atom(truncatingIfNeeded: event.xclient.data.l.1) == connection.atom("_XSETTINGS_S\(connection.screen)") {
                // A settings manager started: watch it from now on.
                watchSettingsOwner()
                return .settingsChanged
            }
            guard event.xclient.window == mainWindow,
                  event.xclient.message_type == connection.atom("WM_PROTOCOLS"),
                  Atom(truncatingIfNeeded: event.xclient.data.l.0) == connection.atom("WM_DELETE_WINDOW") else { return nil }
            return .closeRequested
        case DestroyNotify:
            if let popup, event.xdestroywindow.window == popup.window {
                forgetPopup()
                return .popupDestroyed
            }
            if event.xdestroywindow.window == settingsOwner {
                settingsOwner = 0
                return .settingsChanged
            }
            return nil
        case PropertyNotify:
            guard event.xproperty.window == settingsOwner else { return nil }
            return .settingsChanged
        default:
            return nil
        }
    }
}

