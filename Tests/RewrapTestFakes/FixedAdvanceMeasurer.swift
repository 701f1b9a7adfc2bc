import RewrapLayout

/// A stand-in for the text engine: every character advances by the same
/// amount, so layout tests are exact and need no fonts.
public final class FixedAdvanceMeasurer: TextMeasurer {
    public var advance: Double
    public var boldAdvance: Double
    public var ascent: Double
    public var descent: Double
    /// How many times `measure` ran, to prove caching and O(n) measuring.
    public private(set) var calls = 0
    /// How many times each text was measured.
    public private(set) var measured: [String: Int] = [:]

    public init(advance: Double = 7, boldAdvance: Double = 8, ascent: Double = 13, descent: Double = 4) {
        self.advance = advance
        self.boldAdvance = boldAdvance
        self.ascent = ascent
        self.descent = descent
    }

    public func measure(_ text: String, style: TextStyle) -> TextMetrics {
        calls += 1
        measured[text, default: 0] += 1
        let perCharacter = style == .bold ? boldAdvance : advance
        return TextMetrics(width: Double(text.count) * perCharacter, ascent: ascent, descent: descent)
    }
}
