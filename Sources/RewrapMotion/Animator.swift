import RewrapLayout

/// Keeps every node's presented frame and eases it towards its target frame.
/// Nodes are keyed by identity, so a node keeps its move when it changes row.
///
///     var animator = Animator<NodeID>()
///     animator.update(targets: scene.targets, at: now, animate: .animateChanges)     // after a selection
///     animator.update(targets: scene.targets, at: now, animate: .retargetInFlight)   // after a resize
///     animator.presentedFrame(of: "shape", at: now)
///
/// `now` is always an argument: the event loop owns the only clock.
public struct Animator<ID: Hashable> {
    /// How new targets are reached.
    public enum Mode: Sendable {
        /// A fresh move, from the presented frame, for every node whose target changed.
        case animateChanges
        /// Moves already in flight carry on towards the new targets and end on
        /// time; everything else jumps. A resize asks for this.
        case retargetInFlight
    }

    public var duration: Double
    public var curve: CubicBezier
    public private(set) var targets: [ID: Rect] = [:]
    private var moves: [ID: FrameTween] = [:]

    /// How long a move takes, unless asked otherwise.
    public static var standardDuration: Double { 0.25 }

    /// An animator whose moves last `duration` seconds along `curve`.
    public init(duration: Double = standardDuration, curve: CubicBezier = .easeInOut) {
        self.duration = duration
        self.curve = curve
    }

    /// True while any move is kept: from `update` until `settle(at:)` finds
    /// every move finished.
    public var isAnimating: Bool { !moves.isEmpty }

    /// When the last move in flight ends, if any.
    public var endTime: Double? { moves.values.map(\.end).max() }

    /// Where the node is drawn at `now`: on its way, or at its target; nil for a node never given one.
    public func presentedFrame(of id: ID, at now: Double) -> Rect? {
        if let move = moves[id] { return move.value(at: now) }
        return targets[id]
    }

    /// Takes a new layout's targets at `now`: moves start, carry on or end as `mode` says.
    public mutating func update(targets newTargets: [ID: Rect], at now: Double, animate mode: Mode) {
        // A resize at rest has no move to carry on: the new targets are all there is.
        if mode == .retargetInFlight && moves.isEmpty {
            targets = newTargets
            return
        }
        var nextMoves: [ID: FrameTween] = [:]
        for (id, target) in newTargets {
            let shown = presentedFrame(of: id, at: now)
            switch mode {
            case .animateChanges:
                if let shown, shown != target, duration > 0 {
                    nextMoves[id] = FrameTween(from: shown, to: target, start: now, duration: duration, curve: curve)
                }
            case .retargetInFlight:
                if var move = moves[id], !move.isFinished(at: now) {
                    move.retarget(to: target, at: now)
                    nextMoves[id] = move
                }
            }
        }
        targets = newTargets
        moves = nextMoves
    }

    /// Drops finished moves; call once per frame after drawing. Returns true
    /// while something still moves, so the caller knows whether to keep its timer.
    @discardableResult
    public mutating func settle(at now: Double) -> Bool {
        moves = moves.filter { !$0.value.isFinished(at: now) }
        return isAnimating
    }

    /// Ends every move at once, as reduced motion asks.
    public mutating func finishAll() {
        moves.removeAll()
    }
}
