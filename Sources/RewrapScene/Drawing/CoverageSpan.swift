/// A horizontal run of pixels that a shape covers by the same fraction.
/// Shapes become spans in plain Swift, so antialiasing is tested without a
/// display; a platform turns them into one alpha mask per shape.
public struct CoverageSpan: Hashable, Sendable {
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int
    /// 0...1: how much of each pixel the shape covers.
    public var coverage: Double

    /// A run `width` by `height` from (`x`, `y`), every pixel covered by `coverage`.
    public init(x: Int, y: Int, width: Int, height: Int, coverage: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
        self.coverage = coverage
    }
}
