import CWayland
import CWaylandProtocols

/// The seat's devices as the program holds them: the pointer with its
/// cursor, the keyboard with its keymap, and the text input. What they
/// mean is `SeatInput`'s to decide.
final class Seat {
    let proxy: OpaquePointer
    /// libdecor keeps its decorations still during a popup's grab on the seat of this name.
    var name: String?
    private(set) var pointer: OpaquePointer?
    private(set) var keyboard: OpaquePointer?
    private(set) var touch: OpaquePointer?
    /// Made with the first keyboard, and kept across keyboards that come and go.
    private(set) var keys: Keyboard?
    var cursor: Cursor?
    /// For input methods, where the compositor offers text-input-v3.
    let textInput: TextInput?
    private let owner: UnsafeMutableRawPointer

    init(proxy: OpaquePointer, textInputs: OpaquePointer?, owner: UnsafeMutableRawPointer) {
        self.proxy = proxy
        self.owner = owner
        textInput = textInputs.map { TextInput(manager: $0, seat: proxy, userData: owner) }
    }

    deinit {
        releasePointer()
        releaseKeyboard()
        releaseTouch()
    }

    /// Takes the devices the seat offers and lets go of those it no longer does.
    func take(_ capabilities: UInt32) {
        let hasPointer = capabilities & WL_SEAT_CAPABILITY_POINTER.rawValue != 0
        let hasKeyboard = capabilities & WL_SEAT_CAPABILITY_KEYBOARD.rawValue != 0
        if hasPointer, pointer == nil {
            pointer = wl_seat_get_pointer(proxy)
            wl_pointer_add_listener(pointer, &pointerListener, owner)
        } else if !hasPointer {
            releasePointer()
        }
        if hasKeyboard, keyboard == nil {
            if keys == nil { keys = Keyboard() }
            keyboard = wl_seat_get_keyboard(proxy)
            wl_keyboard_add_listener(keyboard, &keyboardListener, owner)
        } else if !hasKeyboard {
            releaseKeyboard()
        }
        let hasTouch = capabilities & WL_SEAT_CAPABILITY_TOUCH.rawValue != 0
        if hasTouch, touch == nil {
            touch = wl_seat_get_touch(proxy)
            wl_touch_add_listener(touch, &touchListener, owner)
        } else if !hasTouch {
            releaseTouch()
        }
    }

    /// From version 3 a device is released, so the compositor forgets it
    /// too; before that it can only be destroyed on our side.
    private func releasePointer() {
        guard let pointer else { return }
        if wl_proxy_get_version(pointer) >= 3 { wl_pointer_release(pointer) } else { wl_pointer_destroy(pointer) }
        self.pointer = nil
    }

    private func releaseTouch() {
        guard let touch else { return }
        if wl_proxy_get_version(touch) >= 3 { wl_touch_release(touch) } else { wl_touch_destroy(touch) }
        self.touch = nil
    }

    private func releaseKeyboard() {
        guard let keyboard else { return }
        if wl_proxy_get_version(keyboard) >= 3 { wl_keyboard_release(keyboard) } else { wl_keyboard_destroy(keyboard) }
        self.keyboard = nil
        keys?.reset()
    }
}
