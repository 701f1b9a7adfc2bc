import CWayland
import CWaylandTestProtocols
#if canImport(Glibc)
import Glibc
#endif

/// Stays on the seat as a keyboard and types the keys named on each line of
/// standard input, as xdotool names them (`Tab`, `shift+Tab`, `Insert+h`):
/// held in order, let go in reverse. A line may start with `down` or `up`
/// to only hold or only let go, and before that with `still` to stamp its
/// keys with the time of the line before, as kwin's fake input stamps keys
/// during a popup's grab. Says `ready` once the keymap is in, `ok` once the
/// compositor has each line's keys, and one line naming a key it cannot type.
///
/// The keymap is the desktop's default (evdev keycodes), or its `layouts`
/// (xkb's names, such as `ru,us`, the first active), sent once. A
/// screen reader matches its commands by keycode against that same keymap;
/// wtype makes a keymap of its own on each run, the first key at keycode 9,
/// which Orca's commands never match, and the seat loses its keyboard, so
/// the window its focus, between runs.
@MainActor func typeLines(display: OpaquePointer, keyboard: OpaquePointer?, layouts: String?) {
    guard let keyboard, let context = xkb_context_new(XKB_CONTEXT_NO_FLAGS),
          let keymap = keymap(layouts, in: context),
          let state = xkb_state_new(keymap),
          let text = xkb_keymap_get_as_string(keymap, XKB_KEYMAP_FORMAT_TEXT_V1) else { fail("cannot make the default keymap") }
    let size = strlen(text) + 1
    let file = rewrap_memfd()
    guard file >= 0, write(file, text, size) == size else { fail("cannot share the keymap") }
    free(text)
    zwp_virtual_keyboard_v1_keymap(keyboard, 1 /* xkb_v1 */, file, UInt32(size))
    wl_display_roundtrip(display)
    close(file)
    // The compositor hands the new keymap to its clients before keys count.
    usleep(300_000)
    say("ready")

    let start = monotonicMilliseconds()
    var time: UInt32 = 0
    func send(_ keycode: xkb_keycode_t, pressed: Bool, still: Bool) {
        if !still { time = UInt32(truncatingIfNeeded: monotonicMilliseconds() - start) }
        zwp_virtual_keyboard_v1_key(keyboard, time, keycode - 8, pressed ? 1 : 0)
        xkb_state_update_key(state, keycode, pressed ? XKB_KEY_DOWN : XKB_KEY_UP)
        zwp_virtual_keyboard_v1_modifiers(keyboard, xkb_state_serialize_mods(state, XKB_STATE_MODS_DEPRESSED),
                                          xkb_state_serialize_mods(state, XKB_STATE_MODS_LATCHED),
                                          xkb_state_serialize_mods(state, XKB_STATE_MODS_LOCKED),
                                          xkb_state_serialize_layout(state, XKB_STATE_LAYOUT_EFFECTIVE))
        wl_display_roundtrip(display)
        usleep(20_000)
    }
    while let line = readLine() {
        var words = line.split(separator: " ").map(String.init)
        let still = words.first == "still"
        if still { words.removeFirst() }
        let only = words.count == 2 && ["down", "up"].contains(words[0]) ? words.removeFirst() : nil
        guard words.count == 1 else {
            say("bad keys: \(line)")
            continue
        }
        let names = words[0].split(separator: "+").map(String.init)
        let keycodes = names.map { keycode(named: $0, in: keymap) }
        if let missing = zip(names, keycodes).first(where: { $0.1 == nil }) {
            say("no key for '\(missing.0)'")
            continue
        }
        if only != "up" { for keycode in keycodes.compactMap({ $0 }) { send(keycode, pressed: true, still: still) } }
        if only != "down" { for keycode in keycodes.compactMap({ $0 }).reversed() { send(keycode, pressed: false, still: still) } }
        say("ok")
    }
    zwp_virtual_keyboard_v1_destroy(keyboard)
    wl_display_roundtrip(display)
}

/// The default keymap, or one of `layouts`.
func keymap(_ layouts: String?, in context: OpaquePointer) -> OpaquePointer? {
    guard let layouts else { return xkb_keymap_new_from_names(context, nil, XKB_KEYMAP_COMPILE_NO_FLAGS) }
    return layouts.withCString { names in
        var rules = xkb_rule_names(rules: nil, model: nil, layout: names, variant: nil, options: nil)
        return xkb_keymap_new_from_names(context, &rules, XKB_KEYMAP_COMPILE_NO_FLAGS)
    }
}

/// The key whose first level gives the keysym `name` (`shift` for
/// Shift_L, as xdotool has it), or failing that any of its levels.
func keycode(named name: String, in keymap: OpaquePointer) -> xkb_keycode_t? {
    let aliases = ["shift": "Shift_L", "ctrl": "Control_L", "alt": "Alt_L", "super": "Super_L"]
    let keysym = xkb_keysym_from_name(aliases[name.lowercased()] ?? name, XKB_KEYSYM_NO_FLAGS)
    guard keysym != 0 else { return nil }
    var found: xkb_keycode_t?
    for level: xkb_level_index_t in 0..<4 {
        for keycode in xkb_keymap_min_keycode(keymap)...xkb_keymap_max_keycode(keymap) {
            var symbols: UnsafePointer<xkb_keysym_t>?
            let count = xkb_keymap_key_get_syms_by_level(keymap, keycode, 0, level, &symbols)
            if count > 0, let symbols, (0..<Int(count)).contains(where: { symbols[$0] == keysym }) {
                found = keycode
                break
            }
        }
        if found != nil { break }
    }
    return found
}

func say(_ line: String) {
    let text = line + "\n"
    _ = text.withCString { write(1, $0, strlen($0)) }
}

func monotonicMilliseconds() -> Int64 {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return Int64(now.tv_sec) * 1000 + Int64(now.tv_nsec) / 1_000_000
}
