import CWayland
import RewrapText

/// Every glyph drawn so far, rasterised once per face (one font at one
/// size) and glyph by FreeType as Xft rasterises it, and kept as an a8
/// image in pixman's glyph cache for compositing.
final class GlyphCache {
    let cache: OpaquePointer
    /// Glyphs FreeType could not render, or that have no ink.
    private var empty: Set<GlyphKey> = []

    private struct GlyphKey: Hashable {
        var face: Int
        var glyph: UInt32
    }

    init() {
        cache = pixman_glyph_cache_create()
    }

    deinit {
        pixman_glyph_cache_destroy(cache)
    }

    /// The cached glyph for pixman, or nil when it draws nothing. Call
    /// between `freeze` and `thaw`, as pixman's cache asks.
    func glyph(_ id: UInt32, of face: FontFace) -> UnsafeRawPointer? {
        // Keys are pointer-sized: the face's id and the glyph, neither zero.
        let faceKey = UnsafeMutableRawPointer(bitPattern: face.id + 1)
        let glyphKey = UnsafeMutableRawPointer(bitPattern: Int(id) + 1)
        if let known = pixman_glyph_cache_lookup(cache, faceKey, glyphKey) { return known }
        let key = GlyphKey(face: face.id, glyph: id)
        guard !empty.contains(key) else { return nil }
        guard let coverage = face.coverage(of: id), coverage.width > 0, coverage.height > 0 else {
            empty.insert(key)
            return nil
        }
        // pixman rows are 4-byte aligned; the cache keeps its own copy.
        let stride = (coverage.width + 3) & ~3
        var bits = [UInt32](repeating: 0, count: stride / 4 * coverage.height)
        bits.withUnsafeMutableBytes { raw in
            for row in 0..<coverage.height {
                for column in 0..<coverage.width {
                    raw[row * stride + column] = coverage.levels[row * coverage.width + column]
                }
            }
        }
        return bits.withUnsafeMutableBufferPointer { buffer in
            let image = pixman_image_create_bits(PIXMAN_a8, Int32(coverage.width), Int32(coverage.height), buffer.baseAddress,
                                                 Int32(stride))
            defer { pixman_image_unref(image) }
            // The origin is where the pen is, relative to the image's top-left pixel.
            return pixman_glyph_cache_insert(cache, faceKey, glyphKey, Int32(-coverage.left), Int32(coverage.top), image)
        }
    }
}
