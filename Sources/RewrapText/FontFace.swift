import CText

/// One font at one size, as both FreeType and HarfBuzz see it. HarfBuzz
/// shapes with the font's own tables; each glyph's advance comes from
/// FreeType, loaded with the flags Xft would use and rounded to whole pixels
/// as Xft rounds it, so Latin text keeps the widths Xft gave it. The same
/// load rasterises the glyph's image, which waits here until a platform
/// takes it (`takeImage`), so FreeType loads each glyph once.
///
/// Whatever the face's kind, its metrics, advances and images are at the
/// size asked for: a bitmap font's strike is scaled to it.
public final class FontFace {
    /// Stable for the engine's life; the platforms key their glyphs on it.
    public let id: Int
    /// The matched, render-ready fontconfig pattern.
    public let pattern: OpaquePointer
    public let kind: FaceKind
    /// The face has colour glyphs (COLR, CBDT or sbix), loaded in colour.
    public let isColor: Bool
    let file: FontFile
    private let library: FreeTypeLibrary
    let face: FT_Face
    /// The HarfBuzz font that shapes: a sub-font whose advances are ours.
    let font: OpaquePointer
    private let parent: OpaquePointer
    private let charset: OpaquePointer?
    let loadFlags: Int32
    let embolden: Bool
    let antialias: Bool
    /// Whole pixels at the asked size, as Xft computes them for an outline
    /// font; a strike's are scaled and rounded up.
    public let ascent: Int
    public let descent: Int
    /// Rounded advances in 26.6, per glyph, each loaded once.
    var advances: [UInt32: Int32] = [:]
    /// Images rendered by the load that gave the advance, until taken.
    var images: [UInt32: GlyphImage] = [:]

    /// The face for a matched pattern at `asked` pixels, or nil if its file
    /// cannot be read. An outline face takes the pattern's own pixel size,
    /// as Xft does; for a bitmap font fontconfig answers with its strike's
    /// size (and a matrix back to the asked one, which a face that read the
    /// pixel size alone would miss: 109 px emoji in 14 px text).
    init?(id: Int, pattern: OpaquePointer, asked: Double, file: FontFile, library: FreeTypeLibrary) {
        var index: Int32 = 0
        if FcPatternGetInteger(pattern, FC_INDEX, 0, &index) != FcResultMatch { index = 0 }
        var matched = 0.0
        guard FcPatternGetDouble(pattern, FC_PIXEL_SIZE, 0, &matched) == FcResultMatch, matched > 0, asked > 0 else { return nil }
        var loaded: FT_Face?
        let opened = FT_New_Memory_Face(library.handle, file.bytes.baseAddress!.assumingMemoryBound(to: FT_Byte.self),
                                        FT_Long(file.bytes.count), FT_Long(index), &loaded)
        guard opened == 0, let face = loaded, let sized = Self.size(face, matched: matched, asked: asked) else {
            if let loaded { FT_Done_Face(loaded) }
            return nil
        }
        let (kind, pixels) = sized
        self.id = id
        self.pattern = pattern
        self.kind = kind
        isColor = face.pointee.face_flags & FT_Long(FT_FACE_FLAG_COLOR) != 0
        self.file = file
        self.library = library
        self.face = face
        let flags: Int32
        (flags, embolden) = Self.xftLoadFlags(pattern)
        // FreeType hands back grey unless asked for colour.
        loadFlags = isColor ? flags | Int32(FT_LOAD_COLOR) : flags
        var antialiased: FcBool = 1
        antialias = FcPatternGetBool(pattern, FC_ANTIALIAS, 0, &antialiased) != FcResultMatch || antialiased != 0
        let metrics = face.pointee.size.pointee.metrics
        if case .strikes(_, let scale) = kind {
            ascent = Int((Double(metrics.ascender) / 64 * scale).rounded(.up))
            descent = Int((Double(-metrics.descender) / 64 * scale).rounded(.up))
        } else {
            ascent = Int(metrics.ascender >> 6)
            descent = -Int(metrics.descender >> 6)
        }
        var set: OpaquePointer?
        charset = FcPatternGetCharSet(pattern, FC_CHARSET, 0, &set) == FcResultMatch ? set : nil

        let blob = hb_blob_create(file.bytes.baseAddress!.assumingMemoryBound(to: CChar.self), UInt32(file.bytes.count),
                                  HB_MEMORY_MODE_READONLY, nil, nil)
        // fontconfig's index carries a variable font's named instance above
        // bit 16; FreeType reads it there, HarfBuzz wants it set apart.
        let hbFace = hb_face_create(blob, UInt32(index & 0xFFFF))
        hb_blob_destroy(blob)
        parent = hb_font_create(hbFace)!
        hb_face_destroy(hbFace)
        if index >> 16 > 0 { hb_font_set_var_named_instance(parent, UInt32(index >> 16) - 1) }
        // HarfBuzz reads the font's own units, so a bitmap font's tables
        // give positions at the asked size too.
        let scale = Int32(pixels * 64)
        hb_font_set_scale(parent, scale, scale)
        hb_font_set_ppem(parent, UInt32(pixels.rounded()), UInt32(pixels.rounded()))
        font = hb_font_create_sub_font(parent)!
        hb_font_set_funcs(font, Self.funcs, Unmanaged.passUnretained(self).toOpaque(), nil)
    }

