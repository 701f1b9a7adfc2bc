import RewrapLayout

extension Rect {
    /// The smallest rectangle holding every frame; empty at the origin for none.
    public static func union(of frames: [Rect]) -> Rect {
        guard let first = frames.first else { return .zero }
        return frames.dropFirst().reduce(first) { $0.union($1) }
    }
}
