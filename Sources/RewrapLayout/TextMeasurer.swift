/// Measures a single line of text. The text engine implements it by shaping
/// with HarfBuzz; tests use a fixed-advance fake, so layout needs no fonts.
public protocol TextMeasurer {
    /// How wide, and how far above and below the baseline, `text` is set in `style` on one line.
    func measure(_ text: String, style: TextStyle) -> TextMetrics
    /// `lines`, which sit at `ranges` of `paragraph`'s scalars, as the
    /// paragraph orders them; a measurer that does not order text leaves
    /// each line to itself.
    func wrappedLines(_ lines: [String], at ranges: [Range<Int>], of paragraph: String) -> [WrappedLine]
    /// A wrapped line as its paragraph orders it.
    func measure(_ line: WrappedLine, style: TextStyle) -> TextMetrics
}

extension TextMeasurer {
    public func wrappedLines(_ lines: [String], at ranges: [Range<Int>], of paragraph: String) -> [WrappedLine] {
        lines.map { WrappedLine($0) }
    }

    public func measure(_ line: WrappedLine, style: TextStyle) -> TextMetrics {
        measure(line.text, style: style)
    }
}
