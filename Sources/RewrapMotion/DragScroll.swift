import RewrapLayout

/// Where the content is while a finger drags it: the point it touched
/// stays under the finger. At an edge the content stops, and the finger's
/// travel past it is forgotten, so the content turns back with the finger
/// at once.
///
///     var drag = DragScroll(finger: Point(x: 100, y: 300), offset: scroll.offset)
///     drag.offset(forFinger: Point(x: 100, y: 260), limit: maxOffset)   // 40 further down the page
public struct DragScroll: Equatable, Sendable {
    private var finger: Point
    private var offset: Point

    /// The drag holds the content at `offset` with the finger at `finger`.
    public init(finger: Point, offset: Point) {
        self.finger = finger
        self.offset = offset
    }

    /// The offset, within `0...limit`, that keeps the content under a finger now at `point`.
    public mutating func offset(forFinger point: Point, limit: Point) -> Point {
        guard point.x.isFinite, point.y.isFinite else { return offset }
        let wanted = Point(x: offset.x - (point.x - finger.x), y: offset.y - (point.y - finger.y))
        let held = Point(x: min(max(0, wanted.x), max(0, limit.x)), y: min(max(0, wanted.y), max(0, limit.y)))
        finger = point
        offset = held
        return held
    }
}
