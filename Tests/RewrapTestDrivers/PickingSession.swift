import RewrapTestFakes
import Foundation

/// A running Rewrap a person makes picks in, on any platform, for the
/// tests of what is kept across runs (rules §12). X11's is `RewrapSession`;
/// a Wayland session conforms the same way, with the keys or the pointer
/// it drives.
public protocol PickingSession: TracedSession {
    /// Where this run keeps its state.
    var stateHome: StateHome { get }
    /// Opens `dropdown`'s menu and picks the option after the one shown,
    /// round to the first; returns once the menu has closed.
    func pickNextOption(of dropdown: String) throws
}

extension RewrapSession: PickingSession {
    public func pickNextOption(of dropdown: String) throws {
        guard let button = try lastFrame().node(dropdown) else { throw TestFailure("no dropdown \(dropdown) in the trace") }
        try click(button.center)
        var menu: TraceFrame.DrawnPopup?
        try waitUntil("\(dropdown)'s menu") {
            menu = try lastFrame().popup
            return menu?.owner == dropdown
        }
        guard let menu, let shown = menu.nodes.firstIndex(where: \.selected) else { throw TestFailure("no option selected in \(dropdown)'s menu") }
        try clickRoot(menu.center(of: (shown + 1) % menu.nodes.count))
        try waitUntil("\(dropdown)'s menu to close") { try lastFrame().popup == nil }
    }
}

/// SIGKILL at random moments while picks are made, again and again on one
/// state home: whatever moment the kill hits, a write under way included,
/// the next start reads its state without a word and shows exactly the
/// picks the file holds.
///
///     let failures = try KillWhilePicking.run(runs: 30, seed: 7) { home in try RewrapSession(stateHome: home) }
public enum KillWhilePicking {
    /// The shipped panel's dropdowns, and each one's options in order.
    public static let dropdowns = ["shape": ["Circle", "Rounded rectangle"], "pattern": ["Solid", "Alternating diagonal lines"],
                                   "arrangement": ["Rows", "Evenly spaced columns"]]

    /// Runs `runs` starts on one home; returns what went wrong, one line each.
    public static func run<Session: PickingSession>(runs: Int, seed: UInt64,
                                                     start: (StateHome) throws -> Session) throws -> [String] {
        var random = SeededGenerator(seed: seed)
        let home = StateHome()
        var failures: [String] = []
        for run in 0..<runs {
            let session = try start(home)
            // The start reads what the last kill left: no complaint, and the window shows the file.
            if !session.stderr.isEmpty { failures.append("run \(run): stderr \(session.stderr.debugDescription)") }
            if let wrong = try mismatch(between: session.lastFrame(), and: home) { failures.append("run \(run): \(wrong)") }
            let pid = session.process.processIdentifier
            let killAt = Double.random(in: 0.05...1.5, using: &random)
            let killer = DispatchWorkItem { kill(pid, SIGKILL) }
            DispatchQueue.global().asyncAfter(deadline: .now() + killAt, execute: killer)
            let ids = dropdowns.keys.sorted()
            // Picks until the kill ends them; the pick it interrupts fails, as it should.
            while session.process.isRunning {
                do {
                    try session.pickNextOption(of: ids[Int.random(in: 0..<ids.count, using: &random)])
                } catch {
                    break
                }
            }
            _ = waitForExit(session.process, timeout: 5)
            killer.cancel()
            stopProcess(session.process)
        }
        return failures
    }

    /// Why the frame does not show what the state file holds, or nil when it does.
    public static func mismatch(between frame: TraceFrame, and home: StateHome) throws -> String? {
        var picks: [String: String] = [:]
        if let file = home.stateFiles.first {
            let data = try Data(contentsOf: URL(fileURLWithPath: file))
            guard let state = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
                  let kept = state["picks"] as? [String: String] else {
                return "the state file is not JSON with picks: \(String(decoding: data, as: UTF8.self).debugDescription)"
            }
            picks = kept
        }
        for (id, options) in dropdowns {
            let title = id.prefix(1).uppercased() + id.dropFirst()
            let expected = "\(title): \(picks[id] ?? options[0])"
            guard frame.node(id)?.text == expected else { return "\(id) shows \(frame.node(id)?.text ?? "nothing"), the file says \(expected)" }
        }
        return nil
    }
}

extension WaylandSession: PickingSession {
    /// By the seat's virtual pointer, as a person clicks on sway.
    public func pickNextOption(of dropdown: String) throws {
        guard let button = try lastFrame().node(dropdown) else { throw TestFailure("no dropdown \(dropdown) in the trace") }
        try sway.point(["move"] + (try outputPoint(button.center)) + ["wait", "50", "click"])
        var menu: TraceFrame.DrawnPopup?
        try waitUntil("\(dropdown)'s menu") {
            menu = try lastFrame().popup
            return menu?.owner == dropdown
        }
        guard let menu, let shown = menu.nodes.firstIndex(where: \.selected) else { throw TestFailure("no option selected in \(dropdown)'s menu") }
        try sway.point(["move"] + (try outputPoint(menu.center(of: (shown + 1) % menu.nodes.count))) + ["wait", "50", "click"])
        try waitUntil("\(dropdown)'s menu to close") { try lastFrame().popup == nil }
    }
}
