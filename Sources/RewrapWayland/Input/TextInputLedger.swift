/// The client's side of `zwp_text_input_v3`'s serials and double-buffered
/// events: how many commits were sent, which a `done` names as the count
/// the compositor has seen, and what the input method sent since the last
/// `done`. Pure, so its rules are tested without a compositor.
///
///     var ledger = TextInputLedger()
///     ledger.committed()               // enable, then commit: the compositor's count is 1
///     ledger.commitString("圓")
///     ledger.done(serial: 1)           // TextInputLedger.Done(text: "圓", isCurrent: true)
struct TextInputLedger: Equatable {
    /// What one `done` applies.
    struct Done: Equatable {
        /// The text the input method committed; empty for none.
        var text: String
        /// The done names the latest commit: the compositor has all the
        /// state sent, so state held back meanwhile may follow.
        var isCurrent: Bool
    }

    /// Commit requests sent so far.
    private(set) var commits: UInt32 = 0
    private var pendingText: String?
    private var pendingPreedit: String?
    /// The composition the input method shows, as of the latest done;
    /// Rewrap has no text field to draw it in.
    private(set) var preedit: String?
    /// The latest done named an older commit; state changes wait for one
    /// that names the latest, as the protocol asks.
    private(set) var isBehind = false

    mutating func committed() { commits &+= 1 }

    mutating func preeditString(_ text: String?) { pendingPreedit = text }

    mutating func commitString(_ text: String?) { pendingText = text }

    /// An enable resets the events' state, pending and applied.
    mutating func enabled() {
        pendingText = nil
        pendingPreedit = nil
        preedit = nil
        isBehind = false
    }

    /// Applies what came since the last done. A stale done's text is typed
    /// all the same: the protocol asks a client to apply its changes as
    /// normal, and the user typed it; only the client's own state waits.
    mutating func done(serial: UInt32) -> Done {
        defer {
            pendingText = nil
            pendingPreedit = nil
        }
        isBehind = serial != commits
        preedit = pendingPreedit
        return Done(text: pendingText ?? "", isCurrent: !isBehind)
    }
}
