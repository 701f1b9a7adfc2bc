import CX11

/// The server's autorepeat of a held key, told apart from new presses: X
/// repeats a key as a release and a press with one timestamp, and the two
/// may come in different reads.
///
///     var repeats = AutoRepeat()
///     repeats.released(release)            // keycode 36 at 5000
///     repeats.isRepeat(press)              // true for keycode 36 at 5000
struct AutoRepeat {
    private var lastRelease: (keycode: UInt32, time: Time)?

    mutating func released(_ event: XKeyEvent) {
        lastRelease = (event.keycode, event.time)
    }

    /// A press of the key last released, at the same time.
    func isRepeat(_ press: XKeyEvent) -> Bool {
        lastRelease.map { $0.keycode == press.keycode && $0.time == press.time } ?? false
    }

    /// A release whose repeating press is already queued after it: no
    /// release at all, so not even a screen reader hears it.
    static func isRepeatRelease(_ release: XKeyEvent, before next: XEvent) -> Bool {
        next.type == KeyPress && next.xkey.keycode == release.keycode && next.xkey.time == release.time
            && next.xkey.window == release.window
    }
}
