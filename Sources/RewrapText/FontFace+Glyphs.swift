import CText

/// The glyph rasteriser: one FreeType load a glyph gives both its advance,
/// which shaping needs, and its image, which a platform takes when it first
/// draws the glyph. Images are at the device's size: a coverage mask for an
/// outline or grey glyph, premultiplied colour for a colour one.
extension FontFace {
    /// The advance Xft would give the glyph: loaded with its flags, emboldened
    /// if it would embolden, rounded to whole pixels; in 26.6. A strike's
    /// advance is scaled to the asked size first.
    func advance(of glyph: UInt32) -> Int32 {
        if let known = advances[glyph] { return known }
        let (advance, image) = load(glyph)
        advances[glyph] = advance
        if let image { images[glyph] = image }
        return advance
    }

    /// The glyph's image, for a platform to upload once and keep: the one
    /// rendered when it was measured, or rendered now. Nil when the glyph
    /// has no ink or FreeType cannot render it.
    public func takeImage(of glyph: UInt32) -> GlyphImage? {
        if let image = images.removeValue(forKey: glyph) { return image }
        return load(glyph).image
    }

    /// Loads the glyph once, for its advance and its image.
    private func load(_ glyph: UInt32) -> (advance: Int32, image: GlyphImage?) {
        guard FT_Load_Glyph(face, glyph, loadFlags) == 0 else { return (0, nil) }
        var slot = face.pointee.glyph!
        // FreeType 2.12 loads an OpenType-SVG glyph as a document it cannot
        // render without hooks; its outline is the font's own fallback.
        if slot.pointee.format == FT_GLYPH_FORMAT_SVG {
            guard FT_Load_Glyph(face, glyph, loadFlags & ~Int32(FT_LOAD_COLOR)) == 0 else { return (0, nil) }
            slot = face.pointee.glyph!
        }
        let isColorBitmap = slot.pointee.format == FT_GLYPH_FORMAT_BITMAP
            && slot.pointee.bitmap.pixel_mode == UInt8(FT_PIXEL_MODE_BGRA.rawValue)
        if embolden && !isColorBitmap { FT_GlyphSlot_Embolden(slot) }
        var advance = Int64(slot.pointee.advance.x)
        if case .strikes(_, let scale) = kind { advance = Int64((Double(advance) * scale).rounded()) }
        let rounded = Int32(clamping: (advance + 32) & ~63)
        if slot.pointee.format != FT_GLYPH_FORMAT_BITMAP,
           FT_Render_Glyph(slot, antialias ? FT_RENDER_MODE_NORMAL : FT_RENDER_MODE_MONO) != 0 {
            return (rounded, nil)
        }
        guard var image = Self.image(of: slot), image.width > 0, image.height > 0 else { return (rounded, nil) }
        if case .strikes(_, let scale) = kind, scale != 1 { image = StrikeScaler.scaled(image, by: scale) }
        return (rounded, image)
    }

    /// The slot's bitmap as an image: BGRA (premultiplied, as FreeType
    /// gives it) as colour, grey and monochrome as coverage.
    private static func image(of slot: FT_GlyphSlot) -> GlyphImage? {
        let bitmap = slot.pointee.bitmap
        let width = Int(bitmap.width), height = Int(bitmap.rows)
        let kind: GlyphImage.Kind
        switch bitmap.pixel_mode {
        case UInt8(FT_PIXEL_MODE_BGRA.rawValue): kind = .color
        case UInt8(FT_PIXEL_MODE_GRAY.rawValue), UInt8(FT_PIXEL_MODE_MONO.rawValue): kind = .mask
        default: return nil
        }
        var image = GlyphImage(kind: kind, left: Int(slot.pointee.bitmap_left), top: Int(slot.pointee.bitmap_top),
                               width: width, height: height, bytes: [])
        guard let buffer = bitmap.buffer else { return image }
        let channels = image.bytesPerPixel
        image.bytes = [UInt8](repeating: 0, count: width * height * channels)
        let pitch = Int(bitmap.pitch)
        let mono = bitmap.pixel_mode == UInt8(FT_PIXEL_MODE_MONO.rawValue)
        image.bytes.withUnsafeMutableBufferPointer { bytes in
            for row in 0..<height {
                // A negative pitch means the rows run upwards from the buffer.
                let line = buffer + (pitch >= 0 ? row * pitch : (height - 1 - row) * -pitch)
                let start = bytes.baseAddress! + row * width * channels
                if mono {
                    for column in 0..<width {
                        start[column] = (line[column >> 3] >> (7 - UInt8(column & 7))) & 1 == 1 ? 255 : 0
                    }
                } else {
                    start.update(from: line, count: width * channels)
                }
            }
        }
        return image
    }
}