    deinit {
        hb_font_destroy(font)
        hb_font_destroy(parent)
        FT_Done_Face(face)
        FcPatternDestroy(pattern)
    }

    /// The font file's path, so tests can shape with hb-shape on the same file.
    public var fileName: String { file.path }

    func covers(_ scalar: Unicode.Scalar) -> Bool {
        guard let charset else { return FT_Get_Char_Index(face, FT_ULong(scalar.value)) != 0 }
        return FcCharSetHasChar(charset, scalar.value) != 0
    }

    /// Sizes `face`: an outline face at the matched size, a bitmap face by
    /// the smallest strike at least as large as the asked size (or else the
    /// largest), scaled to it. Returns the kind and the size in pixels; nil
    /// when FreeType refuses.
    private static func size(_ face: FT_Face, matched: Double, asked: Double) -> (FaceKind, Double)? {
        let flags = face.pointee.face_flags
        if flags & FT_Long(FT_FACE_FLAG_SCALABLE) != 0 {
            // As Xft sets it: the size in 26.6 points at 72 dpi, which is pixels.
            let size = FT_F26Dot6(matched * 64)
            guard FT_Set_Char_Size(face, size, size, 0, 0) == 0 else { return nil }
            return (flags & FT_Long(FT_FACE_FLAG_COLOR) != 0 ? .colorLayers : .outline, matched)
        }
        let count = Int(face.pointee.num_fixed_sizes)
        guard count > 0, let sizes = face.pointee.available_sizes else { return nil }
        let strikes = (0..<count).map { (index: $0, ppem: Double(sizes[$0].y_ppem) / 64) }
        guard let strike = strikes.filter({ $0.ppem >= asked }).min(by: { $0.ppem < $1.ppem })
                ?? strikes.max(by: { $0.ppem < $1.ppem }),
              strike.ppem > 0, FT_Select_Size(face, Int32(strike.index)) == 0 else { return nil }
        return (.strikes(ppem: Int(strike.ppem.rounded()), scale: asked / strike.ppem), asked)
    }

    /// HarfBuzz asks for advances through these, and everything else goes to
    /// the parent font, which reads the font's own tables.
    private nonisolated(unsafe) static let funcs: OpaquePointer = {
        let funcs = hb_font_funcs_create()!
        hb_font_funcs_set_glyph_h_advance_func(funcs, { _, data, glyph, _ in
            Unmanaged<FontFace>.fromOpaque(data!).takeUnretainedValue().advance(of: glyph)
        }, nil, nil)
        hb_font_funcs_make_immutable(funcs)
        return funcs
    }()
}
