import RewrapLayout
import RewrapTestDrivers
@testable import RewrapText
import XCTest

/// Emoji in a colour bitmap font (Noto Color Emoji: CBDT, one strike of
/// 109 ppem) measured and rasterised at the text's size, each sequence one
/// glyph, checked against `hb-shape --font-funcs=ot` on the same file.
final class EmojiFaceTests: XCTestCase {
    static let notoColorEmoji = "/usr/share/fonts/truetype/noto/NotoColorEmoji.ttf"
    /// A flag, a tag flag, a keycap, a ZWJ family, a skin tone, VS16, and
    /// characters whose default is emoji.
    static let sequences = ["🇯🇵", "🏴󠁧󠁢󠁳󠁣󠁴󠁿", "1️⃣", "👩‍👩‍👧", "👋🏽", "✏️", "⭕", "🎨", "✅", "🐛"]

    private func engine(scale: Double = 1) throws -> TextEngine {
        try TextEngine(options: FontOptions(scale: scale), direction: .leftToRight)
    }

    func testEachSequenceIsOneGlyphOfTheColourFaceAsHarfBuzzShapesIt() throws {
        let engine = try engine()
        for emoji in Self.sequences {
            let line = engine.line(emoji, style: .body)
            XCTAssertEqual(line.runs.count, 1, emoji)
            let run = try XCTUnwrap(line.runs.first)
            XCTAssertEqual(run.face.fileName, Self.notoColorEmoji, emoji)
            XCTAssertTrue(run.face.isColor, emoji)
            XCTAssertEqual(run.glyphs.map(\.id), try HarfBuzzOracle.extents(emoji, font: Self.notoColorEmoji).map(\.g), emoji)
            XCTAssertEqual(run.glyphs.count, 1, "\(emoji): one picture")
        }
    }

    func testAdvancesAndImagesAreAtTheTextsSize() throws {
        for scale in [1.0, 1.25, 1.5, 2] {
            let engine = try engine(scale: scale)
            let pixels = 14 * scale
            for emoji in Self.sequences {
                let run = try XCTUnwrap(engine.line(emoji, style: .body).runs.first)
                let glyph = try XCTUnwrap(run.glyphs.first)
                let oracle = try XCTUnwrap(try HarfBuzzOracle.extents(emoji, font: Self.notoColorEmoji, pixels: pixels).first)
                let name = "\(emoji) at \(pixels) px"
                XCTAssertEqual(Double(glyph.advance) / 64, Double(oracle.ax) / 100, accuracy: 0.5, "\(name): advance")
                let image = try XCTUnwrap(run.face.takeImage(of: glyph.id), name)
                XCTAssertEqual(image.kind, .color, name)
                // Whole pixels around HarfBuzz's ink: no more than one over on any side.
                let xb = try XCTUnwrap(oracle.xb), yb = try XCTUnwrap(oracle.yb), w = try XCTUnwrap(oracle.w), h = try XCTUnwrap(oracle.h)
                let left = Double(xb) / 100, right = Double(xb + w) / 100
                let top = Double(yb) / 100, bottom = Double(yb + h) / 100
                XCTAssertTrue(Double(image.left) <= left && Double(image.left) > left - 1, "\(name): left \(image.left) for \(left)")
                XCTAssertTrue(Double(image.left + image.width) >= right && Double(image.left + image.width) < right + 1,
                              "\(name): right \(image.left + image.width) for \(right)")
                XCTAssertTrue(Double(image.top) >= top && Double(image.top) < top + 1, "\(name): top \(image.top) for \(top)")
                XCTAssertTrue(Double(image.top - image.height) <= bottom && Double(image.top - image.height) > bottom - 1,
                              "\(name): bottom \(image.top - image.height) for \(bottom)")
            }
        }
    }

