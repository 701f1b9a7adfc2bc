/// Remembers measurements by text and style, so a reflow measures each label
/// once. A plan made through a fresh cache equals one made through a warm one.
public final class MeasurementCache: TextMeasurer {
    private struct Key: Hashable {
        var text: String
        var style: TextStyle
    }

    private let measurer: any TextMeasurer
    private var entries: [Key: TextMetrics] = [:]
    public private(set) var misses = 0

    public init(_ measurer: any TextMeasurer) {
        self.measurer = measurer
    }

    public func measure(_ text: String, style: TextStyle) -> TextMetrics {
        let key = Key(text: text, style: style)
        if let hit = entries[key] { return hit }
        misses += 1
        let metrics = measurer.measure(text, style: style)
        entries[key] = metrics
        return metrics
    }

    /// Forgets everything, as needed when the font or scale changes.
    public func removeAll() {
        entries.removeAll(keepingCapacity: true)
    }
}
