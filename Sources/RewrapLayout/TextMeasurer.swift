/// Measures a single line of text. Xft implements it on screen; tests use a
/// fixed-advance fake, so layout needs no display.
public protocol TextMeasurer {
    func measure(_ text: String, style: TextStyle) -> TextMetrics
}
