import CWayland
import RewrapPlatform
import RewrapScene
#if canImport(Glibc)
import Glibc
#endif

/// The keyboard as the compositor describes it: its keymap compiled by
/// xkbcommon, the state of its modifiers, dead keys and compose sequences
/// from the locale's compose table, and key repeat at the compositor's rate.
final class Keyboard {
    private let context: OpaquePointer
    private var keymap: OpaquePointer?
    private var state: OpaquePointer?
    private let compose: OpaquePointer?
    /// Keys per second and the delay before the first repeat; rate 0 means none.
    private var rate: Int32 = 25
    private var delay: Int32 = 600
    /// The key held down that repeats, and when it next does.
    private var repeating: (code: UInt32, key: Key, stroke: KeyStroke, next: Double)?

    init() {
        context = xkb_context_new(XKB_CONTEXT_NO_FLAGS)
        // A keymap that does not compile is said in one line, below.
        xkb_context_set_log_level(context, XKB_LOG_LEVEL_CRITICAL)
        let names = ["LC_ALL", "LC_CTYPE", "LANG"]
        let locale = names.lazy.compactMap { (name: String) -> String? in getenv(name).map { String(cString: $0) } }
            .first { !$0.isEmpty } ?? "C"
        compose = xkb_compose_table_new_from_locale(context, locale, XKB_COMPOSE_COMPILE_NO_FLAGS)
            .flatMap { table in
                defer { xkb_compose_table_unref(table) }
                return xkb_compose_state_new(table, XKB_COMPOSE_STATE_NO_FLAGS)
            }
    }

    deinit {
        if let compose { xkb_compose_state_unref(compose) }
        if let state { xkb_state_unref(state) }
        if let keymap { xkb_keymap_unref(keymap) }
        xkb_context_unref(context)
    }

    /// Reads a keymap the compositor sent; one that does not compile is
    /// refused with one line, and keys are then ignored.
    func keymap(format: UInt32, descriptor: Int32, size: UInt32) {
        defer { close(descriptor) }
        guard format == WL_KEYBOARD_KEYMAP_FORMAT_XKB_V1.rawValue, size > 0,
              let mapped = mmap(nil, Int(size), PROT_READ, MAP_PRIVATE, descriptor, 0), mapped != MAP_FAILED else {
            _ = compileKeymap(nil, length: 0)
            writeLine("rewrap: the compositor sent a keymap that cannot be read; the keyboard is ignored")
            return
        }
        defer { munmap(mapped, Int(size)) }
        // The map is a string ending in a NUL, within `size` bytes.
        let text = mapped.assumingMemoryBound(to: CChar.self)
        if let refusal = compileKeymap(text, length: strnlen(text, Int(size))) { writeLine(refusal) }
    }

    /// Replaces the keymap with `length` bytes of keymap text; returns the
    /// line that refuses text that does not compile, and keys are then
    /// ignored, as they are with no text.
    func compileKeymap(_ text: UnsafePointer<CChar>?, length: Int) -> String? {
        if let state { xkb_state_unref(state) }
        if let keymap { xkb_keymap_unref(keymap) }
        state = nil
        keymap = nil
        guard let text else { return nil }
        guard let compiled = xkb_keymap_new_from_buffer(context, text, length, XKB_KEYMAP_FORMAT_TEXT_V1, XKB_KEYMAP_COMPILE_NO_FLAGS) else {
            return "rewrap: the compositor's keymap does not compile; the keyboard is ignored"
        }
        keymap = compiled
        state = xkb_state_new(compiled)
        return nil
    }

    func modifiers(depressed: UInt32, latched: UInt32, locked: UInt32, group: UInt32) {
        guard let state else { return }
        xkb_state_update_mask(state, depressed, latched, locked, 0, 0, group)
    }

    func repeatInfo(rate: Int32, delay: Int32) {
        self.rate = max(0, rate)
        // The loop waits in poll's Int32 milliseconds; a minute is already never.
        self.delay = min(max(0, delay), 60_000)
        // Rate 0 turns repeat off, for the key held now too.
        if self.rate == 0 { repeating = nil }
    }

