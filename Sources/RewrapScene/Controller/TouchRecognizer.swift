import RewrapLayout

/// Decides, once, what one finger means: a tap on what it touched, or a
/// drag. A tap is a finger that lifts on the spot it went down on without
/// going further than the drag threshold (GTK's, 8 px at 1×, along either
/// axis); a finger that goes further drags from then on, whatever it does
/// next. While one finger is down, others are ignored: there is no pinch.
///
/// `Spot` is what lies under the finger, as the app hit-tests it: a
/// control, a menu row, or the outside of an open menu.
///
///     var touches = TouchRecognizer<NodeID?>(threshold: metrics.dragThreshold)
///     touches.began(id: 3, at: Point(x: 40, y: 60), on: "shape", time: 0)     // .touchedDown
///     touches.ended(id: 3, at: Point(x: 42, y: 61), on: "shape", time: 0.1)   // .tapped("shape")
public struct TouchRecognizer<Spot: Equatable & Sendable>: Sendable {
    /// What one finger's touch turned out to be, as it is learnt.
    public enum Gesture: Equatable, Sendable {
        /// A finger went down: whatever was moving on stops.
        case touchedDown
        /// The finger went past the threshold, now at `point`: it drags what
        /// lay under it where it went down, from here on.
        case dragStarted(from: Spot, at: Point, time: Double)
        case dragged(to: Point, time: Double)
        /// The dragging finger lifted at `point`.
        case dragEnded(at: Point, time: Double)
        /// The finger lifted on the spot it went down on, without dragging.
        case tapped(Spot)
        /// The platform took the touch back: nothing it did counts, though
        /// a page it dragged stays where it got to.
        case cancelled
    }

    /// A finger silent this long is taken to have lifted unseen (its end
    /// was lost), so that a new finger is not ignored for ever.
    public static var forgottenAfter: Double { 10 }

    /// How far, along either axis, a finger may stray and still tap.
    public let threshold: Double
    private var finger: Finger?

    private struct Finger: Sendable {
        var id: Int
        var start: Point
        var spot: Spot
        var isDragging = false
        var lastTime: Double
    }

    /// A recognizer that calls a touch a drag once it strays `threshold` pixels.
    public init(threshold: Double) {
        self.threshold = threshold
    }

    /// True while a finger is down.
    public var isTracking: Bool { finger != nil }

    /// Finger `id` went down at `point`, over `spot`; a second finger while
    /// one is down is ignored.
    public mutating func began(id: Int, at point: Point, on spot: Spot, time: Double) -> Gesture? {
        if let finger, finger.id != id, !(time - finger.lastTime > Self.forgottenAfter) { return nil }
        finger = Finger(id: id, start: point, spot: spot, lastTime: time)
        return .touchedDown
    }

    /// Finger `id` moved to `point`: a drag once it strays past the threshold.
    public mutating func moved(id: Int, to point: Point, time: Double) -> Gesture? {
        guard var finger, finger.id == id else { return nil }
        finger.lastTime = time
        defer { self.finger = finger }
        if finger.isDragging { return .dragged(to: point, time: time) }
        guard strays(from: finger.start, to: point) else { return nil }
        finger.isDragging = true
        return .dragStarted(from: finger.spot, at: point, time: time)
    }

    /// The finger lifted at `point`, over `spot`; the touch ends.
    public mutating func ended(id: Int, at point: Point, on spot: Spot, time: Double) -> Gesture? {
        guard let finger, finger.id == id else { return nil }
        self.finger = nil
        if finger.isDragging { return .dragEnded(at: point, time: time) }
        return spot == finger.spot && !strays(from: finger.start, to: point) ? .tapped(spot) : nil
    }

    /// The platform took finger `id` back; nothing it did counts.
    public mutating func cancelled(id: Int) -> Gesture? {
        guard let finger, finger.id == id else { return nil }
        self.finger = nil
        return .cancelled
    }

    private func strays(from start: Point, to point: Point) -> Bool {
        // A position that is not a number cannot be on the spot.
        guard point.x.isFinite, point.y.isFinite else { return true }
        return abs(point.x - start.x) > threshold || abs(point.y - start.y) > threshold
    }
}
