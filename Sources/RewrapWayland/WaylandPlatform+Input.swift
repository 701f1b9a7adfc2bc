import CWayland
import RewrapPlatform
import RewrapScene

/// The seat: the pointer and the keyboard, translated into platform events
/// with the X11 platform's rules, in window pixels.
extension WaylandPlatform {
    /// The seat's devices are taken once the first frame is shown, as the
    /// X11 platform sets up its input then: keymaps, compose tables and the
    /// cursor theme cost the first frame otherwise.
    func seatCapabilities(_ capabilities: UInt32) {
        offeredCapabilities = capabilities
        guard startupFinished else { return }
        let hasPointer = capabilities & WL_SEAT_CAPABILITY_POINTER.rawValue != 0
        let hasKeyboard = capabilities & WL_SEAT_CAPABILITY_KEYBOARD.rawValue != 0
        if hasPointer, pointer == nil, let seat = globals.seat {
            pointer = wl_seat_get_pointer(seat)
            wl_pointer_add_listener(pointer, &pointerListener, userData)
        } else if !hasPointer, let pointer {
            wl_pointer_destroy(pointer)
            self.pointer = nil
        }
        if hasKeyboard, keyboard == nil, let seat = globals.seat {
            if keys == nil { keys = Keyboard() }
            keyboard = wl_seat_get_keyboard(seat)
            wl_keyboard_add_listener(keyboard, &keyboardListener, userData)
        } else if !hasKeyboard, let keyboard {
            wl_keyboard_destroy(keyboard)
            self.keyboard = nil
            keyboardSurface = nil
        }
    }

    /// Which window a surface is, if it is one of ours.
    func role(of surface: OpaquePointer?) -> WindowRole? {
        guard let surface else { return nil }
        if surface == self.surface { return .main }
        if let popup, surface == popup.surface { return .popup }
        return nil
    }

    private func pixels(_ value: wl_fixed_t) -> Double {
        wl_fixed_to_double(value) * scale.factor
    }

    private func pointerMoved() {
        guard let role = role(of: pointerSurface) else { return }
        events.append(.pointerMoved(role, x: Int(pointerPosition.x.rounded(.down)), y: Int(pointerPosition.y.rounded(.down))))
    }

    func pointerEntered(_ surface: OpaquePointer?, serial: UInt32, x: wl_fixed_t, y: wl_fixed_t) {
        pointerSurface = surface
        pointerEnterSerial = serial
        pointerPosition = (pixels(x), pixels(y))
        showCursor()
        pointerMoved()
    }

    /// Sets the pointer's image while it is over one of our surfaces; the
    /// compositor takes it only with the serial of the latest enter.
    func showCursor() {
        guard pointerSurface != nil, let cursor, let pointer else { return }
        wl_pointer_set_cursor(pointer, pointerEnterSerial, cursor.surface, cursor.hotspot.x, cursor.hotspot.y)
    }

    func pointerLeft(_ surface: OpaquePointer?) {
        if let role = role(of: surface) { events.append(.pointerLeft(role)) }
        if surface == pointerSurface { pointerSurface = nil }
    }

    func pointerMoved(x: wl_fixed_t, y: wl_fixed_t) {
        pointerPosition = (pixels(x), pixels(y))
        pointerMoved()
    }

    func pointerButton(_ button: UInt32, pressed: Bool, serial: UInt32) {
        guard pressed else { return }
        inputSerial = serial
        // BTN_LEFT from linux/input-event-codes.h.
        guard button == 0x110, let role = role(of: pointerSurface) else { return }
        events.append(.pressed(role, x: Int(pointerPosition.x.rounded(.down)), y: Int(pointerPosition.y.rounded(.down))))
    }

    /// Continuous motion, as a touchpad gives it, in surface-local pixels.
    func pointerAxis(_ axis: UInt32, value: wl_fixed_t) {
        if axis == WL_POINTER_AXIS_VERTICAL_SCROLL.rawValue { scroll.distance.y += wl_fixed_to_double(value) }
        else { scroll.distance.x += wl_fixed_to_double(value) }
    }

    /// Wheel clicks, in 120ths of a click (`axis_value120`, or `axis_discrete` times 120).
    func pointerClicks(_ axis: UInt32, value120: Int32) {
        if axis == WL_POINTER_AXIS_VERTICAL_SCROLL.rawValue { scroll.clicks.y += value120 }
        else { scroll.clicks.x += value120 }
    }

    /// The end of one motion: clicks when the wheel sent them, never also
    /// their continuous equivalent.
    func pointerFrame() {
        defer { scroll = ScrollFrame() }
        guard !scroll.isEmpty, let role = role(of: pointerSurface) else { return }
        let dx: Int, dy: Int
        if scroll.clicks != (0, 0) {
            dx = Int((Double(scroll.clicks.x) / 120 * scrollStep).rounded())
            dy = Int((Double(scroll.clicks.y) / 120 * scrollStep).rounded())
        } else {
            dx = Int((scroll.distance.x * scale.factor).rounded())
            dy = Int((scroll.distance.y * scale.factor).rounded())
        }
        if dx != 0 || dy != 0 { events.append(.scrolled(role, dx: dx, dy: dy)) }
    }

    func keyboardEntered(_ surface: OpaquePointer?) {
        keyboardSurface = surface
    }

    func keyboardLeft(_ surface: OpaquePointer?) {
        if keyboardSurface == surface { keyboardSurface = nil }
        keys?.reset()
    }

    func key(_ code: UInt32, pressed: Bool, serial: UInt32) {
        if pressed { inputSerial = serial }
        guard let (key, stroke) = keys?.key(code, pressed: pressed, at: Self.monotonicNow()) else { return }
        events.append(pressed ? .keyPressed(key, stroke) : .keyReleased(stroke))
    }

    /// The window has the focus while the keyboard is on any of its
    /// surfaces, so moving it to our own popup changes nothing, as on X11.
    func noteFocus() {
        let focused = role(of: keyboardSurface) != nil
        guard focused != reportedFocus else { return }
        reportedFocus = focused
        events.append(.focusChanged(focused))
        textInputFollowsFocus(focused)
    }
}
