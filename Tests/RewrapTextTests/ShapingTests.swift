import RewrapLayout
import RewrapText
import XCTest

/// Shaping checked against `hb-shape` on the same font file at the same
/// size: the glyphs and clusters must be the same, and each advance within
/// the half pixel that hinting may round it by.
final class ShapingTests: XCTestCase {
    private func engine(_ direction: LayoutDirection = .leftToRight) throws -> TextEngine {
        try TextEngine(options: FontOptions(), direction: direction)
    }

    /// The run's glyphs against hb-shape's for `text` alone on the run's font.
    private func assertShapedAsHarfBuzz(_ run: GlyphRun, _ text: String, clusterOffset: UInt32 = 0,
                                        file: StaticString = #filePath, line: UInt = #line) throws {
        let expected = try HarfBuzzOracle.shape(text, font: run.face.fileName)
        XCTAssertEqual(run.glyphs.map(\.id), expected.map(\.g), "glyphs of \"\(text)\"", file: file, line: line)
        XCTAssertEqual(run.glyphs.map(\.cluster), expected.map { $0.cl + clusterOffset }, "clusters of \"\(text)\"", file: file, line: line)
        for (index, (ours, theirs)) in zip(run.glyphs.map(\.advance), expected).enumerated() {
            XCTAssertEqual(Double(ours) / 64, Double(theirs.ax) / 100, accuracy: 0.52,
                           "advance of glyph \(index) in \"\(text)\"", file: file, line: line)
        }
    }

    /// Found by fuzzing: "é x" shaped after "e\u{301} x" came back with the
    /// decomposed text's glyphs, a cluster past its own three scalars.
    func testCanonicallyEquivalentTextIsShapedForItsOwnScalars() throws {
        let engine = try engine()
        _ = engine.line("e\u{301} x", style: .body)
        let composed = engine.line("\u{e9} x", style: .body)
        XCTAssertEqual(composed.runs.count, 1)
        try assertShapedAsHarfBuzz(composed.runs[0], "\u{e9} x")
    }

    func testArabicLettersJoin() throws {
        let text = "مرحبا بالعالم"
        let shaped = try engine(.rightToLeft).line(text, style: .body)
        XCTAssertEqual(shaped.runs.count, 1)
        try assertShapedAsHarfBuzz(shaped.runs[0], text)
        // Joined forms are other glyphs than the letters alone would be.
        let alone = try engine(.rightToLeft).line("م", style: .body).runs[0].glyphs
        XCTAssertFalse(shaped.runs[0].glyphs.contains { $0.id == alone[0].id }, "the first letter took its initial form")
        XCTAssertEqual(Double(shaped.width), try HarfBuzzOracle.shape(text, font: shaped.runs[0].face.fileName)
            .reduce(0) { $0 + Double($1.ax) / 100 }, accuracy: 3)
    }

    func testDevanagariFormsConjunctsAndReordersVowelSigns() throws {
        let text = "क्षत्रिय"
        let shaped = try engine().line(text, style: .body)
        XCTAssertEqual(shaped.runs.count, 1)
        let run = shaped.runs[0]
        XCTAssertEqual(run.face.fileName, try HarfBuzzOracle.fontFile("sans-serif:charset=915"), "a Devanagari face")
        try assertShapedAsHarfBuzz(run, text)
        XCTAssertLessThan(run.glyphs.count, text.unicodeScalars.count, "क्ष is one conjunct glyph")
        // The vowel sign ि (scalar 6) is drawn before the consonants त्र it follows in the text.
        let sign = try HarfBuzzOracle.shape("\u{93F}", font: run.face.fileName).map(\.g)
        let cluster = run.glyphs.filter { $0.cluster == 3 }.map(\.id)
        XCTAssertEqual(cluster.count, 2)
        XCTAssertTrue(sign.contains(cluster[0]), "the sign's glyph comes first")
        XCTAssertEqual(shaped.width, 28, "about 28 px, where drawing letter by letter took 43")
    }

    func testHebrewWordReadsRightToLeft() throws {
        let text = "שלום"
        let shaped = try engine(.rightToLeft).line(text, style: .body)
        try assertShapedAsHarfBuzz(shaped.runs[0], text)
        XCTAssertEqual(shaped.runs[0].glyphs.map(\.cluster), [3, 2, 1, 0], "the first letter is the rightmost")
        XCTAssertEqual(shaped.runs[0].glyphs.map(\.x), shaped.runs[0].glyphs.map(\.x).sorted(), "glyphs are placed left to right as shown")
    }

