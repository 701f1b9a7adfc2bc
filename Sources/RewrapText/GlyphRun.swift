/// Glyphs that one face draws, placed on a line: the output of shaping.
public struct GlyphRun {
    public let face: FontFace
    public let isRightToLeft: Bool
    public var glyphs: [PlacedGlyph] = []

    init(face: FontFace, isRightToLeft: Bool) {
        self.face = face
        self.isRightToLeft = isRightToLeft
    }
}
