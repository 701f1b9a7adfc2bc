import RewrapLayout

/// Keeps every node's presented frame and eases it towards its target frame.
/// Nodes are keyed by identity, so a node keeps its move when it changes row.
///
///     var animator = Animator<NodeID>()
///     animator.update(targets: scene.targets, at: now, animate: .animateChanges)     // after a selection
///     animator.update(targets: scene.targets, at: now, animate: .retargetInFlight)   // after a resize
///     animator.presentedFrame(of: "shape", at: now)
///
/// Moves are additive, as UIKit's are: a new target does not replace the
/// move in flight. The old move runs on to its end, and a new move, from the
/// old target to the new one, is added on top. Each move contributes what is
/// left of its own offset, so the presented frame is
///
///     target + Σ (from − to) × (1 − progress)
///
/// A move added to one in flight eases in along ease-in-out's progress to the
/// power 1.5, which starts with neither speed nor acceleration: it adds
/// nothing at the interruption, so position, speed and even acceleration
/// stay continuous, with no stored velocity and no solver. A move that
/// starts at rest is plain ease-in-out. Moves start and end in order, and
/// an added move's progress never leads an earlier one's, so the presented
/// frame is always a weighted mean of the targets it was given and the frame
/// it started from: it never goes beyond the farthest of them.
///
/// `now` is always an argument: the event loop owns the only clock.
public struct Animator<ID: Hashable> {
    /// How new targets are reached.
    public enum Mode: Sendable {
        /// A new move, added on top of any in flight, for every node whose target changed.
        case animateChanges
        /// Moves already in flight carry on towards the new targets and end
        /// when they would have (or half a move from now, if that is later);
        /// everything else jumps. A resize asks for this.
        case retargetInFlight
    }

    public var duration: Double
    public var curve: CubicBezier
    public private(set) var targets: [ID: Rect] = [:]
    /// Each moving node's moves, oldest first; every one still under way.
    /// Seen by `isAnimating`'s inlined body only.
    @usableFromInline internal private(set) var moves: [ID: [Move]] = [:]
    /// The latest time a move started: a clock that goes back never starts
    /// a move before it, which keeps moves in order.
    private var latestStart = -Double.infinity

    /// How long a move takes, unless asked otherwise.
    public static var standardDuration: Double { 0.25 }

    /// An animator whose moves last `duration` seconds along `curve`.
    public init(duration: Double = standardDuration, curve: CubicBezier = .easeInOut) {
        self.duration = duration
        self.curve = curve
    }

    /// True while any move is kept: from `update` until `settle(at:)` finds
    /// every move finished. Inlined, so the loop, which asks many times a
    /// pass, asks of `Animator<NodeID>` itself: the generic body looked up
    /// the metadata of its dictionary's type in the runtime at every call.
    @inlinable public var isAnimating: Bool { !moves.isEmpty }

    /// When the last move in flight ends, if any.
    public var endTime: Double? { moves.values.compactMap { $0.last?.tween.end }.max() }

    /// The shortest a resize may squeeze what is left of a move to: half a
    /// move. However late in a move a resize comes, it adds at most
    /// 2 × 1.96 × (change of target) / duration to the speed.
    public var shortestRetarget: Double { duration / 2 }

    /// Where the node is drawn at `now`: on its way, or at its target; nil for a node never given one.
    public func presentedFrame(of id: ID, at now: Double) -> Rect? {
        guard let target = targets[id] else { return nil }
        guard let nodeMoves = moves[id] else { return target }
        var x = target.minX, y = target.minY, width = target.width, height = target.height
        for move in nodeMoves where !move.tween.isFinished(at: now) {
            let left = move.remaining(at: now), from = move.tween.from, to = move.tween.to
            x += (from.minX - to.minX) * left
            y += (from.minY - to.minY) * left
            width += (from.width - to.width) * left
            height += (from.height - to.height) * left
        }
        return Rect(x: x, y: y, width: width, height: height)
    }

    /// Takes a new layout's targets at `now`: moves start, carry on or end as `mode` says.
    public mutating func update(targets newTargets: [ID: Rect], at now: Double, animate mode: Mode) {
        let now = max(now, latestStart)
        var nextMoves: [ID: [Move]] = [:]
        for (id, target) in newTargets {
            // A node new to the animator appears in place.
            guard let old = targets[id] else { continue }
            var running = (moves[id] ?? []).filter { !$0.tween.isFinished(at: now) }
            if old != target {
                switch mode {
                case .animateChanges where duration > 0:
                    add(from: old, to: target, at: now, lasting: duration, to: &running)
                case .retargetInFlight where !running.isEmpty:
                    let left = max(running.last!.tween.end - now, shortestRetarget)
                    add(from: old, to: target, at: now, lasting: left, to: &running)
                default:
                    running = []
                }
            }
            if !running.isEmpty { nextMoves[id] = running }
        }
        targets = newTargets
        moves = nextMoves
    }

    /// Adds a move from the old target to the new. A move that starts and
    /// lasts as the last one does merges with it: the two are one move from
    /// the last one's start frame, so picks at one instant never pile up.
    private mutating func add(from old: Rect, to target: Rect, at now: Double, lasting length: Double,
                              to running: inout [Move]) {
        latestStart = now
        if let last = running.last, last.tween.start == now, last.tween.duration == length {
            running[running.count - 1].tween.to = target
        } else {
            let tween = FrameTween(from: old, to: target, start: now, duration: length, curve: curve)
            running.append(Move(tween: tween, joinsAMove: !running.isEmpty))
        }
    }

    /// Drops finished moves; call once per frame after drawing. Returns true
    /// while something still moves, so the caller knows whether to keep its timer.
    @discardableResult
    public mutating func settle(at now: Double) -> Bool {
        moves = moves.compactMapValues { nodeMoves in
            let running = nodeMoves.filter { !$0.tween.isFinished(at: now) }
            return running.isEmpty ? nil : running
        }
        return isAnimating
    }

    /// Ends every move at once, as reduced motion asks.
    public mutating func finishAll() {
        moves.removeAll()
    }

    /// One move of a node, from an old target to a new one.
    @usableFromInline internal struct Move {
        var tween: FrameTween
        /// True for a move added while another was under way.
        var joinsAMove: Bool

        /// How much of the move's offset is left at `now`: 1 at its start, 0 at its end.
        func remaining(at now: Double) -> Double {
            let progress = max(tween.progress(at: now), 0)
            // p^1.5 ≤ p, so a joining move never leads the one it joins.
            return 1 - (joinsAMove ? progress * progress.squareRoot() : progress)
        }
    }
}
