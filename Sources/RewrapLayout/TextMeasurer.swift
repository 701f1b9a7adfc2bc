/// The font a label is set in. Measurements are keyed by text and font.
public enum TextStyle: Hashable, Sendable {
    case body
    case bold
}

/// How much room a line of text takes.
public struct TextMetrics: Hashable, Sendable {
    public var width: Double
    public var ascent: Double
    public var descent: Double

    public init(width: Double, ascent: Double, descent: Double) {
        self.width = width
        self.ascent = ascent
        self.descent = descent
    }

    public var height: Double { ascent + descent }
}

/// Measures a single line of text. Xft implements it on screen; tests use a
/// fixed-advance fake, so layout needs no display.
public protocol TextMeasurer {
    func measure(_ text: String, style: TextStyle) -> TextMetrics
}
