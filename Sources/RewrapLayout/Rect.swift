/// An axis-aligned rectangle given by its top-left origin and its size.
public struct Rect: Hashable, Sendable {
    public var origin: Point
    public var size: Size

    /// The rectangle with its top-left corner at `origin`, `size` big.
    public init(origin: Point, size: Size) {
        self.origin = origin
        self.size = size
    }

    /// The rectangle with its top-left corner at (`x`, `y`), `width` by `height`.
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.init(origin: Point(x: x, y: y), size: Size(width: width, height: height))
    }

    public static let zero = Rect(origin: .zero, size: .zero)

    public var minX: Double { origin.x }
    public var minY: Double { origin.y }
    public var maxX: Double { origin.x + size.width }
    public var maxY: Double { origin.y + size.height }
    public var width: Double { size.width }
    public var height: Double { size.height }

    /// True when the two rectangles share interior area; touching edges do not count.
    public func overlaps(_ other: Rect) -> Bool {
        minX < other.maxX && other.minX < maxX && minY < other.maxY && other.minY < maxY
    }

    /// True when `point` is inside: the left and top edges count, the right and bottom ones do not.
    public func contains(_ point: Point) -> Bool {
        point.x >= minX && point.x < maxX && point.y >= minY && point.y < maxY
    }

    /// The same rectangle moved `dx` right and `dy` down.
    public func offsetBy(dx: Double, dy: Double) -> Rect {
        Rect(x: minX + dx, y: minY + dy, width: width, height: height)
    }

    /// The shared area, or nil when the two do not overlap.
    public func intersection(_ other: Rect) -> Rect? {
        let left = Swift.max(minX, other.minX), right = Swift.min(maxX, other.maxX)
        let top = Swift.max(minY, other.minY), bottom = Swift.min(maxY, other.maxY)
        guard right > left, bottom > top else { return nil }
        return Rect(x: left, y: top, width: right - left, height: bottom - top)
    }

    /// The smallest rectangle that holds both.
    public func union(_ other: Rect) -> Rect {
        let left = Swift.min(minX, other.minX), top = Swift.min(minY, other.minY)
        return Rect(x: left, y: top, width: Swift.max(maxX, other.maxX) - left, height: Swift.max(maxY, other.maxY) - top)
    }

    /// How far apart the two are: zero when they touch or overlap.
    public func distance(to other: Rect) -> Double {
        let dx = Swift.max(0, Swift.max(other.minX - maxX, minX - other.maxX))
        let dy = Swift.max(0, Swift.max(other.minY - maxY, minY - other.maxY))
        return (dx * dx + dy * dy).squareRoot()
    }
}
