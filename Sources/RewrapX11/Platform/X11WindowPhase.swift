/// Where X11's main window is in its life, with what each phase owns, as
/// Wayland's `WindowPhase` has it: nothing before `openWindow`; the window
/// and what its first frame needs, until that frame is presented; then,
/// once `finishStartup` has run, what the first frame did not need; and
/// nothing once the server has gone.
///
/// `open` comes first: the first case with a payload is told apart by tag
/// bits of zero, and the others by bits set in the spare bits of the
/// payload's last words, where LeakSanitizer no longer sees a reference
/// and reports what only it reaches as leaked (the input method, when
/// `open` came third). The window lives in `open` from its first pass on,
/// and the other cases' one reference stays in the first word, untouched.
enum X11WindowPhase {
    case open(MappedWindow, FinishedStartup)
    case windowless
    /// Created and asked to map; its first frame is still to be presented.
    case opening(MappedWindow)
    /// Its first frame presented; `finishStartup` sets up the rest next.
    case presented(MappedWindow)
    /// The connection to the server broke; the loss has been told.
    case lost

    var window: MappedWindow? {
        switch self {
        case .opening(let window), .presented(let window), .open(let window, _): window
        case .windowless, .lost: nil
        }
    }

    var finished: FinishedStartup? {
        if case .open(_, let finished) = self { return finished }
        return nil
    }
}

/// What `finishStartup` sets up once the first frame is out, made whole
/// there, in one place, so that no reply the first frame does not need
/// delays it: the pointer devices (nil below XInput 2.1), the input method,
/// and RandR's notices of new monitors (nil without RandR).
struct FinishedStartup {
    let pointerDevices: PointerDevices?
    let inputMethod: InputMethod
    let randr: RandRNotices?
}

/// RandR as the server offers it, once the platform listens for its changes.
struct RandRNotices {
    /// Its first event number.
    let eventBase: Int32
    /// RandR 1.5 lists monitors; older servers only have CRTCs.
    let hasMonitorList: Bool
}
