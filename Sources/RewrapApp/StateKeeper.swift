import RewrapPanelFile
import RewrapPlatform
import RewrapScene

/// Keeps what the person does to the window across runs: each pick, the
/// size once a resize settles, and maximising; and decides when to write
/// it (rules §12). The platform only reports what changed; the window
/// manager's or compositor's doings before the window is first shown are
/// the start, not the person's. As one of the loop's sources it hears the
/// window's size and state from the platform, and each pick as the
/// controller's `relayout` effect.
///
///     let keeper = StateKeeper(file: file, kept: reading.state, source: panel, windowSize: opened)
///     keeper.picked(controller.state, at: now)
///     keeper.saveIfDue(at: now)   // within a second of the pick
///     keeper.save()               // on a signal, a lost display, the window closed
final class StateKeeper {
    /// Nil when there is nowhere to keep anything (no home folder).
    private let file: StateFile?
    /// The panel as its file has it now: picks are kept by its options'
    /// text, never by their translation, so they hold in any language.
    private var source: Panel
    /// What the person has done, as it will be kept; the file's until they do something.
    private var state: KeptState
    /// What the file holds, as far as this process knows: a file it could
    /// not read counts as holding what was read of it, so it is rewritten
    /// only once the person changes something.
    private var written: KeptState
    /// The window's size as last reported, in logical pixels: a report of
    /// the same size (a move, a new scale) changes nothing.
    private var windowSize: KeptState.WindowSize
    /// A size the person gave but that has not yet settled, and when it
    /// will have, if a resize is under way.
    private var unsettled: (size: KeptState.WindowSize, settles: Double)?
    /// When a pick or a maximise is to be written.
    private var changeDue: Double?
    /// The window is on screen (`.windowShown`): sizes and maximising are the person's from now on.
    private var windowShown = false
    /// A write failed and said so; later failures are silent.
    private var failureReported = false

    /// A pick or a maximise is written this soon after it, and a size this
    /// long after the last resize of a drag: within a second either way.
    static let changeDelay = 0.3
    static let settleDelay = 0.5

    /// Keeps `kept` in `file` from now on, for a window that opened at `windowSize`.
    init(file: StateFile?, kept: KeptState, source: Panel, windowSize: KeptState.WindowSize) {
        self.file = file
        self.source = source
        state = kept
        written = kept
        self.windowSize = windowSize
    }

    /// When the loop must wake to write, if anything waits.
    var deadline: Double? {
        guard let settles = unsettled?.settles else { return changeDue }
        return min(settles, changeDue ?? settles)
    }

    /// The panel file was edited: picks are read in its new words from now on.
    func panelEdited(source: Panel) {
        self.source = source
    }

    /// Sizes and maximising count from now on.
    func windowWasShown() {
        windowShown = true
    }

    /// The person's picks in `panelState`, kept even while an edit of the
    /// panel file has taken their dropdown or option away: an edit is not
    /// the person's doing, so it changes nothing kept (rules §12.4).
    func picked(_ panelState: PanelState, at now: Double) {
        var picks: [NodeID: String] = [:]
        for (id, option) in panelState.picks {
            // A pick an edit has taken away stays as it was kept, in the file's words.
            if let kept = source.untranslated(option, of: id, shown: panelState.panel) ?? state.picks[id] { picks[id] = kept }
        }
        guard picks != state.picks else { return }
        state.picks = picks
        changeDue = changeDue ?? now + Self.changeDelay
    }

    /// The window's size in window pixels, at `scale`; kept in logical pixels.
    func resized(width: Int, height: Int, scale: Double, at now: Double) {
        let size = KeptState.WindowSize(width: Double(width) / scale, height: Double(height) / scale)
        // A new scale rounds the window's pixels anew: less than a logical pixel is no resize.
        guard abs(size.width - windowSize.width) >= 1 || abs(size.height - windowSize.height) >= 1 else { return }
        windowSize = size
        guard windowShown, KeptState.WindowSize.sides.contains(size.width), KeptState.WindowSize.sides.contains(size.height) else { return }
        unsettled = (size, now + Self.settleDelay)
    }

    /// The window manager or compositor maximised the window (true) or unmaximised it.
    func maximizedChanged(_ maximized: Bool, at now: Double) {
        guard windowShown, maximized != state.maximized else { return }
        state.maximized = maximized
        changeDue = changeDue ?? now + Self.changeDelay
    }

    /// Writes what is due by `now`: a pick, or a size that has settled.
    func saveIfDue(at now: Double) {
        var due = false
        if let settles = unsettled?.settles, settles <= now {
            settleSize()
            due = true
        }
        if let change = changeDue, change <= now {
            changeDue = nil
            due = true
        }
        if due { write() }
    }

    /// Writes everything changed so far, a size still settling included:
    /// the process is about to end.
    func save() {
        settleSize()
        changeDue = nil
        write()
    }

    private func write() {
        guard state != written, let file else { return }
        do throws(StateFile.WriteFailure) {
            try file.replace(with: state.encoded(panelFile: file.panelFile))
        } catch {
            // Said once; the window runs on, and the next change tries again.
            if !failureReported { writeLine(Echo.oneLine("rewrap: cannot keep the window's state: \(error.message)")) }
            failureReported = true
            return
        }
        written = state
    }

    /// A maximised window's size is the screen's, not one the person chose:
    /// the size kept is the one to unmaximise to.
    private func settleSize() {
        guard let size = unsettled?.size else { return }
        unsettled = nil
        if !state.maximized { state.size = size }
    }
}

extension StateKeeper: LoopSource {
    /// A pick or a settled size to write.
    func deadline(now: Double, frameReady: Bool) -> Double? { deadline }

    /// The window's size and maximised state, counted once it is shown;
    /// a lost display saves what there is before the last word.
    func hear(_ event: PlatformEvent, in window: ShownWindow) -> Heard {
        switch event {
        case .configured(let width, let height):
            resized(width: width, height: height, scale: window.metrics.scale, at: window.now)
            return .passed
        case .windowShown:
            windowWasShown()
            return .kept()
        case .maximizedChanged(let maximized):
            maximizedChanged(maximized, at: window.now)
            return .kept()
        case .connectionLost:
            save()
            return .passed
        default:
            return .passed
        }
    }

    /// Writes what is due; the controller hears nothing of it.
    func inputs(readable: [Int32], window: ShownWindow) -> [Input] {
        saveIfDue(at: window.now)
        return []
    }

    /// A relayout carries the picks.
    func carryOut(_ effect: Effect, in window: ShownWindow) -> [Input] {
        if case .relayout(let state, _, _) = effect { picked(state, at: window.now) }
        return []
    }

    /// Whatever the last pass brought, a pick after the window was asked
    /// to close among it, is saved once the loop has ended.
    func loopEnded() {
        save()
    }
}
