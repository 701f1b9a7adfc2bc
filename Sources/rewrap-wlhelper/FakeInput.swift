import CWayland
import CWaylandTestProtocols
#if canImport(Glibc)
import Glibc
#endif

// KWin's seat driven through org_kde_kwin_fake_input (version 4), for the
// end-to-end walk: kwin's virtual backend has no input devices of its own.
//
//     rewrap-wlhelper kwin
//
// Reads one command a line and answers `ok` once kwin has it (a round
// trip), or one line saying what was wrong; says `ready` first.
//
//     move X Y           the pointer to X, Y: logical pixels of the output
//     down | up          the left button (BTN_LEFT, 272)
//     key NAME[+NAME]    keys as xdotool names them, held in order and let
//                        go in reverse, sent as Linux key codes
//     keydown NAME[+NAME] | keyup NAME[+NAME]
//                        only the holding, or only the letting go
//     touchdown ID X Y | touchmove ID X Y | touchup ID | touchcancel
//                        a finger; each is followed by a touch frame

final class FakeInputGlobals {
    var fakeInput: OpaquePointer?
    var version: UInt32 = 0
}

nonisolated(unsafe) var fakeInputRegistryListener = wl_registry_listener(
    global: { data, registry, name, interface, version in
        let globals = Unmanaged<FakeInputGlobals>.fromOpaque(data!).takeUnretainedValue()
        if String(cString: interface!) == "org_kde_kwin_fake_input" {
            globals.version = min(version, 4)
            globals.fakeInput = OpaquePointer(wl_registry_bind(registry, name, rewrap_org_kde_kwin_fake_input_interface(),
                                                               globals.version))
        }
    },
    global_remove: { _, _, _ in })

func runFakeInput() -> Never {
    guard let display = wl_display_connect(nil) else { fail("cannot connect to the Wayland compositor") }
    let globals = FakeInputGlobals()
    let registry = wl_display_get_registry(display)
    wl_registry_add_listener(registry, &fakeInputRegistryListener, Unmanaged.passUnretained(globals).toOpaque())
    wl_display_roundtrip(display)
    guard let input = globals.fakeInput else { fail("the compositor offers no org_kde_kwin_fake_input") }
    guard globals.version >= 4 else { fail("org_kde_kwin_fake_input is version \(globals.version), keys need 4") }
    // kwin ignores every request until the client has said who it is.
    org_kde_kwin_fake_input_authenticate(input, "rewrap-wlhelper", "the end-to-end tests' walk")
    guard let context = xkb_context_new(XKB_CONTEXT_NO_FLAGS),
          let keymap = xkb_keymap_new_from_names(context, nil, XKB_KEYMAP_COMPILE_NO_FLAGS) else {
        fail("cannot make the default keymap")
    }
    guard wl_display_roundtrip(display) >= 0 else { fail("lost the connection to the compositor") }
    say("ready")
    while let line = readLine() {
        let words = line.split(separator: " ").map(String.init)
        guard let command = words.first else { continue }
        func number(_ index: Int) -> Double? { index < words.count ? Double(words[index]) : nil }
        func id(_ index: Int) -> UInt32? { index < words.count ? UInt32(words[index]) : nil }
        switch command {
        case "move":
            guard let x = number(1), let y = number(2) else { say("bad coordinates: \(line)"); continue }
            org_kde_kwin_fake_input_pointer_motion_absolute(input, wl_fixed_from_double(x), wl_fixed_from_double(y))
        case "down", "up":
            org_kde_kwin_fake_input_button(input, 0x110, command == "down" ? 1 : 0)
        case "key", "keydown", "keyup":
            guard words.count == 2 else { say("bad keys: \(line)"); continue }
            let names = words[1].split(separator: "+").map(String.init)
            let keycodes = names.map { keycode(named: $0, in: keymap) }
            if let missing = zip(names, keycodes).first(where: { $0.1 == nil }) {
                say("no key for '\(missing.0)'")
                continue
            }
            // xkb's key codes are Linux's plus 8.
            let codes = keycodes.compactMap { $0 }.map { UInt32($0) - 8 }
            for code in codes where command != "keyup" {
                org_kde_kwin_fake_input_keyboard_key(input, code, 1)
                wl_display_roundtrip(display)
            }
            for code in codes.reversed() where command != "keydown" {
                org_kde_kwin_fake_input_keyboard_key(input, code, 0)
                wl_display_roundtrip(display)
            }
        case "touchdown", "touchmove":
            guard let finger = id(1), let x = number(2), let y = number(3) else { say("bad touch: \(line)"); continue }
            if command == "touchdown" {
                org_kde_kwin_fake_input_touch_down(input, finger, wl_fixed_from_double(x), wl_fixed_from_double(y))
            } else {
                org_kde_kwin_fake_input_touch_motion(input, finger, wl_fixed_from_double(x), wl_fixed_from_double(y))
            }
            org_kde_kwin_fake_input_touch_frame(input)
        case "touchup":
            guard let finger = id(1) else { say("bad touch: \(line)"); continue }
            org_kde_kwin_fake_input_touch_up(input, finger)
            org_kde_kwin_fake_input_touch_frame(input)
        case "touchcancel":
            org_kde_kwin_fake_input_touch_cancel(input)
            org_kde_kwin_fake_input_touch_frame(input)
        default:
            say("unknown command '\(command)'")
            continue
        }
        guard wl_display_roundtrip(display) >= 0 else { fail("lost the connection to the compositor") }
        say("ok")
    }
    wl_display_disconnect(display)
    exit(0)
}
