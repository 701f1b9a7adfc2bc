import CX11
import RewrapText

/// The Xft fonts that draw shaped glyphs: one per face of the text engine,
/// each borrowing the engine's own FreeType face, so Xft draws exactly the
/// glyphs HarfBuzz chose from the very face they were measured with.
final class GlyphFonts {
    private let connection: XConnection
    private var fonts: [Int: UnsafeMutablePointer<XftFont>] = [:]
    /// Most labels are one run in one face: the last answer, before hashing.
    private var last: (faceID: Int, font: UnsafeMutablePointer<XftFont>)?
    /// Faces Xft refused, so each is tried once.
    private var refused: Set<Int> = []
    /// Held so each FreeType face outlives the Xft font that borrows it,
    /// whichever of the engine and these fonts goes first.
    private var borrowed: [FontFace] = []

    init(connection: XConnection) {
        self.connection = connection
    }

    deinit {
        for font in fonts.values { XftFontClose(connection.display, font) }
    }

    func font(for face: FontFace) -> UnsafeMutablePointer<XftFont>? {
        if let last, last.faceID == face.id { return last.font }
        if let open = fonts[face.id] {
            last = (face.id, open)
            return open
        }
        guard !refused.contains(face.id), let pattern = FcPatternDuplicate(face.pattern) else { return nil }
        // The face, not the file: Xft then opens nothing of its own.
        FcPatternDel(pattern, FC_FILE)
        FcPatternAddFTFace(pattern, FC_FT_FACE, UnsafeMutablePointer<FT_FaceRec_>(face.freeTypeFace))
        guard let font = XftFontOpenPattern(connection.display, pattern) else {
            FcPatternDestroy(pattern)
            refused.insert(face.id)
            return nil
        }
        fonts[face.id] = font
        borrowed.append(face)
        return font
    }
}
