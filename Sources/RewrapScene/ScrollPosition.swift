import RewrapLayout

/// How far the content is scrolled, kept within what the content allows.
///
///     var scroll = ScrollPosition()
///     scroll.scroll(by: Point(x: 0, y: 48), content: scene.contentSize, viewport: window)
public struct ScrollPosition: Hashable, Sendable {
    public private(set) var offset: Point = .zero

    public init() {}

    public static func maximum(content: Size, viewport: Size) -> Point {
        Point(x: max(0, content.width - viewport.width), y: max(0, content.height - viewport.height))
    }

    public mutating func scroll(by delta: Point, content: Size, viewport: Size) {
        offset = Point(x: offset.x + delta.x, y: offset.y + delta.y)
        clamp(content: content, viewport: viewport)
    }

    /// After a resize the content may be shorter; never show past its end.
    public mutating func clamp(content: Size, viewport: Size) {
        let limit = Self.maximum(content: content, viewport: viewport)
        offset = Point(x: min(max(0, offset.x), limit.x).rounded(), y: min(max(0, offset.y), limit.y).rounded())
    }

    /// Scrolls just enough to bring `frame` (content coordinates) into view;
    /// a frame larger than the viewport shows its leading and top edges.
    public mutating func reveal(_ frame: Rect, margin: Double, content: Size, viewport: Size) {
        var x = offset.x, y = offset.y
        if frame.minY - margin < y { y = frame.minY - margin }
        if frame.maxY + margin > y + viewport.height { y = min(frame.minY - margin, frame.maxY + margin - viewport.height) }
        if frame.minX - margin < x { x = frame.minX - margin }
        if frame.maxX + margin > x + viewport.width { x = min(frame.minX - margin, frame.maxX + margin - viewport.width) }
        offset = Point(x: x, y: y)
        clamp(content: content, viewport: viewport)
    }

    /// The thin indicator along one edge, or nil when everything fits.
    public static func indicator(offset: Double, content: Double, viewport: Double, length: Double) -> (start: Double, length: Double)? {
        guard content > viewport, viewport > 0 else { return nil }
        let size = max(length * viewport / content, min(24, length))
        let start = (length - size) * offset / (content - viewport)
        return (start, size)
    }
}
