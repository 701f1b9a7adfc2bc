import CText

/// One font at one size, as both FreeType and HarfBuzz see it. HarfBuzz
/// shapes with the font's own tables; each glyph's advance comes from
/// FreeType, loaded with the flags Xft would use and rounded to whole pixels
/// as Xft rounds it, so Latin text keeps the widths Xft gave it. Xft borrows
/// this FreeType face to draw, so measuring and drawing share one face.
public final class FontFace {
    /// Stable for the engine's life; the X side keys its fonts on it.
    public let id: Int
    /// The matched, render-ready fontconfig pattern.
    public let pattern: OpaquePointer
    let file: FontFile
    private let library: FreeTypeLibrary
    let face: FT_Face
    /// The HarfBuzz font that shapes: a sub-font whose advances are ours.
    let font: OpaquePointer
    private let parent: OpaquePointer
    private let charset: OpaquePointer?
    private let loadFlags: Int32
    private let embolden: Bool
    private let antialias: Bool
    /// Whole pixels, as Xft computes them.
    public let ascent: Int
    public let descent: Int
    /// Hinted advances in 26.6, per glyph, each loaded once.
    private var advances: [UInt32: Int32] = [:]

    /// The face for a matched pattern, or nil if its file cannot be read.
    init?(id: Int, pattern: OpaquePointer, file: FontFile, library: FreeTypeLibrary) {
        var index: Int32 = 0
        if FcPatternGetInteger(pattern, FC_INDEX, 0, &index) != FcResultMatch { index = 0 }
        var pixels = 0.0
        guard FcPatternGetDouble(pattern, FC_PIXEL_SIZE, 0, &pixels) == FcResultMatch, pixels > 0 else { return nil }
        var loaded: FT_Face?
        let opened = FT_New_Memory_Face(library.handle, file.bytes.baseAddress!.assumingMemoryBound(to: FT_Byte.self),
                                        FT_Long(file.bytes.count), FT_Long(index), &loaded)
        guard opened == 0, let face = loaded else { return nil }
        // As Xft sets it: the size in 26.6 points at 72 dpi, which is pixels.
        let size = FT_F26Dot6(pixels * 64)
        guard FT_Set_Char_Size(face, size, size, 0, 0) == 0 else {
            FT_Done_Face(face)
            return nil
        }
        self.id = id
        self.pattern = pattern
        self.file = file
        self.library = library
        self.face = face
        (loadFlags, embolden) = Self.xftLoadFlags(pattern)
        var antialiased: FcBool = 1
        antialias = FcPatternGetBool(pattern, FC_ANTIALIAS, 0, &antialiased) != FcResultMatch || antialiased != 0
        let metrics = face.pointee.size.pointee.metrics
        ascent = Int(metrics.ascender >> 6)
        descent = -Int(metrics.descender >> 6)
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
        hb_font_set_scale(parent, Int32(size), Int32(size))
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

    /// The FreeType face, for Xft to borrow; opaque so that it crosses
    /// module boundaries whatever each module calls the type.
    public var freeTypeFace: OpaquePointer { OpaquePointer(face) }

    /// The font file's path, so tests can shape with hb-shape on the same file.
    public var fileName: String { file.path }

    func covers(_ scalar: Unicode.Scalar) -> Bool {
        guard let charset else { return FT_Get_Char_Index(face, FT_ULong(scalar.value)) != 0 }
        return FcCharSetHasChar(charset, scalar.value) != 0
    }

    /// The advance Xft would give the glyph: loaded with its flags, emboldened
    /// if it would embolden, rounded to whole pixels; in 26.6.
    func advance(of glyph: UInt32) -> Int32 {
        if let known = advances[glyph] { return known }
        var value: Int32 = 0
        if FT_Load_Glyph(face, glyph, loadFlags) == 0 {
            if embolden { FT_GlyphSlot_Embolden(face.pointee.glyph) }
            value = Int32((face.pointee.glyph.pointee.advance.x + 32) & ~63)
        }
        advances[glyph] = value
        return value
    }

    /// The glyph's coverage, rendered as Xft renders it for a grey or
    /// monochrome font: loaded with the same flags, emboldened alike, then
    /// rendered by FreeType; nil when FreeType cannot. For platforms that
    /// draw on the client, which cache the answer.
    public func coverage(of glyph: UInt32) -> GlyphCoverage? {
        guard FT_Load_Glyph(face, glyph, loadFlags) == 0 else { return nil }
        let slot = face.pointee.glyph!
        if embolden { FT_GlyphSlot_Embolden(slot) }
        if slot.pointee.format != FT_GLYPH_FORMAT_BITMAP,
           FT_Render_Glyph(slot, antialias ? FT_RENDER_MODE_NORMAL : FT_RENDER_MODE_MONO) != 0 { return nil }
        let bitmap = slot.pointee.bitmap
        let width = Int(bitmap.width), height = Int(bitmap.rows)
        var levels = [UInt8](repeating: 0, count: width * height)
        if let buffer = bitmap.buffer {
            let mono = bitmap.pixel_mode == UInt8(FT_PIXEL_MODE_MONO.rawValue)
            for row in 0..<height {
                let line = buffer + row * Int(bitmap.pitch)
                for column in 0..<width {
                    levels[row * width + column] = mono
                        ? ((line[column >> 3] >> (7 - UInt8(column & 7))) & 1 == 1 ? 255 : 0)
                        : line[column]
                }
            }
        }
        return GlyphCoverage(left: Int(slot.pointee.bitmap_left), top: Int(slot.pointee.bitmap_top), width: width,
                             height: height, levels: levels)
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

    /// The load flags Xft derives from a pattern (libXft's XftFontInfoFill):
    /// hinting and its style, antialiasing, autohinting, embedded bitmaps.
    private static func xftLoadFlags(_ pattern: OpaquePointer) -> (flags: Int32, embolden: Bool) {
        func bool(_ name: String, default value: Bool) -> Bool {
            var result: FcBool = 0
            return FcPatternGetBool(pattern, name, 0, &result) == FcResultMatch ? result != 0 : value
        }
        func integer(_ name: String, default value: Int32) -> Int32 {
            var result: Int32 = 0
            return FcPatternGetInteger(pattern, name, 0, &result) == FcResultMatch ? result : value
        }
        let antialias = bool(FC_ANTIALIAS, default: true)
        let hinting = bool(FC_HINTING, default: true)
        let style = integer(FC_HINT_STYLE, default: Int32(FC_HINT_FULL))
        var flags = Int32(FT_LOAD_DEFAULT)
        if antialias && !bool("embeddedbitmap", default: false) { flags |= Int32(FT_LOAD_NO_BITMAP) }
        if !hinting || style == Int32(FC_HINT_NONE) { flags |= Int32(FT_LOAD_NO_HINTING) }
        if antialias {
            if Int32(FC_HINT_NONE) < style && style < Int32(FC_HINT_FULL) {
                flags |= rewrap_ft_load_target_light()
            } else {
                switch integer(FC_RGBA, default: Int32(FC_RGBA_UNKNOWN)) {
                case Int32(FC_RGBA_RGB), Int32(FC_RGBA_BGR): flags |= rewrap_ft_load_target_lcd()
                case Int32(FC_RGBA_VRGB), Int32(FC_RGBA_VBGR): flags |= rewrap_ft_load_target_lcd_v()
                default: break
                }
            }
        } else {
            flags |= rewrap_ft_load_target_mono()
        }
        if bool(FC_AUTOHINT, default: false) { flags |= Int32(FT_LOAD_FORCE_AUTOHINT) }
        if !bool(FC_GLOBAL_ADVANCE, default: true) { flags |= Int32(FT_LOAD_IGNORE_GLOBAL_ADVANCE_WIDTH) }
        return (flags, bool(FC_EMBOLDEN, default: false))
    }
}
