import RewrapPlatform
@testable import RewrapWayland

extension FuzzTarget {
    /// Any bytes as the keymap a compositor sends (`wl_keyboard.keymap`),
    /// compiled by xkbcommon, then a run of keyboard events through its
    /// state: keys of any 32-bit code, modifier masks, repeat rates and
    /// delays, and time passing. The first two bytes give the keymap's
    /// length; the events follow it.
    ///
    /// A keymap either compiles or is refused with one line, and keys are
    /// then ignored. Each key is reported as sent, with X's keycode (the
    /// evdev code plus 8; a code past the largest is no key), pressed or
    /// released as it was; a release means no key to the app and stops its
    /// repeat; a repeat comes only when due, never once repeat is turned
    /// off, and is due within what the loop's poll can wait.
    public static let waylandKeymap = FuzzTarget(name: "wayland-keymap") { bytes in
        var input = FuzzInput(bytes)
        // Ending in a NUL, as the compositor's does, which the length leaves out.
        let text = input.bytes(Int(input.uint16())).map { CChar(bitPattern: $0) } + [0]
        let keyboard = FuzzKeyboard.shared
        keyboard.reset()
        keyboard.repeatInfo(rate: 25, delay: 600)
        let refusal = text.withUnsafeBufferPointer { keyboard.compileKeymap($0.baseAddress, length: $0.count - 1) }
        if let refusal, !refusal.hasPrefix("rewrap: ") || refusal.contains("\n") { return "a keymap was refused as \(refusal.debugDescription)" }
        var now = 1.0
        // The key last pressed that repeats.
        var held: UInt32?
        var repeats = true
        while !input.isAtEnd {
            if let next = keyboard.repeatDeadline, !(next.isFinite && (next - now) * 1000 < Double(Int32.max)) {
                return "the next repeat is due at \(next), at \(now): more than poll can wait"
            }
            switch input.byte() % 5 {
            case 0:
                let code = input.bool() ? UInt32(input.byte()) : UInt32(bitPattern: input.int32())
                let pressed = input.bool()
                let result = keyboard.key(code, pressed: pressed, at: now)
                guard let (key, stroke) = result else {
                    // Past the largest keycode there is no key.
                    if refusal == nil, code <= UInt32.max - 8 { return "key \(code) was lost with a compiled keymap" }
                    continue
                }
                if refusal != nil { return "key \(code) came through a refused keymap" }
                guard stroke.isPress == pressed, UInt64(stroke.keycode) == UInt64(code) + 8 else {
                    return "key \(code), pressed \(pressed), was sent as \(stroke)"
                }
                if pressed {
                    held = keyboard.repeatDeadline == nil ? nil : code
                } else {
                    if key != nil { return "the release of key \(code) meant \(String(describing: key)) to the app" }
                    if held == code, keyboard.repeatDeadline != nil { return "key \(code) repeats after its release" }
                    if held == code { held = nil }
                }
            case 1:
                keyboard.modifiers(depressed: UInt32(bitPattern: input.int32()), latched: UInt32(bitPattern: input.int32()),
                                   locked: UInt32(bitPattern: input.int32()), group: UInt32(bitPattern: input.int32()))
            case 2:
                let rate = input.int32()
                keyboard.repeatInfo(rate: rate, delay: input.int32())
                repeats = rate > 0
            case 3:
                now += Double(input.uint16()) / 1000
                let deadline = keyboard.repeatDeadline
                let due = keyboard.dueRepeat(at: now) != nil
                if due, !(deadline.map { $0 <= now } ?? false) {
                    return "a repeat came at \(now), before its time \(String(describing: deadline))"
                }
                if due, !repeats { return "a key repeated after repeat was turned off" }
            default:
                keyboard.reset()
                held = nil
                if keyboard.repeatDeadline != nil { return "a key repeats after a reset" }
            }
        }
        return nil
    }
}

/// One keyboard for every input, as the platform keeps one: its compose
/// table is read from the locale once.
private enum FuzzKeyboard {
    nonisolated(unsafe) static let shared = Keyboard()
}
