/// One glyph rasterised for the device's pixels, and where its top-left
/// pixel sits from the pen on the baseline: what each platform uploads
/// once and composites, so both draw the same pixels.
public struct GlyphImage: Sendable, Equatable {
    /// How the image's bytes are drawn: filled with the text's colour, or as they are.
    public enum Kind: Sendable, Equatable {
        /// Coverage, one byte a pixel, filled with the text's colour.
        case mask
        /// Premultiplied colour, four bytes a pixel in the order B, G, R, A
        /// (pixman's a8r8g8b8 and XRender's ARGB32 on a little-endian
        /// machine), drawn as it is, whatever the text's colour.
        case color
    }

    public var kind: Kind
    /// Pixels right of the pen.
    public var left: Int
    /// Pixels above the baseline (up is positive, as FreeType has it).
    public var top: Int
    public var width: Int
    public var height: Int
    /// Rows from the top, `width` pixels each, with no padding.
    public var bytes: [UInt8]

    /// One for a mask, four for colour.
    public var bytesPerPixel: Int { kind == .mask ? 1 : 4 }
}
