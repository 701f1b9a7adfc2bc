/// One line of text shaped and ordered for display: runs from left to right,
/// each glyph placed. Its width is the distance the pen travelled, which is
/// exactly how far drawing reaches, so measuring and drawing cannot disagree.
///
/// A class, so that the engine's cache hands out a reference rather than
/// copying runs of glyphs for every label of every frame.
public final class ShapedLine {
    public let runs: [GlyphRun]
    /// Whole pixels.
    public let width: Int
    public let ascent: Int
    public let descent: Int
    /// How far any glyph is moved up or down from the baseline, in whole
    /// pixels: marks stacked on a letter can reach far beyond the ascent.
    public let reach: Int
    /// Glyphs in all runs.
    public let glyphCount: Int

    init(runs: [GlyphRun], width: Int, ascent: Int, descent: Int) {
        self.runs = runs
        self.width = width
        self.ascent = ascent
        self.descent = descent
        reach = runs.lazy.flatMap(\.glyphs).map { Int(abs($0.y)) }.max() ?? 0
        glyphCount = runs.reduce(0) { $0 + $1.glyphs.count }
    }
}