    func testAControlWithAnEmojiIsAtMostTwoPixelsTaller() throws {
        for scale in [1.0, 1.25, 1.5, 2, 3] {
            let engine = try engine(scale: scale)
            for (plain, emoji) in [("Layout options", "Layout options 🎨"), ("Shape: Circle", "Shape: ⭕ Circle"),
                                   ("Japan", "🇯🇵 Japan"), ("Family", "👩‍👩‍👧 Family")] {
                for style in [TextStyle.body, .bold] {
                    let without = engine.measure(plain, style: style), with = engine.measure(emoji, style: style)
                    XCTAssertLessThanOrEqual(with.ascent + with.descent, without.ascent + without.descent + 2,
                                             "\(emoji) at scale \(scale)")
                }
            }
        }
    }

    func testTheColourImageHasTheEmojisColours() throws {
        let engine = try engine()
        let run = try XCTUnwrap(engine.line("🟥", style: .body).runs.first)
        let image = try XCTUnwrap(run.face.takeImage(of: run.glyphs[0].id))
        guard image.kind == .color else { return XCTFail("a coverage mask, not colour") }
        // The middle pixel of a red square: B, G, R, A, premultiplied.
        let middle = (image.height / 2 * image.width + image.width / 2) * 4
        let pixel = Array(image.bytes[middle..<middle + 4])
        XCTAssertEqual(pixel[3], 255, "opaque: \(pixel)")
        XCTAssertGreaterThan(pixel[2], 180, "red: \(pixel)")
        XCTAssertLessThan(pixel[1], 100, "red: \(pixel)")
        for offset in stride(from: 0, to: image.bytes.count, by: 4) {
            XCTAssertTrue(image.bytes[offset..<offset + 3].allSatisfy { $0 <= image.bytes[offset + 3] }, "premultiplied at \(offset)")
        }
        let letter = try XCTUnwrap(engine.line("A", style: .body).runs.first)
        XCTAssertEqual(letter.face.takeImage(of: letter.glyphs[0].id)?.kind, .mask, "text is coverage")
    }

    func testPresentationChoosesTheFace() throws {
        let engine = try engine()
        func face(_ text: String) throws -> FontFace { try XCTUnwrap(engine.line(text, style: .body).runs.first).face }
        XCTAssertTrue(try face("✏️").isColor, "VS16: emoji")
        XCTAssertFalse(try face("✏").isColor, "the pencil's default is text")
        XCTAssertFalse(try face("❤︎").isColor, "VS15: text")
        XCTAssertTrue(try face("❤️").isColor)
        XCTAssertTrue(try face("⭕").isColor, "Emoji_Presentation")
        XCTAssertTrue(try face("1️⃣").isColor, "a keycap, though DejaVu Sans has 1 and U+20E3")
        XCTAssertFalse(try face("1").isColor)
        XCTAssertTrue(try face("⚡").isColor, "Emoji_Presentation, though DejaVu Sans has it")
        XCTAssertFalse(try face("⚡︎").isColor, "VS15 takes it back to DejaVu Sans")
    }

    func testTheEmojiFontOpensOnlyWhenALabelNeedsIt() throws {
        let fonts = try FontCollection(options: FontOptions())
        for cluster in "Shape: Circle ✓ © 1 ☺" {
            _ = fonts.face(for: cluster.unicodeScalars, style: .body)
        }
        XCTAssertFalse(fonts.faces.contains { $0.isColor }, "no colour face for text: \(fonts.faces.map(\.fileName))")
        XCTAssertTrue(fonts.face(for: "🎨".unicodeScalars, style: .body).isColor)
    }

    func testAnEmojiAfterArabicKeepsItsPlaceInTheLine() throws {
        let engine = try TextEngine(options: FontOptions(), direction: .rightToLeft)
        let line = engine.line("شكل: ⭕ دائرة", style: .body)
        let colour = line.runs.filter { $0.face.isColor }
        XCTAssertEqual(colour.count, 1)
        XCTAssertEqual(colour.first?.glyphs.count, 1, "one picture")
        XCTAssertEqual(Double(colour.first?.glyphs.first?.advance ?? 0) / 64, 17, accuracy: 0.5, "as wide as at the text's size")
        // Right to left, the emoji sits between the two Arabic words.
        let index = try XCTUnwrap(line.runs.firstIndex { $0.face.isColor })
        XCTAssertTrue(index > 0 && index < line.runs.count - 1, "between the words")
    }
}
