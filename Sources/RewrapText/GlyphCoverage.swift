/// One glyph rendered to coverage levels, 0 to 255 a pixel row by row,
/// and where its top-left pixel sits from the pen on the baseline.
public struct GlyphCoverage: Sendable {
    /// Pixels right of the pen.
    public var left: Int
    /// Pixels above the baseline (up is positive, as FreeType has it).
    public var top: Int
    public var width: Int
    public var height: Int
    public var levels: [UInt8]
}
