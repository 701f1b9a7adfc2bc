import CWayland
import CWaylandProtocols
import RewrapLayout
import RewrapPlatform
import RewrapScene

/// The seat's text input: enabled while the keyboard is on one of our
/// windows, with the focused control as its cursor rectangle, so the
/// desktop's input method composes for Rewrap and the text it commits is
/// typed as keys are.
final class TextInput {
    let proxy: OpaquePointer
    var ledger = TextInputLedger()
    /// Which of our windows the text input is on; nil while on none.
    var window: WindowRole?
    /// The focused control in each window, in that window's pixels.
    var controls: [WindowRole: PixelRect] = [:]
    /// The cursor rectangle last sent, in surface coordinates.
    private var sentRectangle: [Int32]?

    init(manager: OpaquePointer, seat: OpaquePointer, userData: UnsafeMutableRawPointer) {
        proxy = zwp_text_input_manager_v3_get_text_input(manager, seat)
        zwp_text_input_v3_add_listener(proxy, &textInputListener, userData)
    }

    deinit {
        zwp_text_input_v3_destroy(proxy)
    }

    /// Enables the text input for `role`'s window, with `rectangle` as its
    /// cursor: its purpose is plain text with no hints (options are chosen
    /// by typing their names).
    func enable(_ role: WindowRole, rectangle: [Int32]?) {
        window = role
        ledger.enabled()
        zwp_text_input_v3_enable(proxy)
        zwp_text_input_v3_set_content_type(proxy, ZWP_TEXT_INPUT_V3_CONTENT_HINT_NONE.rawValue,
                                           ZWP_TEXT_INPUT_V3_CONTENT_PURPOSE_NORMAL.rawValue)
        sentRectangle = nil
        sendRectangle(rectangle)
        commit()
    }

    /// The compositor ignores this after a leave, but counts its commit, as
    /// wlroots does, so the serials stay in step either way.
    func disable() {
        window = nil
        zwp_text_input_v3_disable(proxy)
        commit()
    }

    /// Sends a moved cursor rectangle, unless the compositor is behind (a
    /// done named an older commit): it follows the next current done.
    func cursorMoved(_ rectangle: [Int32]?) {
        guard window != nil, !ledger.isBehind, sendRectangle(rectangle) else { return }
        commit()
    }

    /// Sets the cursor rectangle (x, y, width, height in logical pixels of
    /// the surface the text input is on); true when it changed.
    @discardableResult
    private func sendRectangle(_ rectangle: [Int32]?) -> Bool {
        guard let rectangle, rectangle.count == 4, rectangle != sentRectangle else { return false }
        sentRectangle = rectangle
        zwp_text_input_v3_set_cursor_rectangle(proxy, rectangle[0], rectangle[1], rectangle[2], rectangle[3])
        return true
    }

    private func commit() {
        zwp_text_input_v3_commit(proxy)
        ledger.committed()
    }
}

/// Text from an input method, typed as a composed key is: one key per
/// character, so type-ahead in a menu takes any script.
extension WaylandPlatform {
    /// The focused control moved, or focus moved to another: an input
    /// method's candidates follow it.
    public func focusMoved(to rect: PixelRect, in role: WindowRole) {
        guard let textInput = seat?.textInput else { return }
        textInput.controls[role] = rect
        textInput.cursorMoved(textInput.window.flatMap(cursorRectangle(on:)))
    }

    /// Where an input method's candidates go, in logical pixels of
    /// `window`'s surface: an open menu's highlighted row (sway
    /// 1.7 leaves the keyboard on the main window while its popup grabs),
    /// else the focused control.
    func cursorRectangle(on window: WindowRole) -> [Int32]? {
        guard let textInput = seat?.textInput, let scale = self.window?.scale else { return nil }
        var rect = textInput.controls[window]
        if let popup, let row = textInput.controls[.popup] {
            let origin = window == .main ? popup.configured?.origin : Point(x: 0, y: 0)
            rect = origin.map { PixelRect(x: row.x + Int($0.x), y: row.y + Int($0.y), width: row.width, height: row.height) } ?? rect
        }
        guard let rect else { return nil }
        let x = scale.logical(Double(rect.x), rounding: .down), y = scale.logical(Double(rect.y), rounding: .down)
        return [x, y, scale.logical(Double(rect.x + rect.width), rounding: .up) - x,
                scale.logical(Double(rect.y + rect.height), rounding: .up) - y]
    }

    /// The text input follows the keyboard to one of our surfaces.
    func textInputEntered(_ surface: OpaquePointer?) {
        guard let textInput = seat?.textInput, let role = role(of: surface) else { return }
        textInput.enable(role, rectangle: cursorRectangle(on: role))
    }

    func textInputLeft() {
        guard let textInput = seat?.textInput, textInput.window != nil else { return }
        textInput.disable()
    }

    /// The window lost the keyboard: the text input is disabled even if the
    /// compositor's text-input focus lags behind the keyboard's.
    func textInputFollowsFocus(_ focused: Bool) {
        if !focused { textInputLeft() }
    }

    func textInputDone(serial: UInt32) {
        guard let textInput = seat?.textInput else { return }
        let done = textInput.ledger.done(serial: serial)
        if done.isCurrent { textInput.cursorMoved(textInput.window.flatMap(cursorRectangle(on:))) }
        // Text committed for a window the keyboard has left is not typed there.
        guard textInput.window != nil, !done.text.isEmpty else { return }
        // The key held when the input method took the keyboard may never
        // come up here: its repeat ends, or it would type on after the text.
        seat?.keys?.reset()
        let time = UInt32(truncatingIfNeeded: Int64(Self.monotonicNow() * 1000))
        for character in done.text {
            let text = String(character)
            // Text, never a command: a committed space or tab is no Space or Tab key.
            let key = Key(KeyStroke(isPress: true, keysym: 0, keycode: 0, modifiers: 0, text: text, time: time))
            let scalars = character.unicodeScalars
            let keysym = scalars.count == 1 ? xkb_utf32_to_keysym(scalars.first!.value) : 0
            events.append(.keyPressed(key, KeyStroke(isPress: true, keysym: keysym, keycode: 0, modifiers: 0, text: text, time: time)))
        }
    }
}

nonisolated(unsafe) var textInputListener = zwp_text_input_v3_listener(
    enter: { data, _, surface in WaylandPlatform.from(data).textInputEntered(surface) },
    leave: { data, _, _ in WaylandPlatform.from(data).textInputLeft() },
    preedit_string: { data, _, text, _, _ in
        WaylandPlatform.from(data).seat?.textInput?.ledger.preeditString(text.map { String(cString: $0) })
    },
    commit_string: { data, _, text in
        WaylandPlatform.from(data).seat?.textInput?.ledger.commitString(text.map { String(cString: $0) })
    },
    // Rewrap sends no surrounding text, so there is none to delete.
    delete_surrounding_text: { _, _, _, _ in },
    done: { data, _, serial in WaylandPlatform.from(data).textInputDone(serial: serial) })
