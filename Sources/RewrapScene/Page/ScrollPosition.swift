import RewrapLayout

/// How far the content is scrolled, kept within what the content allows.
/// Sideways, it counts from the edge where reading starts, so a page that
/// reads right to left starts scrolled to its right end and keeps its place
/// from there when the content's width changes.
///
///     var scroll = ScrollPosition(direction: .leftToRight)
///     scroll.scroll(by: Point(x: 0, y: 48), content: scene.contentSize, viewport: window)
public struct ScrollPosition: Hashable, Sendable {
    public let direction: LayoutDirection
    /// Scrolled distance from the top, and from the reading start edge.
    private var fromStart: Point = .zero
    /// The largest offsets the content allows, as last clamped.
    private var limit: Point = .zero

    /// At the start: the top, and the left or the right edge as `direction` reads.
    public init(direction: LayoutDirection = .leftToRight) {
        self.direction = direction
    }

    /// The window's offset into the content, from its top-left corner.
    public var offset: Point {
        Point(x: direction == .leftToRight ? fromStart.x : limit.x - fromStart.x, y: fromStart.y)
    }

    /// The farthest offset that still fills `viewport` with `content`.
    public static func maximum(content: Size, viewport: Size) -> Point {
        Point(x: max(0, content.width - viewport.width), y: max(0, content.height - viewport.height))
    }

    /// `delta` moves the window over the content: positive goes down and right.
    public mutating func scroll(by delta: Point, content: Size, viewport: Size) {
        fromStart = Point(x: fromStart.x + (direction == .leftToRight ? delta.x : -delta.x), y: fromStart.y + delta.y)
        clamp(content: content, viewport: viewport)
    }

    /// The content was laid out again `factor` times larger: the same place
    /// in it, until the next `clamp` with its new size.
    public mutating func scale(by factor: Double) {
        guard factor.isFinite, factor > 0 else { return }
        fromStart = Point(x: (fromStart.x * factor).rounded(), y: (fromStart.y * factor).rounded())
        limit = Point(x: limit.x * factor, y: limit.y * factor)
    }

    /// After a resize the content may be shorter; never show past its end.
    public mutating func clamp(content: Size, viewport: Size) {
        limit = Self.maximum(content: content, viewport: viewport)
        fromStart = Point(x: min(max(0, fromStart.x), limit.x).rounded(), y: min(max(0, fromStart.y), limit.y).rounded())
    }

    /// Scrolls just enough to bring `frame` (content coordinates) into view;
    /// a frame larger than the viewport shows its top edge and the edge
    /// where its text starts.
    public mutating func reveal(_ frame: Rect, margin: Double, content: Size, viewport: Size) {
        limit = Self.maximum(content: content, viewport: viewport)
        var x = offset.x, y = offset.y
        if frame.minY - margin < y { y = frame.minY - margin }
        if frame.maxY + margin > y + viewport.height { y = min(frame.minY - margin, frame.maxY + margin - viewport.height) }
        let leading = frame.minX - margin, trailing = frame.maxX + margin - viewport.width
        switch direction {
        case .leftToRight:
            if leading < x { x = leading }
            if trailing > x { x = min(leading, trailing) }
        case .rightToLeft:
            if trailing > x { x = trailing }
            if leading < x { x = max(leading, trailing) }
        }
        fromStart = Point(x: direction == .leftToRight ? x : limit.x - x, y: y)
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
