/// A point in layout space: x grows rightwards, y downwards.
public struct Point: Hashable, Sendable {
    public var x: Double
    public var y: Double

    /// The point `x` to the right of the origin and `y` below it.
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    public static let zero = Point(x: 0, y: 0)
}