    /// "Shape: دائرة" left to right: the Latin run, then the Arabic word
    /// read right to left. In a right-to-left paragraph the order flips.
    func testMixedDirectionLabelOrdersEachRunItsOwnWay() throws {
        let text = "Shape: دائرة"
        let ltr = try engine(.leftToRight).line(text, style: .body)
        XCTAssertEqual(ltr.runs.map(\.isRightToLeft), [false, true])
        try assertShapedAsHarfBuzz(ltr.runs[0], "Shape: ")
        try assertShapedAsHarfBuzz(ltr.runs[1], "دائرة", clusterOffset: 7)
        XCTAssertGreaterThanOrEqual(ltr.runs[1].glyphs.map(\.x).min()!, ltr.runs[0].glyphs.map(\.x).max()!, "the Arabic word sits to the right")

        let rtl = try engine(.rightToLeft).line(text, style: .body)
        let latin = try XCTUnwrap(rtl.runs.first { !$0.isRightToLeft })
        let arabic = try XCTUnwrap(rtl.runs.first { $0.glyphs.count == ltr.runs[1].glyphs.count && $0.isRightToLeft })
        XCTAssertGreaterThan(latin.glyphs.map(\.x).min()!, arabic.glyphs.map(\.x).max()!, "right to left, the Latin title reads first, at the right")
        XCTAssertEqual(rtl.width, ltr.width)
    }

    func testLatinLabelShapesAsHarfBuzzDoes() throws {
        for text in ["Color samples", "Pattern: Alternating diagonal lines", "Resize the window to change how many labels fit."] {
            let shaped = try engine().line(text, style: .body)
            XCTAssertEqual(shaped.runs.count, 1, text)
            try assertShapedAsHarfBuzz(shaped.runs[0], text)
        }
    }

    /// Marks stack where hb-shape puts them: each glyph's offsets count, not
    /// only the advances.
    func testCombiningMarksStackAsHarfBuzzPlacesThem() throws {
        let text = "e\u{301}\u{301}\u{323}"
        let run = try XCTUnwrap(try engine().line(text, style: .body).runs.first)
        let expected = try HarfBuzzOracle.shape(text, font: run.face.fileName)
        XCTAssertEqual(run.glyphs.map(\.id), expected.map(\.g))
        XCTAssertGreaterThan(Set(expected.map(\.dy)).count, 1, "fixture: hb-shape lifts one mark above another")
        var pen = 0
        for (index, (ours, theirs)) in zip(run.glyphs, expected).enumerated() {
            XCTAssertEqual(Double(ours.x), Double(pen + theirs.dx) / 100, accuracy: 1, "x of glyph \(index)")
            XCTAssertEqual(Double(ours.y), -Double(theirs.dy) / 100, accuracy: 1, "y of glyph \(index), down from the baseline")
            pen += theirs.ax
        }
    }

    /// An override reverses its label's letters, whether or not it is
    /// closed, and the next label reads as it always did.
    func testABidiOverrideReordersOnlyItsOwnLabel() throws {
        let engine = try engine()
        func letterClusters(_ text: String) -> [UInt32] {
            let glyphs = engine.line(text, style: .body).runs.flatMap(\.glyphs).sorted { $0.x < $1.x }
            let letters = Set(text.unicodeScalars.enumerated().filter { $0.element.properties.isAlphabetic }.map { UInt32($0.offset) })
            return glyphs.map(\.cluster).filter(letters.contains)
        }
        XCTAssertEqual(letterClusters("\u{202E}abc\u{202C}"), [3, 2, 1], "right-to-left override, closed")
        XCTAssertEqual(letterClusters("\u{202E}abc"), [3, 2, 1], "right-to-left override, never closed")
        XCTAssertEqual(letterClusters("abc"), [0, 1, 2], "the next label")
        XCTAssertEqual(letterClusters("\u{2067}abc\u{2069}d"), [1, 2, 3, 5], "an isolate orders only its own inside")
    }

    /// UAX #9 resolves a paragraph, then orders each line: a wrapped line
    /// keeps the levels its paragraph gives it. Worked by hand from the rules.
    func testAWrappedLineIsOrderedByItsWholeParagraph() throws {
        func clustersLeftToRight(_ line: ShapedLine) -> [UInt32] {
            line.runs.flatMap(\.glyphs).sorted { $0.x < $1.x }.map(\.cluster)
        }
        // Right to left, the comma between two Latin words is Latin (N1);
        // at the end of a line of its own it would take the paragraph's side.
        let rtl = try engine(.rightToLeft)
        let wrapped = rtl.wrappedLines(["Hello,", "world."], at: [0..<6, 7..<13], of: "Hello, world.")
        XCTAssertEqual(wrapped.map(\.text), ["Hello,", "world."])
        XCTAssertEqual(clustersLeftToRight(rtl.line(wrapped[0], style: .body)), [0, 1, 2, 3, 4, 5], "'Hello,' as the paragraph has it")
        XCTAssertEqual(clustersLeftToRight(rtl.line("Hello,", style: .body)), [5, 0, 1, 2, 3, 4], "fixture: alone, the comma goes left")
        // An override opened on the first line goes on over the second (X6).
        let ltr = try engine(.leftToRight)
        let second = ltr.wrappedLines(["\u{202E}abc", "def"], at: [0..<4, 5..<8], of: "\u{202E}abc def")[1]
        XCTAssertEqual(clustersLeftToRight(ltr.line(second, style: .body)), [2, 1, 0], "still overridden")
        XCTAssertEqual(clustersLeftToRight(ltr.line("def", style: .body)), [0, 1, 2])
        XCTAssertEqual(ltr.measure(second, style: .body).width, ltr.measure("def", style: .body).width)
        // Left to right with nothing right to left, a line orders the same alone.
        XCTAssertNil(ltr.wrappedLines(["Hello,", "world."], at: [0..<6, 7..<13], of: "Hello, world.")[0].levels)
    }

