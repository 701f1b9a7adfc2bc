import RewrapScene

/// The solid spans between a stretch's ends: one for a filled shape, two
/// (its top and bottom edges) for a border. Kept inline rather than in an
/// array, since a stretch is made for every fill of every frame.
public struct StretchMiddle: RandomAccessCollection, Hashable, Sendable {
    private let first: CoverageSpan
    private let second: CoverageSpan?

    init(_ first: CoverageSpan, _ second: CoverageSpan? = nil) {
        self.first = first
        self.second = second
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { second == nil ? 1 : 2 }

    public subscript(position: Int) -> CoverageSpan {
        precondition(indices.contains(position), "a stretch's middle has \(count) spans")
        return position == 0 ? first : second!
    }
}
