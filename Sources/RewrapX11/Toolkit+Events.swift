import CX11
import RewrapScene
#if canImport(Glibc)
import Glibc
#endif

/// Events: every XEvent becomes a `ToolkitEvent` here and nowhere else.
extension Toolkit {
    /// Every event already queued, translated; never blocks.
    public func pendingEvents() -> [ToolkitEvent] {
        var events: [ToolkitEvent] = []
        while XPending(connection.display) > 0 {
            var event = XEvent()
            XNextEvent(connection.display, &event)
            if let translated = translate(&event) { events.append(translated) }
        }
        readChangedDesktop()
        return events
    }

    /// Sleeps in poll on the X connection until it is readable, one of
    /// `descriptors` is, or `timeout` seconds pass; nil waits without a
    /// limit. Flushes first, so requests go out. Returns the descriptors
    /// among `descriptors` that are ready to read.
    @discardableResult
    public func wait(timeout: Double?, alsoWatching descriptors: [Int32] = []) -> [Int32] {
        connection.flush()
        if XPending(connection.display) > 0 { return [] }
        var watched = [pollfd(fd: connection.fileDescriptor, events: Int16(POLLIN), revents: 0)]
            + descriptors.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
        // Rounded up, so a frame is never drawn before it is due.
        let milliseconds = timeout.map { Int32(min(max(0, $0) * 1000, 60_000).rounded(.up)) } ?? -1
        guard poll(&watched, nfds_t(watched.count), milliseconds) > 0 else { return [] }
        return watched.dropFirst().filter { $0.revents != 0 }.map(\.fd)
    }

    /// The keys the demo answers to; everything else is nil.
    private func key(from event: inout XKeyEvent) -> Key? {
        var buffer = [CChar](repeating: 0, count: 16)
        var keysym: KeySym = 0
        let count = XLookupString(&event, &buffer, Int32(buffer.count), &keysym, nil)
        let shift = event.state & UInt32(ShiftMask) != 0
        switch Int32(truncatingIfNeeded: keysym) {
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
        if noteDesktopEvent(&event) { return nil }
        switch event.type {
        case Expose:
            guard event.xexpose.count == 0, let role = role(of: event.xexpose.window) else { return nil }
            return .exposed(role)
        case ConfigureNotify:
            guard event.xconfigure.window == mainWindow else { return nil }
            let configure = event.xconfigure
            tracking.configured(x: Int(configure.x), y: Int(configure.y), width: Int(configure.width),
                                height: Int(configure.height), synthetic: configure.send_event != 0)
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
                return settingsChanged()
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
                return settingsChanged()
            }
            return nil
        case PropertyNotify:
            guard event.xproperty.window == settingsOwner else { return nil }
            return settingsChanged()
        case ReparentNotify:
            if event.xreparent.window == mainWindow { tracking.reparented = event.xreparent.parent != connection.root }
            return nil
        default:
            return nil
        }
    }
}
