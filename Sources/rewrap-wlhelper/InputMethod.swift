import CWayland
import CWaylandTestProtocols
#if canImport(Glibc)
import Glibc
#endif

// An input method on the compositor's seat (wlroots' zwp_input_method_v2),
// for the end-to-end tests: it waits until a text input is enabled, then
// commits TEXT to it, as an input method does once the user picks a word.
//
//     rewrap-wlhelper input-method TEXT [PREEDIT]
//
// With PREEDIT, that composition is shown first, in a commit of its own.
// It prints the content type the text input declared, as
// `content type: hint H purpose P` (or `content type: none`).

/// What the compositor has told the input method so far.
final class InputMethodState {
    var seat: OpaquePointer?
    var manager: OpaquePointer?
    /// `done` events so far: each commit names this count as its serial.
    var doneCount: UInt32 = 0
    /// Activated, and applied by a done: a text input is enabled.
    var pendingActive = false
    var active = false
    var unavailable = false
    /// Sent only by a text input that declares one; applied by a done.
    var pendingContentType: (hint: UInt32, purpose: UInt32)?
    var contentType: (hint: UInt32, purpose: UInt32)?
}

nonisolated(unsafe) var inputMethodRegistryListener = wl_registry_listener(
    global: { data, registry, name, interface, _ in
        let state = Unmanaged<InputMethodState>.fromOpaque(data!).takeUnretainedValue()
        switch String(cString: interface!) {
        case "wl_seat" where state.seat == nil:
            state.seat = OpaquePointer(wl_registry_bind(registry, name, rewrap_wl_seat_interface(), 1))
        case "zwp_input_method_manager_v2":
            state.manager = OpaquePointer(wl_registry_bind(registry, name, rewrap_zwp_input_method_manager_v2_interface(), 1))
        default: break
        }
    },
    global_remove: { _, _, _ in })

nonisolated(unsafe) var inputMethodListener = zwp_input_method_v2_listener(
    activate: { data, _ in InputMethodState.from(data).pendingActive = true },
    deactivate: { data, _ in InputMethodState.from(data).pendingActive = false },
    surrounding_text: { _, _, _, _, _ in },
    text_change_cause: { _, _, _ in },
    content_type: { data, _, hint, purpose in InputMethodState.from(data).pendingContentType = (hint, purpose) },
    done: { data, _ in
        let state = InputMethodState.from(data)
        state.doneCount &+= 1
        state.active = state.pendingActive
        state.contentType = state.pendingContentType
    },
    unavailable: { data, _ in InputMethodState.from(data).unavailable = true })

extension InputMethodState {
    static func from(_ data: UnsafeMutableRawPointer?) -> InputMethodState {
        Unmanaged<InputMethodState>.fromOpaque(data!).takeUnretainedValue()
    }
}

/// Becomes the seat's input method, commits `text` (after `preedit`, if
/// given) to the first text input enabled within ten seconds, and exits.
func runInputMethod(text: String, preedit: String?) -> Never {
    guard let display = wl_display_connect(nil) else { fail("cannot connect to the Wayland compositor") }
    let state = InputMethodState()
    let registry = wl_display_get_registry(display)
    wl_registry_add_listener(registry, &inputMethodRegistryListener, Unmanaged.passUnretained(state).toOpaque())
    wl_display_roundtrip(display)
    guard let manager = state.manager, let seat = state.seat else {
        fail("the compositor offers no zwp_input_method_manager_v2 or no seat")
    }
    let method = zwp_input_method_manager_v2_get_input_method(manager, seat)
    zwp_input_method_v2_add_listener(method, &inputMethodListener, Unmanaged.passUnretained(state).toOpaque())
    let deadline = monotonicSeconds() + 10
    while !state.active {
        if state.unavailable { fail("the seat already has an input method") }
        let left = deadline - monotonicSeconds()
        guard left > 0 else { fail("no text input was enabled within 10 s") }
        guard wl_display_flush(display) >= 0 else { fail("lost the connection to the compositor") }
        var watched = pollfd(fd: wl_display_get_fd(display), events: Int16(POLLIN), revents: 0)
        if poll(&watched, 1, Int32(left * 1000)) > 0, wl_display_dispatch(display) < 0 {
            fail("lost the connection to the compositor")
        }
    }
    if let preedit {
        zwp_input_method_v2_set_preedit_string(method, preedit, 0, Int32(preedit.utf8.count))
        zwp_input_method_v2_commit(method, state.doneCount)
    }
    zwp_input_method_v2_commit_string(method, text)
    zwp_input_method_v2_commit(method, state.doneCount)
    guard wl_display_roundtrip(display) >= 0 else { fail("lost the connection to the compositor") }
    print(state.contentType.map { "content type: hint \($0.hint) purpose \($0.purpose)" } ?? "content type: none")
    wl_display_disconnect(display)
    exit(0)
}

func monotonicSeconds() -> Double {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
}