    /// Past Unicode's stream-safe bound of 30 marks in a row, marks are
    /// left out: a tower of 50,000 shapes and draws as one of 30, and a
    /// starter between two towers keeps both.
    func testMarksPastTheStreamSafeBoundAreLeftOut() throws {
        let engine = try engine()
        let marks = { (count: Int) in String(repeating: "\u{301}", count: count) }
        let bounded = engine.line("a" + marks(30), style: .body)
        let tower = engine.line("a" + marks(50_000), style: .body)
        XCTAssertEqual(tower.glyphCount, bounded.glyphCount)
        XCTAssertEqual(tower.width, bounded.width)
        XCTAssertEqual(engine.line("a" + marks(31), style: .body).glyphCount, bounded.glyphCount, "the 31st mark is left out")
        XCTAssertLessThan(engine.line("a" + marks(29), style: .body).glyphCount, bounded.glyphCount, "the 30th is not")
        let second = engine.line("b" + marks(30), style: .body)
        let two = engine.line("a" + marks(30) + "b" + marks(30), style: .body)
        XCTAssertEqual(two.glyphCount, bounded.glyphCount + second.glyphCount, "each tower within the bound")
    }

    func testEachClusterKeepsOneFace() throws {
        let engine = try engine()
        let mixed = engine.line("Sketch 控制項", style: .body)
        XCTAssertEqual(mixed.runs.count, 2, "Latin in the main face, Chinese in a fallback")
        XCTAssertNotEqual(mixed.runs[0].face.id, mixed.runs[1].face.id)
        let accented = engine.line("e\u{301}", style: .body)
        XCTAssertEqual(accented.runs.count, 1, "the mark stays with its letter")
    }

    func testShapedLinesAreKeptSoNothingIsShapedTwice() throws {
        let engine = try engine()
        _ = engine.line("Shape: Circle", style: .body)
        _ = engine.line("Shape: Circle", style: .bold)
        let shaped = engine.shapeCount
        for _ in 0..<10 {
            _ = engine.line("Shape: Circle", style: .body)
            _ = engine.measure("Shape: Circle", style: .bold)
        }
        XCTAssertEqual(engine.shapeCount, shaped)
        _ = engine.line("Shape: Square", style: .body)
        XCTAssertEqual(engine.shapeCount, shaped + 1, "a new label shapes once")
    }

    /// The width is where hb-shape's pen ends after every run, each run
    /// shaped alone on its own face; our advances are hinted to whole pixels.
    func testWidthIsWhereThePenEnds() throws {
        for text in ["Color samples", "مرحبا بالعالم", "क्षत्रिय", "Shape: دائرة", "Sketch 控制項"] {
            let shaped = try engine().line(text, style: .body)
            let scalars = Array(text.unicodeScalars)
            let starts = shaped.runs.map { Int($0.glyphs.map(\.cluster).min()!) }
            var pen = 0.0
            for (run, start) in zip(shaped.runs, starts) {
                let end = starts.filter { $0 > start }.min() ?? scalars.count
                let runText = String(String.UnicodeScalarView(scalars[start..<end]))
                pen += try HarfBuzzOracle.shape(runText, font: run.face.fileName).reduce(0) { $0 + Double($1.ax) / 100 }
            }
            XCTAssertEqual(Double(shaped.width), pen, accuracy: 2, text)
        }
    }

    func testUncoveredScalarsAreNamed() throws {
        XCTAssertEqual(try engine().uncovered("Sketch \u{13000}", style: .body), ["\u{13000}"])
        XCTAssertEqual(try engine().uncovered("Shape: دائرة क्ष 控", style: .bold), [])
    }

    /// Joiners and the like need no font. The engine skips looking them up
    /// below U+00AD, and the Unicode data agrees that none lies there.
    func testIgnorableScalarsNeedNoFont() throws {
        let below = (0..<0xAD).compactMap(Unicode.Scalar.init).filter(\.properties.isDefaultIgnorableCodePoint)
        XCTAssertEqual(below, [])
        XCTAssertEqual(try engine().uncovered("a\u{AD}b\u{200D}c\u{FE0F}", style: .body), [])
        let joined = try engine().line("a\u{200D}b", style: .body)
        XCTAssertEqual(joined.runs.count, 1, "a joiner takes its neighbours' face")
    }
}
