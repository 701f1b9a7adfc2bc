/// Measures a single line of text. The text engine implements it by shaping
/// with HarfBuzz; tests use a fixed-advance fake, so layout needs no fonts.
public protocol TextMeasurer {
    func measure(_ text: String, style: TextStyle) -> TextMetrics
}
