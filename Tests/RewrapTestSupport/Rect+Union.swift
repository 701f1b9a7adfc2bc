import RewrapLayout

extension Rect {
    /// The smallest rectangle holding every frame; empty at the origin for none.
    public static func union(of frames: [Rect]) -> Rect {
        guard let first = frames.first else { return Rect(origin: .zero, size: .zero) }
        var minX = first.minX, minY = first.minY, maxX = first.maxX, maxY = first.maxY
        for frame in frames.dropFirst() {
            minX = Swift.min(minX, frame.minX)
            minY = Swift.min(minY, frame.minY)
            maxX = Swift.max(maxX, frame.maxX)
            maxY = Swift.max(maxY, frame.maxY)
        }
        return Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }
}
