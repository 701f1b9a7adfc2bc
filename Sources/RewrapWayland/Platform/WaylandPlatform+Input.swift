import CWayland
import RewrapPlatform
import RewrapScene

/// The seat's events, named and put in window pixels for `SeatInput`,
/// whose rules turn them into platform events.
extension WaylandPlatform {
    /// The seat's devices are taken once the first frame is shown, as the
    /// X11 platform sets up its input then: keymaps, compose tables and the
    /// cursor theme cost the first frame otherwise.
    func takeSeatDevices() {
        guard window?.startupFinished == true, let seat else { return }
        seat.take(connection.seatCapabilities)
    }

    /// Which window a surface is, if it is one of ours.
    func role(of surface: OpaquePointer?) -> WindowRole? {
        guard let surface else { return nil }
        if surface == windowSurface?.proxy { return .main }
        if let popup, surface == popup.surface { return .popup }
        return nil
    }

    /// Hands `event` to the seat's rules, and what it means to the app.
    func take(_ event: SeatEvent) {
        guard let wasFocused = input?.reportedFocus, let translated = input?.take(event) else { return }
        events += translated
        if let focused = input?.reportedFocus, focused != wasFocused { textInputFollowsFocus(focused) }
    }

    private func pixels(_ value: wl_fixed_t) -> Double {
        wl_fixed_to_double(value) * (window?.scale.factor ?? 1)
    }

    func pointerEntered(_ surface: OpaquePointer?, serial: UInt32, x: wl_fixed_t, y: wl_fixed_t) {
        take(.pointerEntered(role(of: surface), x: pixels(x), y: pixels(y), serial: serial))
        showCursor()
    }

    /// Reads the cursor theme (every cursor of it, into shared memory), once
    /// the seat has a pointer: a seat with none, as on a touch-only machine,
    /// never pays for it.
    func loadCursor() {
        guard let seat, seat.cursor == nil, let window,
              connection.seatCapabilities & WL_SEAT_CAPABILITY_POINTER.rawValue != 0 else { return }
        seat.cursor = Cursor(globals: connection.required, scale: window.scale.cursorScale, settings: settings)
    }

    /// Sets the pointer's image while it is over one of our surfaces; the
    /// compositor takes it only with the serial of the latest enter.
    func showCursor() {
        guard let input, input.pointerRole != nil, let seat, let pointer = seat.pointer else { return }
        loadCursor()
        guard let cursor = seat.cursor else { return }
        wl_pointer_set_cursor(pointer, input.pointerEnterSerial, cursor.surface, cursor.hotspot.x, cursor.hotspot.y)
    }

    func pointerLeft(_ surface: OpaquePointer?) {
        take(.pointerLeft(role(of: surface)))
    }

    func pointerMoved(x: wl_fixed_t, y: wl_fixed_t) {
        take(.pointerMoved(x: pixels(x), y: pixels(y)))
    }

    func pointerButton(_ button: UInt32, pressed: Bool, serial: UInt32) {
        take(.button(button, pressed: pressed, serial: serial))
    }

    /// Continuous motion, as a touchpad gives it, in surface-local pixels.
    func pointerAxis(_ axis: UInt32, value: wl_fixed_t) {
        take(.axis(vertical: axis == WL_POINTER_AXIS_VERTICAL_SCROLL.rawValue, pixels: pixels(value)))
    }

    /// Wheel clicks, in 120ths of a click (`axis_value120`, or `axis_discrete` times 120).
    func pointerClicks(_ axis: UInt32, value120: Int32) {
        take(.clicks(vertical: axis == WL_POINTER_AXIS_VERTICAL_SCROLL.rawValue, value120: value120))
    }

    func touchDown(_ surface: OpaquePointer?, id: Int32, x: wl_fixed_t, y: wl_fixed_t, time: UInt32, serial: UInt32) {
        take(.touchDown(role(of: surface), id: id, x: pixels(x), y: pixels(y), time: Double(time) / 1000, serial: serial))
    }

    func touchMoved(id: Int32, x: wl_fixed_t, y: wl_fixed_t, time: UInt32) {
        take(.touchMotion(id: id, x: pixels(x), y: pixels(y), time: Double(time) / 1000))
    }

    func keyboardEntered(_ surface: OpaquePointer?) {
        take(.keyboardEntered(role(of: surface)))
    }

    func keyboardLeft() {
        seat?.keys?.reset()
        take(.keyboardLeft)
    }

    func key(_ code: UInt32, pressed: Bool, serial: UInt32) {
        take(.key(pressed: pressed, serial: serial))
        guard let (key, stroke) = seat?.keys?.key(code, pressed: pressed, at: Self.monotonicNow()) else { return }
        events.append(pressed ? .keyPressed(key, stroke) : .keyReleased(stroke))
    }
}
