import RewrapLayout

/// A frame snapped to whole pixels, as it is drawn. A node's border, fill,
/// label and chevron are all placed from this one rectangle, so they move
/// together and text never slides inside its button.
public struct PixelRect: Hashable, Sendable {
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int

    /// The pixels from (`x`, `y`), `width` by `height`.
    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// Rounds the origin and the size separately, so a moving frame keeps a
    /// steady size instead of flickering by a pixel as its edges round apart.
    public init(_ rect: Rect) {
        self.init(x: Int(rect.minX.rounded()), y: Int(rect.minY.rounded()),
                  width: Int(rect.width.rounded()), height: Int(rect.height.rounded()))
    }

    public var rect: Rect { Rect(x: Double(x), y: Double(y), width: Double(width), height: Double(height)) }

    /// True when the two share a pixel; an empty one shares none.
    public func overlaps(_ other: PixelRect) -> Bool {
        width > 0 && height > 0 && rect.overlaps(other.rect)
    }

    /// The smallest pixel rectangle that holds both.
    public func union(_ other: PixelRect) -> PixelRect {
        PixelRect(rect.union(other.rect))
    }

    /// True when the pixel at (`px`, `py`) is inside.
    public func contains(x px: Int, y py: Int) -> Bool {
        rect.contains(Point(x: Double(px), y: Double(py)))
    }
}
