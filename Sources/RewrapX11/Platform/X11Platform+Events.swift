import CX11
import RewrapLayout
import RewrapPlatform
import RewrapScene
#if canImport(Glibc)
import Glibc
#endif

/// Events: every XEvent becomes a `PlatformEvent` here and nowhere else.
extension X11Platform {
    /// What one batch of events changed, read once after it: a settings
    /// manager rewriting its settings in a loop costs one read a batch,
    /// not one a notice.
    struct BatchChanges {
        var settings = false
        var monitors = false
        var workArea = false
    }

    /// Every event already queued, translated; never blocks. Nothing comes
    /// before the window opens, or after the loss of the server is told.
    public func pendingEvents() -> [PlatformEvent] {
        guard let window else { return [] }
        var events: [PlatformEvent] = []
        var changes = BatchChanges()
        while XPending(connection.display) > 0 {
            var event = XEvent()
            XNextEvent(connection.display, &event)
            if phase.finished?.inputMethod.filter(&event) == true { continue }
            if event.type == KeyRelease {
                autoRepeat.released(event.xkey)
                var next = XEvent()
                if XEventsQueued(connection.display, QueuedAfterReading) > 0, XPeekEvent(connection.display, &next) != 0,
                   autoRepeat.isRepeatRelease(event.xkey, before: next) { continue }
            }
            if event.type == KeyPress {
                events.append(keyPress(from: &event.xkey, isRepeat: autoRepeat.pressed(event.xkey)))
            } else if event.type == GenericEvent {
                events += translate(xinput: &event.xcookie, in: window)
            } else if let translated = translate(&event, in: window, changes: &changes) {
                events.append(translated)
            }
        }
        // Once lost, nothing more comes, so the loss is told once.
        if connection.isLost {
            phase = .lost
            return events + [.connectionLost("rewrap: lost the connection to the X server")]
        }
        readChangedDesktop(changes)
        if changes.settings { events.append(settingsChanged()) }
        return events
    }

    /// Sleeps in poll on the X connection until it is readable, one of
    /// `descriptors` is, or `deadline` (CLOCK_MONOTONIC seconds) comes; nil
    /// waits without a limit. Flushes first, so requests go out. Returns
    /// the descriptors among `descriptors` that are ready to read.
    @discardableResult
    public func wait(until deadline: Double?, alsoWatching descriptors: [Int32] = []) -> [Int32] {
        connection.flush()
        // The loss is the next pass's news, with nothing to wait for.
        if connection.isLost { return [] }
        // With events queued there is no sleeping, but the other descriptors
        // are still looked at, so a burst of X events cannot starve them.
        let queued = XPending(connection.display) > 0
        if queued && descriptors.isEmpty { return [] }
        poller.begin()
        poller.watch(connection.fileDescriptor)
        poller.watch(contentsOf: descriptors)
        guard poller.wait(until: deadline, sleeping: !queued) else { return [] }
        return poller.ready(among: descriptors)
    }

    /// A key press as the app's `Key` (nil for keys the demo ignores) and
    /// as sent. Text comes from the input method, so composed and non-Latin
    /// letters count too.
    private func keyPress(from event: inout XKeyEvent, isRepeat: Bool) -> PlatformEvent {
        let (text, keysym) = phase.finished?.inputMethod.lookup(&event) ?? Self.lookUpWithoutInputMethod(&event)
        // With Control held, Xlib's XKB lookup already gives the Latin
        // group's keysym for a key whose own is not Latin (its control
        // fallback): Ctrl+й is Ctrl+q. Only Wayland must ask the keymap.
        var stroke = Self.stroke(event, isPress: true, keysym: keysym, text: text)
        stroke.isRepeat = isRepeat
        return .keyPressed(Key(stroke), stroke)
    }

    /// A release, read without the input method, which looks up presses only.
    private func keyRelease(from event: inout XKeyEvent) -> PlatformEvent {
        let (text, keysym) = Self.lookUpWithoutInputMethod(&event)
        return .keyReleased(Self.stroke(event, isPress: false, keysym: keysym, text: text))
    }

    static func stroke(_ event: XKeyEvent, isPress: Bool, keysym: KeySym, text: String) -> KeyStroke {
        KeyStroke(isPress: isPress, keysym: UInt32(truncatingIfNeeded: keysym), keycode: event.keycode,
                  modifiers: event.state, text: text, time: UInt32(truncatingIfNeeded: event.time))
    }

    private static func lookUpWithoutInputMethod(_ event: inout XKeyEvent) -> (text: String, keysym: KeySym) {
        var buffer = [CChar](repeating: 0, count: 16)
        var keysym: KeySym = 0
        let count = XLookupString(&event, &buffer, Int32(buffer.count), &keysym, nil)
        return (String(decoding: buffer.prefix(Int(max(0, count))).map { UInt8(bitPattern: $0) }, as: UTF8.self), keysym)
    }

