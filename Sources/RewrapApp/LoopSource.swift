import RewrapPlatform
import RewrapScene

/// One of the loop's parts, asked the questions GLib asks a source (which
/// descriptors are yours, until when may the loop sleep, what has happened
/// since?) and told what the loop routes: each platform event, each of the
/// controller's effects, the end of each pass and of the loop. A part
/// answers in the controller's terms, `Input`s, which the loop hands on; it
/// reads what is shown from the `ShownWindow` it is handed, and keeps no
/// reference to the controller. Two parts hold another they serve (the
/// presenter draws the popup window, the panel file's source tells the
/// keeper of a new file), and the loop asks the presenter and the popup
/// window for the frame directly, since drawing happens once a pass, after
/// every input. A new part conforms to this protocol and is one entry in
/// `DemoApp`'s list.
protocol LoopSource: AnyObject {
    /// Adds what the loop polls for this source; none for one that only keeps time.
    func watch(_ descriptors: inout [Int32])
    /// The latest the loop may sleep to for this source, at `now`; `frameReady`
    /// says whether a frame drawn now would be shown, for sources that draw.
    func deadline(now: Double, frameReady: Bool) -> Double?
    /// A platform event, offered to each source in turn before the loop's
    /// own translation: what it means to this source, and whether the
    /// source keeps it from the rest.
    func hear(_ event: PlatformEvent, in window: ShownWindow) -> Heard
    /// What became of this source since it was last asked, as inputs for
    /// the controller: `readable` holds the descriptors the last wait found
    /// ready. Asked once a pass, after the platform's events.
    func inputs(readable: [Int32], window: ShownWindow) -> [Input]
    /// One of the controller's effects, carried out if it is this source's
    /// to carry out; what that tells at once (where a menu went, a new
    /// layout) comes back as inputs, which the controller hears after this
    /// input's effects.
    func carryOut(_ effect: Effect, in window: ShownWindow) -> [Input]
    /// The pass has drawn what was due (a frame at `frameDrawn`, or none)
    /// and is about to sleep.
    func passEnded(window: ShownWindow, frameDrawn: Double?)
    /// The loop has ended, the window closed: the last word.
    func loopEnded()
}

/// What a source makes of a platform event: inputs for the controller, and
/// whether the event is the source's alone (a key a screen reader keeps, a
/// touch the scroller turns into a scroll), so no later source and not
/// the loop hears it.
struct Heard {
    var inputs: [Input] = []
    var keeps = false

    /// Not this source's, or only noted: it goes on.
    static let passed = Heard()
    /// This source's alone, with these inputs.
    static func kept(_ inputs: [Input] = []) -> Heard { Heard(inputs: inputs, keeps: true) }
}

extension LoopSource {
    func watch(_ descriptors: inout [Int32]) {}
    func deadline(now: Double, frameReady: Bool) -> Double? { nil }
    func hear(_ event: PlatformEvent, in window: ShownWindow) -> Heard { .passed }
    func inputs(readable: [Int32], window: ShownWindow) -> [Input] { [] }
    func carryOut(_ effect: Effect, in window: ShownWindow) -> [Input] { [] }
    func passEnded(window: ShownWindow, frameDrawn: Double?) {}
    func loopEnded() {}
}

extension StopSignals: LoopSource {
    func watch(_ descriptors: inout [Int32]) { descriptors.append(descriptor) }

    /// Asked to stop, not failing: the window closes as from its title bar.
    func inputs(readable: [Int32], window: ShownWindow) -> [Input] {
        readable.contains(descriptor) && drain() ? [.closeRequested] : []
    }
}
