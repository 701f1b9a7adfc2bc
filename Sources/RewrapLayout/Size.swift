/// A width and a height, never negative once it leaves a layout.
public struct Size: Hashable, Sendable {
    public var width: Double
    public var height: Double

    /// A size `width` wide and `height` high.
    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    public static let zero = Size(width: 0, height: 0)
}