    /// Whether a FocusIn or FocusOut means the window gained (true) or lost
    /// (false) the keyboard focus; nil for those that change nothing: the
    /// focus going to a grab, such as our own popup's, and back, and the
    /// pointer-only details.
    static func focusChange(type: Int32, mode: Int32, detail: Int32) -> Bool? {
        guard mode == NotifyNormal || mode == NotifyWhileGrabbed else { return nil }
        guard [NotifyAncestor, NotifyVirtual, NotifyNonlinear, NotifyNonlinearVirtual].contains(detail) else { return nil }
        return type == FocusIn
    }

    /// Pixels to scroll, with Shift turning a vertical scroll sideways.
    private func scrolled(_ role: WindowRole, dx: Int, dy: Int, state: UInt32) -> PlatformEvent {
        state & UInt32(ShiftMask) != 0 && dx == 0 ? .scrolled(role, dx: dy, dy: 0) : .scrolled(role, dx: dx, dy: dy)
    }

    /// A wheel click of button 4 to 7 as pixels: up, down, left, right.
    private func wheel(_ role: WindowRole, button: UInt32, state: UInt32, in window: MappedWindow) -> PlatformEvent {
        let step = Int(window.scrollStep)
        switch button {
        case 4: return scrolled(role, dx: 0, dy: -step, state: state)
        case 5: return scrolled(role, dx: 0, dy: step, state: state)
        case 6: return .scrolled(role, dx: -step, dy: 0)
        default: return .scrolled(role, dx: step, dy: 0)
        }
    }

    /// XInput 2 events on the main window: motion with its scroll valuators,
    /// presses and releases, crossings, touches and device changes; on the root, devices
    /// added; on an open menu, what its grab takes.
    private func translate(xinput cookie: inout XGenericEventCookie, in window: MappedWindow) -> [PlatformEvent] {
        guard let devices = phase.finished?.pointerDevices, cookie.extension == devices.opcode,
              XGetEventData(connection.display, &cookie) != 0, let data = cookie.data else { return [] }
        defer { XFreeEventData(connection.display, &cookie) }
        switch cookie.evtype {
        case XI_Motion:
            let event = data.assumingMemoryBound(to: XIDeviceEvent.self).pointee
            guard let role = role(of: event.event) else { return [] }
            var events: [PlatformEvent] = [.pointerMoved(role, x: Int(event.event_x.rounded(.down)), y: Int(event.event_y.rounded(.down)))]
            let (dx, dy) = devices.scrolled(event, step: window.scrollStep)
            if dx != 0 || dy != 0 { events.append(scrolled(role, dx: dx, dy: dy, state: UInt32(bitPattern: event.mods.effective))) }
            return events
        case XI_ButtonPress:
            let event = data.assumingMemoryBound(to: XIDeviceEvent.self).pointee
            guard let role = role(of: event.event) else { return [] }
            let state = UInt32(bitPattern: event.mods.effective)
            if event.detail == Button1 {
                return [.pressed(role, x: Int(event.event_x.rounded(.down)), y: Int(event.event_y.rounded(.down)))]
            }
            let emulated = event.flags & Int32(XIPointerEmulated) != 0
            guard ScrollValuators.isWheelClick(button: Int(event.detail), emulated: emulated) else { return [] }
            return [wheel(role, button: UInt32(event.detail), state: state, in: window)]
        case XI_ButtonRelease:
            let event = data.assumingMemoryBound(to: XIDeviceEvent.self).pointee
            guard event.detail == Button1, let role = role(of: event.event) else { return [] }
            return [.released(role, x: Int(event.event_x.rounded(.down)), y: Int(event.event_y.rounded(.down)))]
        case XI_Enter:
            devices.entered(device: data.assumingMemoryBound(to: XIEnterEvent.self).pointee.deviceid)
            return []
        case XI_Leave:
            let event = data.assumingMemoryBound(to: XILeaveEvent.self).pointee
            guard let role = role(of: event.event) else { return [] }
            return [.pointerLeft(role)]
        case XI_DeviceChanged:
            devices.changed(data.assumingMemoryBound(to: XIDeviceChangedEvent.self).pointee)
            return []
        case XI_TouchBegin, XI_TouchUpdate, XI_TouchEnd:
            let event = data.assumingMemoryBound(to: XIDeviceEvent.self).pointee
            guard let role = role(of: event.event) else { return [] }
            let phase: Touch.Phase = switch cookie.evtype {
            case XI_TouchBegin: .began
            case XI_TouchUpdate: .moved
            default: .ended
            }
            // The server's milliseconds, which wrap after 49 days: only differences count.
            return [.touch(Touch(phase, role, id: Int(event.detail), x: event.event_x, y: event.event_y,
                                 time: Double(UInt32(truncatingIfNeeded: event.time)) / 1000))]
        case XI_HierarchyChanged:
            devices.hierarchyChanged(data.assumingMemoryBound(to: XIHierarchyEvent.self).pointee)
            return []
        default:
            return []
        }
    }

