/// One line of text shaped and ordered for display: runs from left to right,
/// each glyph placed. Its width is the distance the pen travelled, which is
/// exactly how far drawing reaches, so measuring and drawing cannot disagree.
public struct ShapedLine {
    public var runs: [GlyphRun]
    /// Whole pixels.
    public var width: Int
    public var ascent: Int
    public var descent: Int

    public var glyphCount: Int { runs.reduce(0) { $0 + $1.glyphs.count } }
}
