import CWayland
import RewrapText

/// Every glyph drawn so far, taken once per face (one font at one size)
/// and glyph from the text engine's rasteriser, the same images X11
/// uploads: coverage masks in pixman's glyph cache, composited through the
/// text's colour, and colour images as a8r8g8b8, composited as they are.
final class GlyphCache {
    let cache: OpaquePointer
    private var colors: [GlyphKey: ColorGlyph] = [:]
    /// Glyphs FreeType could not render, or that have no ink.
    private var empty: Set<GlyphKey> = []

    private struct GlyphKey: Hashable {
        var face: Int
        var glyph: UInt32
    }

    /// A glyph as the surface composites it.
    enum Glyph {
        /// pixman's cached glyph, for `pixman_composite_glyphs`.
        case mask(UnsafeRawPointer)
        case color(ColorGlyph)
    }

    /// A colour glyph's premultiplied image, and where its top-left pixel
    /// sits from the pen on the baseline.
    final class ColorGlyph {
        let image: OpaquePointer
        let left: Int, top: Int
        var width: Int { Int(pixman_image_get_width(image)) }
        var height: Int { Int(pixman_image_get_height(image)) }

        init(_ glyph: GlyphImage) {
            (left, top) = (glyph.left, glyph.top)
            image = pixman_image_create_bits(PIXMAN_a8r8g8b8, Int32(glyph.width), Int32(glyph.height), nil, Int32(glyph.width * 4))
            let bits = UnsafeMutableRawPointer(pixman_image_get_data(image)!)
            glyph.bytes.withUnsafeBytes { bits.copyMemory(from: $0.baseAddress!, byteCount: $0.count) }
        }

        deinit {
            pixman_image_unref(image)
        }
    }

    init() {
        cache = pixman_glyph_cache_create()
    }

    deinit {
        pixman_glyph_cache_destroy(cache)
    }

    /// The cached glyph, or nil when it draws nothing. Call between
    /// `freeze` and `thaw`, as pixman's cache asks.
    func glyph(_ id: UInt32, of face: FontFace) -> Glyph? {
        // Keys are pointer-sized: the face's id and the glyph, neither zero.
        let faceKey = UnsafeMutableRawPointer(bitPattern: face.id + 1)
        let glyphKey = UnsafeMutableRawPointer(bitPattern: Int(id) + 1)
        if let known = pixman_glyph_cache_lookup(cache, faceKey, glyphKey) { return .mask(known) }
        let key = GlyphKey(face: face.id, glyph: id)
        if face.isColor, let known = colors[key] { return .color(known) }
        guard !empty.contains(key) else { return nil }
        guard let image = face.takeImage(of: id) else {
            empty.insert(key)
            return nil
        }
        guard image.kind == .mask else {
            let glyph = ColorGlyph(image)
            colors[key] = glyph
            return .color(glyph)
        }
        // pixman rows are 4-byte aligned; the cache keeps its own copy.
        let stride = (image.width + 3) & ~3
        var bits = [UInt32](repeating: 0, count: stride / 4 * image.height)
        bits.withUnsafeMutableBytes { raw in
            image.bytes.withUnsafeBytes { bytes in
                for row in 0..<image.height {
                    (raw.baseAddress! + row * stride).copyMemory(from: bytes.baseAddress! + row * image.width, byteCount: image.width)
                }
            }
        }
        return bits.withUnsafeMutableBufferPointer { buffer in
            let mask = pixman_image_create_bits(PIXMAN_a8, Int32(image.width), Int32(image.height), buffer.baseAddress,
                                                Int32(stride))
            defer { pixman_image_unref(mask) }
            // The origin is where the pen is, relative to the image's top-left pixel.
            return pixman_glyph_cache_insert(cache, faceKey, glyphKey, Int32(-image.left), Int32(image.top), mask).map(Glyph.mask)
        }
    }
}
