import RewrapLayout

/// A paragraph broken into lines, with what the page needs to place it:
/// each line's measurements, made once for each set of breaks. Each line
/// keeps the levels its paragraph ordered it by.
public struct WrappedText: Sendable {
    public let lines: [WrappedLine]
    public let metrics: [TextMetrics]

    /// The widest line.
    public var width: Double { metrics.reduce(0) { max($0, $1.width) } }
    /// The tallest line's height; every line takes this much.
    public var lineHeight: Double { metrics.reduce(0) { max($0, $1.height) } }
}
