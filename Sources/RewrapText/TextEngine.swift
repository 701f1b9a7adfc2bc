import RewrapLayout

/// Text in every script, set as GTK's Pango sets it, in four stages:
/// *itemize* (bidi levels, scripts, covering faces), *shape* (HarfBuzz),
/// *break* (`LineBreaker`, between clusters) and *measure*, which is only
/// the width the shaped glyphs cover. Lines are shaped once and kept, so a
/// resize or an animated frame shapes nothing.
///
///     let engine = try TextEngine(options: FontOptions(), direction: .rightToLeft)
///     engine.line("Shape: دائرة", style: .body).width
///
/// It knows nothing of X: the X side opens the same faces and draws the
/// glyphs where the line puts them.
public final class TextEngine: TextMeasurer {
    /// The paragraph direction every line is ordered in.
    public let direction: LayoutDirection
    private let fonts: FontCollection
    private let shaper = Shaper()
    private var lines: [LineKey: ShapedLine] = [:]
    /// Past this many lines, start afresh: only something unusual, such as a
    /// panel of thousands of labels, gets there.
    private let capacity = 4096

    private struct LineKey: Hashable {
        var text: String
        var style: TextStyle
        var direction: LayoutDirection
    }

    public init(options: FontOptions, direction: LayoutDirection) throws(TextEngineError) {
        fonts = try FontCollection(options: options)
        self.direction = direction
    }

    /// HarfBuzz calls so far: a cache hit adds none.
    public var shapeCount: Int { shaper.shapeCount }

    /// A warning when the requested family was not installed.
    public var substitutionWarning: String? { fonts.substitutionWarning }

    public func line(_ text: String, style: TextStyle) -> ShapedLine {
        let key = LineKey(text: text, style: style, direction: direction)
        if let known = lines[key] { return known }
        let scalars = text.unicodeScalars.map(\.value)
        let items = Itemizer.items(of: text, scalars: scalars, direction: direction, style: style, fonts: fonts)
        let shaped = shaper.line(items, scalars: scalars, fallbackFace: fonts.primary(style))
        if lines.count >= capacity { lines.removeAll(keepingCapacity: true) }
        lines[key] = shaped
        return shaped
    }

    public func measure(_ text: String, style: TextStyle) -> TextMetrics {
        let shaped = line(text, style: style)
        return TextMetrics(width: Double(shaped.width), ascent: Double(shaped.ascent), descent: Double(shaped.descent))
    }

    /// The scalars of `text` that no installed font draws in `style`.
    public func uncovered(_ text: String, style: TextStyle) -> [Unicode.Scalar] {
        text.unicodeScalars.filter { !$0.properties.isWhitespace && !fonts.covers($0, style: style) }
    }
}
