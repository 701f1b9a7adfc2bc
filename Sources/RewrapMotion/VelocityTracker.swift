import RewrapLayout

/// How fast something is moving as it is let go: a finger as it lifts, or a
/// touchpad's scroll as its fingers lift, from its latest samples.
///
/// Only samples from the last `window` seconds count, so a finger that came
/// to a stop before lifting flings nothing. Time going backwards starts it
/// afresh, and a burst of samples at one instant gives no speed at all
/// rather than an infinite one.
///
///     var tracker = VelocityTracker()
///     tracker.add(Point(x: 0, y: 100), at: 0.00)
///     tracker.add(Point(x: 0, y: 80), at: 0.01)
///     tracker.velocity   // (0, -2000) pixels per second
public struct VelocityTracker: Equatable, Sendable {
    /// Seconds of history that count, as GTK's swipe gesture keeps.
    public static let window = 0.15
    /// Samples closer together than this in all tell no speed.
    public static let shortestSpan = 0.004
    /// More samples than a window can usefully hold are dropped from the oldest.
    static let capacity = 64

    private var samples: [(point: Point, time: Double)] = []

    /// A tracker with no samples yet.
    public init() {}

    /// The finger (or content) was at `point` at `time`; a time earlier
    /// than the last starts the history afresh.
    public mutating func add(_ point: Point, at time: Double) {
        guard point.x.isFinite, point.y.isFinite, time.isFinite else { return }
        if let last = samples.last, time < last.time { samples.removeAll() }
        samples.append((point, time))
        let oldest = samples.firstIndex { $0.time >= time - Self.window } ?? samples.count - 1
        let drop = max(oldest, samples.count - Self.capacity)
        if drop > 0 { samples.removeFirst(drop) }
    }

    /// Forgets every sample, as when a new finger goes down.
    public mutating func reset() {
        samples.removeAll()
    }

    /// Pixels per second, from the oldest sample in the window to the newest.
    public var velocity: Point {
        guard let first = samples.first, let last = samples.last else { return .zero }
        let span = last.time - first.time
        guard span >= Self.shortestSpan else { return .zero }
        return Point(x: (last.point.x - first.point.x) / span, y: (last.point.y - first.point.y) / span)
    }

    public static func == (a: VelocityTracker, b: VelocityTracker) -> Bool {
        a.samples.elementsEqual(b.samples) { $0.point == $1.point && $0.time == $1.time }
    }
}