    private func role(of window: Window) -> WindowRole? {
        if window == self.window?.id { return .main }
        if let popup, window == popup.window { return .popup }
        return nil
    }

    private func translate(_ event: inout XEvent, in window: MappedWindow, changes: inout BatchChanges) -> PlatformEvent? {
        if event.type == PropertyNotify, event.xproperty.window == connection.root,
           event.xproperty.atom == connection.atom("AT_SPI_BUS"), event.xproperty.state == PropertyNewValue {
            return .accessibilityBusNamed
        }
        if noteDesktopEvent(&event, changes: &changes) { return nil }
        switch event.type {
        case Expose:
            guard event.xexpose.count == 0, let role = role(of: event.xexpose.window) else { return nil }
            return .exposed(role)
        case ConfigureNotify:
            guard event.xconfigure.window == window.id else { return nil }
            let configure = event.xconfigure
            let width = Int(configure.width), height = Int(configure.height)
            window.tracking.configured(x: Int(configure.x), y: Int(configure.y), width: width, height: height,
                                       synthetic: configure.send_event != 0)
            if window.tracking.holds(width: width, height: height) { window.syncCounter?.configured(width: width, height: height) }
            // A synthetic notice, from a window manager or any client, says
            // where the window is; its size only ever changes by the server's.
            guard configure.send_event == 0 else { return nil }
            return .configured(width: width, height: height)
        case MotionNotify:
            guard let role = role(of: event.xmotion.window) else { return nil }
            return .pointerMoved(role, x: Int(event.xmotion.x), y: Int(event.xmotion.y))
        case LeaveNotify:
            guard let role = role(of: event.xcrossing.window) else { return nil }
            return .pointerLeft(role)
        case ButtonPress:
            guard let role = role(of: event.xbutton.window) else { return nil }
            let button = event.xbutton.button
            if button == UInt32(Button1) { return .pressed(role, x: Int(event.xbutton.x), y: Int(event.xbutton.y)) }
            guard ScrollValuators.isWheelClick(button: Int(button), emulated: false) else { return nil }
            return wheel(role, button: button, state: event.xbutton.state, in: window)
        case ButtonRelease:
            guard event.xbutton.button == UInt32(Button1), let role = role(of: event.xbutton.window) else { return nil }
            return .released(role, x: Int(event.xbutton.x), y: Int(event.xbutton.y))
        case KeyRelease:
            return keyRelease(from: &event.xkey)
        case FocusIn, FocusOut:
            guard event.xfocus.window == window.id,
                  let focused = Self.focusChange(type: event.type, mode: event.xfocus.mode, detail: event.xfocus.detail) else { return nil }
            phase.finished?.inputMethod.setFocused(focused)
            autoRepeat.focusChanged()
            return .focusChanged(focused)
        case MapNotify:
            guard event.xmap.window == window.id, !window.hasBeenShown else { return nil }
            // The window manager has placed and sized it by now: later notices are changes.
            window.hasBeenShown = true
            completeLaunch(of: window)
            return .windowShown
        case MappingNotify:
            XRefreshKeyboardMapping(&event.xmapping)
            return nil
        case ClientMessage:
            if event.xclient.window == connection.root,
               event.xclient.message_type == connection.atom("MANAGER"),
               Atom(truncatingIfNeeded: event.xclient.data.l.1) == connection.atom(XConnection.settingsSelection(screen: connection.screen)) {
                changes.settings = true
                return nil
            }
            guard event.xclient.window == window.id, event.xclient.message_type == connection.atom("WM_PROTOCOLS") else { return nil }
            let proto = Atom(truncatingIfNeeded: event.xclient.data.l.0)
            if proto == connection.atom("_NET_WM_SYNC_REQUEST") {
                window.syncCounter?.requested(event.xclient)
                return nil
            }
            return proto == connection.atom("WM_DELETE_WINDOW") ? .closeRequested : nil
        case DestroyNotify:
            if let popup, event.xdestroywindow.window == popup.window {
                forgetPopup()
                return .popupDismissed
            }
            if event.xdestroywindow.window == settingsOwner { changes.settings = true }
            return nil
        case PropertyNotify:
            if event.xproperty.window == settingsOwner { changes.settings = true }
            guard event.xproperty.window == window.id, event.xproperty.atom == connection.atom("_NET_WM_STATE") else { return nil }
            let now = readMaximized(window)
            guard now != window.isMaximized else { return nil }
            window.isMaximized = now
            return .maximizedChanged(now)
        case ReparentNotify:
            if event.xreparent.window == window.id { window.tracking.reparented = event.xreparent.parent != connection.root }
            return nil
        default:
            return nil
        }
    }
}
