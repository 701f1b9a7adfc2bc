import RewrapScene

/// The few rectangle questions the tree and the adaptor ask, in whole pixels.
extension PixelRect {
    func overlaps(_ other: PixelRect) -> Bool {
        width > 0 && height > 0 && x < other.x + other.width && other.x < x + width
            && y < other.y + other.height && other.y < y + height
    }

    func union(_ other: PixelRect) -> PixelRect {
        let left = min(x, other.x), top = min(y, other.y)
        let right = max(x + width, other.x + other.width), bottom = max(y + height, other.y + other.height)
        return PixelRect(x: left, y: top, width: right - left, height: bottom - top)
    }

    func contains(x px: Int, y py: Int) -> Bool {
        px >= x && py >= y && px < x + width && py < y + height
    }
}
