import CX11

/// The server's autorepeat of a held key, told apart from new presses.
/// With XKB's detectable autorepeat, which `finishStartup` asks for, the
/// server sends a held key's repeats as presses with no release between
/// them: a press of a key already down is a repeat. A server without it
/// repeats a key as a release and a press with one timestamp, which may
/// come in different reads; there, that pair is the sign.
///
///     var repeats = AutoRepeat(detectable: true)
///     repeats.pressed(enter)      // false: a new press
///     repeats.pressed(enter)      // true: Return held, repeating
struct AutoRepeat {
    private let detectable: Bool
    /// The keys down, where the server says which presses repeat.
    private var down: Set<UInt32> = []
    private var lastRelease: (keycode: UInt32, time: Time)?

    init(detectable: Bool) {
        self.detectable = detectable
    }

    /// Whether a press is the repeat of a held key, noting it as down.
    mutating func pressed(_ press: XKeyEvent) -> Bool {
        if detectable { return !down.insert(press.keycode).inserted }
        return lastRelease.map { $0.keycode == press.keycode && $0.time == press.time } ?? false
    }

    mutating func released(_ release: XKeyEvent) {
        down.remove(release.keycode)
        lastRelease = (release.keycode, release.time)
    }

    /// The window lost or gained the keyboard: a key let go elsewhere sent us no release.
    mutating func focusChanged() {
        down.removeAll(keepingCapacity: true)
    }

    /// A release whose repeating press is already queued after it, from a
    /// server without detectable autorepeat: no release at all, so not
    /// even a screen reader hears it.
    func isRepeatRelease(_ release: XKeyEvent, before next: XEvent) -> Bool {
        !detectable && next.type == KeyPress && next.xkey.keycode == release.keycode && next.xkey.time == release.time
            && next.xkey.window == release.window
    }
}
