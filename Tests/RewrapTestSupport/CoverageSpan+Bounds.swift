import RewrapScene

extension Array where Element == CoverageSpan {
    /// The smallest box holding every span, relative to the fill's offset.
    public var bounds: PixelRect {
        let minX = map(\.x).min() ?? 0, minY = map(\.y).min() ?? 0
        let maxX = map { $0.x + $0.width }.max() ?? 0, maxY = map { $0.y + $0.height }.max() ?? 0
        return PixelRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }
}
