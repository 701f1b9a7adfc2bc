/// Glyphs that one face draws, placed on a line: the output of shaping.
public struct GlyphRun {
    public let face: FontFace
    public let isRightToLeft: Bool
    public var glyphs: [UInt32] = []
    /// For each glyph, the index of the first scalar of its cluster in the line.
    public var clusters: [UInt32] = []
    /// Each glyph's advance in 26.6 pixels, as positioned (kerning included).
    public var advances: [Int32] = []
    /// Where each glyph's origin sits, in whole pixels from the line's left
    /// end and from its baseline (down is positive).
    public var x: [Int32] = []
    public var y: [Int32] = []

    init(face: FontFace, isRightToLeft: Bool) {
        self.face = face
        self.isRightToLeft = isRightToLeft
    }
}
