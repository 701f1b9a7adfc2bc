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
    /// Shaped lines, a whole label or a wrapped line with the levels its
    /// paragraph gave it, in the engine's one direction.
    private var lines: [LineKey: ShapedLine] = [:]
    /// Past this many lines, start afresh: only something unusual, such as a
    /// panel of thousands of labels, gets there.
    private let capacity = 4096

    private struct LineKey: Hashable {
        var line: WrappedLine
        var style: TextStyle
    }

    /// An engine with the fonts `options` ask for, ordering every line in `direction`.
    public init(options: FontOptions, direction: LayoutDirection) throws(TextEngineError) {
        fonts = try FontCollection(options: options)
        self.direction = direction
    }

    /// HarfBuzz calls so far: a cache hit adds none.
    public var shapeCount: Int { shaper.shapeCount }

    /// A warning when the requested family was not installed.
    public var substitutionWarning: String? { fonts.substitutionWarning }

    /// A label as one line, shaped, or as it was kept from the last time.
    public func line(_ text: String, style: TextStyle) -> ShapedLine {
        line(WrappedLine(text), style: style)
    }

    /// Resolves the paragraph's levels in one pass (UAX #9 rules X1–I2) and
    /// gives each line its share, so an embedding opened on one line goes on
    /// to the next, and neutrals take their direction from both sides of a
    /// break. Left-to-right text with nothing right to left needs none.
    public func wrappedLines(_ lines: [String], at ranges: [Range<Int>], of paragraph: String) -> [WrappedLine] {
        let scalars = paragraph.unicodeScalars.lazy.map(\.value)
        guard lines.count > 1, !BidiParagraph.isPlainLeftToRight(scalars, direction: direction) else {
            return lines.map { WrappedLine($0) }
        }
        let levels = BidiParagraph.resolvedLevels(of: Array(scalars), direction: direction)
        return zip(lines, ranges).map { WrappedLine($0, levels: Array(levels[$1])) }
    }

    /// A line without levels is a paragraph of its own, ordered alone.
    public func line(_ line: WrappedLine, style: TextStyle) -> ShapedLine {
        let key = LineKey(line: line, style: style)
        if let known = lines[key] { return known }
        var text = line.text
        var scalars = text.unicodeScalars.map(\.value)
        var levels = line.levels ?? BidiParagraph.levels(of: scalars, direction: direction)
        if let capped = StreamSafe.capped(scalars, levels: levels) {
            (scalars, levels) = (capped.scalars, capped.levels)
            text = String(String.UnicodeScalarView(scalars.compactMap(Unicode.Scalar.init)))
        }
        let items = Itemizer.items(of: text, scalars: scalars, levels: levels, style: style, fonts: fonts)
        let shaped = shaper.line(items, scalars: scalars, fallbackFace: fonts.primary(style))
        if lines.count >= capacity { lines.removeAll(keepingCapacity: true) }
        lines[key] = shaped
        return shaped
    }

    /// The shaped label's width, ascent and descent.
    public func measure(_ text: String, style: TextStyle) -> TextMetrics {
        metrics(of: line(text, style: style))
    }

    public func measure(_ line: WrappedLine, style: TextStyle) -> TextMetrics {
        metrics(of: self.line(line, style: style))
    }

    private func metrics(of shaped: ShapedLine) -> TextMetrics {
        TextMetrics(width: Double(shaped.width), ascent: Double(shaped.ascent), descent: Double(shaped.descent))
    }

    /// The scalars of `text` that no installed font draws in `style` as
    /// they ask to be presented: an emoji sequence whole, when no colour
    /// face draws it (a VS16 pencil is not covered by a text pencil), and
    /// otherwise each scalar no font has.
    public func uncovered(_ text: String, style: TextStyle) -> [Unicode.Scalar] {
        text.flatMap { cluster -> [Unicode.Scalar] in
            let scalars = cluster.unicodeScalars
            guard !fonts.covers(cluster: scalars, style: style) else { return [] }
            guard Presentation.requested(by: scalars) == nil else { return Array(scalars) }
            return scalars.filter { !$0.properties.isWhitespace && !fonts.covers($0, style: style) }
        }
    }
}
