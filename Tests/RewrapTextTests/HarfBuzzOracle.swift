import Foundation
import RewrapTestDrivers

/// `hb-shape` from HarfBuzz's command-line tools, run on a font file at the
/// engine's size: the independent answer shaping is compared with.
enum HarfBuzzOracle {
    /// One glyph as `hb-shape` prints it in JSON: its index, its cluster (a
    /// scalar index), its advance and offsets, and with `--show-extents`
    /// its ink's bearings and size, all in hundredths of a pixel, up
    /// positive, so that `h` is negative.
    struct Glyph: Decodable, Equatable {
        var g: UInt32
        var cl: UInt32
        var ax: Int
        var dx: Int
        var dy: Int
        var xb: Int?
        var yb: Int?
        var w: Int?
        var h: Int?
    }

    /// `text` shaped as one run, glyphs in the order shown (left to right),
    /// with pair kerning off as the engine shapes, and a variable font's
    /// axes set as `variations` says (`wght=700`).
    static func shape(_ text: String, font: String, pixels: Double = 14, variations: String? = nil) throws -> [Glyph] {
        try run(text, font: font, pixels: pixels, options: variations.map { ["--variations=\($0)"] } ?? [])
    }

    /// `text` shaped with HarfBuzz's own OpenType functions (`ot`, which
    /// read a colour font's CBLC strike metrics and scale them), with each
    /// glyph's ink extents. The `ft` functions go through FreeType, the
    /// library under test, and round to whole pixels.
    static func extents(_ text: String, font: String, pixels: Double = 14) throws -> [Glyph] {
        try run(text, font: font, pixels: pixels, options: ["--show-extents", "--font-funcs=ot"])
    }

    private static func run(_ text: String, font: String, pixels: Double, options: [String]) throws -> [Glyph] {
        let result = try runCommand(["/usr/bin/hb-shape", "--font-size=\(Int(pixels * 100))", "--output-format=json",
                                     "--no-glyph-names", "--features=-kern"] + options + [font, text])
        guard result.status == 0 else { throw TestFailure("hb-shape failed: \(result.stderr)") }
        return try JSONDecoder().decode([Glyph].self, from: Data(result.stdout.utf8))
    }

    /// The path of the font fontconfig picks for `pattern`.
    static func fontFile(_ pattern: String) throws -> String {
        let result = try runCommand(["/usr/bin/fc-match", "-f", "%{file}", pattern])
        guard result.status == 0, !result.stdout.isEmpty else { throw TestFailure("fc-match \(pattern) failed") }
        return result.stdout
    }
}
