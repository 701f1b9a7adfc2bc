import RewrapLayout

/// A paragraph broken into lines, with what the page needs to place it:
/// each line's measurements, made once for each set of breaks.
public struct WrappedText: Sendable {
    public let lines: [String]
    public let metrics: [TextMetrics]

    /// The widest line.
    public var width: Double { metrics.map(\.width).max() ?? 0 }
    /// The tallest line's height; every line takes this much.
    public var lineHeight: Double { metrics.map(\.height).max() ?? 0 }
}
