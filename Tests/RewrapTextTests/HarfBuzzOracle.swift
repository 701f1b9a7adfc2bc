import Foundation
import RewrapTestDrivers

/// `hb-shape` from HarfBuzz's command-line tools, run on a font file at the
/// engine's size: the independent answer shaping is compared with.
enum HarfBuzzOracle {
    struct Glyph: Decodable, Equatable {
        /// Glyph index, cluster (a scalar index), advance and offsets in
        /// hundredths of a pixel at 14 px.
        var g: UInt32
        var cl: UInt32
        var ax: Int
        var dx: Int
        var dy: Int
    }

    /// `text` shaped as one run, glyphs in the order shown (left to right),
    /// with pair kerning off as the engine shapes.
    static func shape(_ text: String, font: String, pixels: Double = 14) throws -> [Glyph] {
        let result = try runCommand(["/usr/bin/hb-shape", "--font-size=\(Int(pixels * 100))", "--output-format=json",
                                     "--no-glyph-names", "--features=-kern", font, text])
        guard result.status == 0 else { throw TestFailure("hb-shape failed: \(result.stderr)") }
        return try JSONDecoder().decode([Glyph].self, from: Data(result.stdout.utf8))
    }

    struct Extents: Decodable {
        var g: UInt32
        /// Advance, and the ink's bearings and size, in hundredths of a
        /// pixel, up positive: `h` is negative.
        var ax: Int
        var xb: Int
        var yb: Int
        var w: Int
        var h: Int
    }

    /// `text` shaped with HarfBuzz's own OpenType functions (`ot`, which
    /// read a colour font's CBLC strike metrics and scale them), each
    /// glyph's advance and ink extents at `pixels`. The `ft` functions go
    /// through FreeType, the library under test, and round to whole pixels.
    static func extents(_ text: String, font: String, pixels: Double = 14) throws -> [Extents] {
        let result = try runCommand(["/usr/bin/hb-shape", "--font-size=\(Int(pixels * 100))", "--output-format=json", "--no-glyph-names",
                                     "--show-extents", "--font-funcs=ot", "--features=-kern", font, text])
        guard result.status == 0 else { throw TestFailure("hb-shape failed: \(result.stderr)") }
        return try JSONDecoder().decode([Extents].self, from: Data(result.stdout.utf8))
    }

    /// The path of the font fontconfig picks for `pattern`.
    static func fontFile(_ pattern: String) throws -> String {
        let result = try runCommand(["/usr/bin/fc-match", "-f", "%{file}", pattern])
        guard result.status == 0, !result.stdout.isEmpty else { throw TestFailure("fc-match \(pattern) failed") }
        return result.stdout
    }
}
