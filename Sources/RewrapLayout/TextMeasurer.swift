/// Measures a single line of text. The text engine implements it by shaping
/// with HarfBuzz; tests use a fixed-advance fake, so layout needs no fonts.
public protocol TextMeasurer {
    func measure(_ text: String, style: TextStyle) -> TextMetrics
    /// A line as its paragraph orders it; a measurer that does not order
    /// text measures the line alone.
    func measure(_ line: ParagraphLine, style: TextStyle) -> TextMetrics
}

extension TextMeasurer {
    public func measure(_ line: ParagraphLine, style: TextStyle) -> TextMetrics {
        measure(line.text, style: style)
    }
}
