import RewrapScene

/// A shape split where it stops curving (see `Shape.stretch`): the left
/// `cap` columns of `ends` at the shape's left edge, its right `cap` columns
/// at the right edge, and solid `middle` spans between them.
public struct Stretch: Hashable, Sendable {
    /// A narrow copy of the shape, `2 × cap` wide.
    public var ends: Shape
    public var cap: Int
    /// Fully covered spans, relative to the shape's top-left pixel.
    public var middle: StretchMiddle

    public init(ends: Shape, cap: Int, middle: StretchMiddle) {
        self.ends = ends
        self.cap = cap
        self.middle = middle
    }
}
