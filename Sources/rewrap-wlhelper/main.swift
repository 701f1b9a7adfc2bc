import CWayland
import CWaylandTestProtocols
#if canImport(Glibc)
import Glibc
#endif

// A virtual pointer on a Wayland compositor's seat, for the end-to-end tests:
// sway's headless seat has no pointer of its own.
//
//     rewrap-wlhelper WIDTH HEIGHT [move X Y | click | down | up | wheel CLICKS | swipe PIXELS | wait MS]...
//     rewrap-wlhelper input-method TEXT [PREEDIT]      (InputMethod.swift)
//     rewrap-wlhelper keyboard [LAYOUTS]                (Keyboard.swift)
//     rewrap-wlhelper kwin                              (FakeInput.swift)
//
// WIDTH and HEIGHT are the output's logical size; X and Y are logical
// coordinates on it.

func fail(_ message: String) -> Never {
    let line = "rewrap-wlhelper: \(message)\n"
    _ = line.withCString { write(2, $0, strlen($0)) }
    exit(1)
}

final class Globals {
    var seat: OpaquePointer?
    var manager: OpaquePointer?
    var keyboardManager: OpaquePointer?
}

nonisolated(unsafe) var registryListener = wl_registry_listener(
    global: { data, registry, name, interface, _ in
        let globals = Unmanaged<Globals>.fromOpaque(data!).takeUnretainedValue()
        switch String(cString: interface!) {
        case "wl_seat" where globals.seat == nil:
            globals.seat = OpaquePointer(wl_registry_bind(registry, name, rewrap_wl_seat_interface(), 1))
        case "zwp_virtual_keyboard_manager_v1":
            globals.keyboardManager = OpaquePointer(wl_registry_bind(registry, name, rewrap_zwp_virtual_keyboard_manager_v1_interface(), 1))
        case "zwlr_virtual_pointer_manager_v1":
            globals.manager = OpaquePointer(wl_registry_bind(registry, name, rewrap_zwlr_virtual_pointer_manager_v1_interface(), 1))
        default: break
        }
    },
    global_remove: { _, _, _ in })

let arguments = Array(CommandLine.arguments.dropFirst())
if arguments.first == "input-method" {
    guard arguments.count == 2 || arguments.count == 3 else { fail("usage: rewrap-wlhelper input-method TEXT [PREEDIT]") }
    runInputMethod(text: arguments[1], preedit: arguments.count == 3 ? arguments[2] : nil)
}
if arguments == ["kwin"] { runFakeInput() }
if arguments.first == "keyboard", arguments.count <= 2 {
    guard let display = wl_display_connect(nil) else { fail("cannot connect to the Wayland compositor") }
    let globals = Globals()
    let registry = wl_display_get_registry(display)
    wl_registry_add_listener(registry, &registryListener, Unmanaged.passUnretained(globals).toOpaque())
    wl_display_roundtrip(display)
    guard let manager = globals.keyboardManager, let seat = globals.seat else { fail("the compositor offers no zwp_virtual_keyboard_manager_v1") }
    typeLines(display: display, keyboard: zwp_virtual_keyboard_manager_v1_create_virtual_keyboard(manager, seat),
              layouts: arguments.count == 2 ? arguments[1] : nil)
    exit(0)
}
guard arguments.count >= 2, let width = UInt32(arguments[0]), let height = UInt32(arguments[1]) else {
    fail("usage: rewrap-wlhelper WIDTH HEIGHT [move X Y | click | down | up | wheel CLICKS | swipe PIXELS | wait MS]... | keyboard [LAYOUTS] | kwin")
}
guard let display = wl_display_connect(nil) else { fail("cannot connect to the Wayland compositor") }
let globals = Globals()
let registry = wl_display_get_registry(display)
wl_registry_add_listener(registry, &registryListener, Unmanaged.passUnretained(globals).toOpaque())
wl_display_roundtrip(display)
guard let manager = globals.manager else { fail("the compositor offers no zwlr_virtual_pointer_manager_v1") }
let pointer = zwlr_virtual_pointer_manager_v1_create_virtual_pointer(manager, globals.seat)

var time: UInt32 = 1
@MainActor func send(_ body: () -> Void) {
    body()
    zwlr_virtual_pointer_v1_frame(pointer)
    time += 10
    wl_display_roundtrip(display)
}

var index = 2
@MainActor func next() -> String {
    guard index < arguments.count else { fail("missing value after '\(arguments[index - 1])'") }
    defer { index += 1 }
    return arguments[index]
}
while index < arguments.count {
    let command = next()
    switch command {
    case "move":
        guard let x = UInt32(next()), let y = UInt32(next()) else { fail("bad coordinates for move") }
        send { zwlr_virtual_pointer_v1_motion_absolute(pointer, time, x, y, width, height) }
    case "click":
        // BTN_LEFT, pressed then released.
        send { zwlr_virtual_pointer_v1_button(pointer, time, 0x110, 1) }
        send { zwlr_virtual_pointer_v1_button(pointer, time, 0x110, 0) }
    case "down", "up":
        // BTN_LEFT held from `down` to `up`, for a drag.
        send { zwlr_virtual_pointer_v1_button(pointer, time, 0x110, command == "down" ? 1 : 0) }
    case "wheel":
        guard let clicks = Int32(next()) else { fail("bad count for wheel") }
        send {
            zwlr_virtual_pointer_v1_axis_source(pointer, 0)
            zwlr_virtual_pointer_v1_axis_discrete(pointer, time, 0, wl_fixed_from_int(15 * clicks), clicks)
        }
    case "swipe":
        // A touchpad's two-finger scroll: continuous motion, no clicks.
        guard let pixels = Double(next()) else { fail("bad distance for swipe") }
        send {
            zwlr_virtual_pointer_v1_axis_source(pointer, 1)
            zwlr_virtual_pointer_v1_axis(pointer, time, 0, wl_fixed_from_double(pixels))
        }
    case "wait":
        guard let milliseconds = UInt32(next()) else { fail("bad time for wait") }
        usleep(milliseconds * 1000)
    default:
        fail("unknown command '\(command)'")
    }
}
zwlr_virtual_pointer_v1_destroy(pointer)
wl_display_roundtrip(display)
wl_display_disconnect(display)