    /// A key went down (`pressed`) or up at `now`: the key as sent, which a
    /// screen reader sees first, and the key it means to the app, if any.
    func key(_ code: UInt32, pressed: Bool, at now: Double) -> (key: Key?, stroke: KeyStroke)? {
        // X's keycode is the evdev code plus 8; a code past the largest names no key.
        guard let state, let keymap, code <= UInt32.max - 8 else { return nil }
        let keycode = code + 8
        var keysym = xkb_state_key_get_one_sym(state, keycode)
        guard pressed else {
            if repeating?.code == code { repeating = nil }
            return (nil, stroke(keysym, keycode: keycode, text: "", pressed: false, at: now))
        }
        // A new press ends the held key's repeat, whatever it goes on to mean.
        repeating = nil
        var text = Self.utf8 { xkb_state_key_get_utf8(state, keycode, $0, $1) }
        let sent = stroke(keysym, keycode: keycode, text: text, pressed: true, at: now)
        if let compose, xkb_compose_state_feed(compose, keysym) == XKB_COMPOSE_FEED_ACCEPTED {
            switch xkb_compose_state_get_status(compose) {
            case XKB_COMPOSE_COMPOSING:
                return (nil, sent)
            case XKB_COMPOSE_COMPOSED:
                keysym = xkb_compose_state_get_one_sym(compose)
                text = Self.utf8 { xkb_compose_state_get_utf8(compose, $0, $1) }
                xkb_compose_state_reset(compose)
            case XKB_COMPOSE_CANCELLED:
                xkb_compose_state_reset(compose)
                return (nil, sent)
            default:
                break
            }
        }
        let meant = KeyStroke(isPress: true, keysym: keysym, keycode: keycode, modifiers: sent.modifiers, text: text, time: sent.time)
        let key = Key(meant, latin: Self.latinKeysym(of: keycode, in: keymap))
        if let key, rate > 0, xkb_keymap_key_repeats(keymap, keycode) != 0 {
            repeating = (code, key, sent, now + Double(delay) / 1000)
        } else {
            repeating = nil
        }
        return (key, sent)
    }

    /// The key as AT-SPI's DeviceEvent carries it: xkb keysyms and keycodes
    /// are X's, and the modifiers are X's core mask bits.
    private func stroke(_ keysym: xkb_keysym_t, keycode: UInt32, text: String, pressed: Bool, at now: Double) -> KeyStroke {
        var modifiers: UInt32 = 0
        for (bit, name) in Self.coreModifiers where state.map({ xkb_state_mod_name_is_active($0, name, XKB_STATE_MODS_EFFECTIVE) > 0 }) == true {
            modifiers |= bit
        }
        return KeyStroke(isPress: pressed, keysym: keysym, keycode: keycode, modifiers: modifiers, text: text,
                         time: UInt32(truncatingIfNeeded: Int64(now * 1000)))
    }

    /// The Latin keysym the key has in the first layout that gives it
    /// one, for shortcuts typed while a non-Latin layout is active.
    private static func latinKeysym(of keycode: UInt32, in keymap: OpaquePointer) -> UInt32? {
        for layout in 0..<xkb_keymap_num_layouts_for_key(keymap, keycode) {
            var symbols: UnsafePointer<xkb_keysym_t>?
            guard xkb_keymap_key_get_syms_by_level(keymap, keycode, layout, 0, &symbols) == 1, let symbol = symbols?.pointee,
                  (0x20...0x7e).contains(symbol) else { continue }
            return symbol
        }
        return nil
    }

    private static let coreModifiers: [(UInt32, String)] = [
        (1, XKB_MOD_NAME_SHIFT), (2, XKB_MOD_NAME_CAPS), (4, XKB_MOD_NAME_CTRL), (8, XKB_MOD_NAME_ALT),
        (16, XKB_MOD_NAME_NUM), (64, XKB_MOD_NAME_LOGO),
    ]

    /// When the held key next repeats; nil when none is held.
    var repeatDeadline: Double? { repeating?.next }

    /// The held key once its repeat is due at `now`, marked as a repeat.
    func dueRepeat(at now: Double) -> (key: Key, stroke: KeyStroke)? {
        guard let held = repeating, now >= held.next else { return nil }
        repeating?.next = max(held.next + 1 / Double(rate), now)
        var stroke = held.stroke
        stroke.isRepeat = true
        return (held.key, stroke)
    }

    /// Focus left the window: nothing held repeats, and no sequence goes on.
    func reset() {
        repeating = nil
        if let compose { xkb_compose_state_reset(compose) }
    }

    private static func utf8(_ read: (UnsafeMutablePointer<CChar>?, Int) -> Int32) -> String {
        var buffer = [CChar](repeating: 0, count: 64)
        let count = buffer.withUnsafeMutableBufferPointer { Int(read($0.baseAddress, $0.count)) }
        guard count > 0 else { return "" }
        return String(decoding: buffer.prefix(min(count, 63)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
