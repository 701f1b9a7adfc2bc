import RewrapLayout
import RewrapTestFakes
import RewrapText
import XCTest

/// Every character is 7 px wide, so a width of 7 × n holds n characters.
final class LineBreakerTests: XCTestCase {
    private let measurer = FixedAdvanceMeasurer(advance: 7, boldAdvance: 8)
    private lazy var breaker = LineBreaker(measurer: measurer)

    private func lines(_ text: String, characters: Double, style: TextStyle = .body) -> [String] {
        breaker.wrap(text, width: characters * (style == .bold ? 8 : 7), style: style).lines.map(\.text)
    }

    /// Found by fuzzing: a paragraph wrapped after a canonically equivalent
    /// one came back as the other's lines, with other scalars.
    func testCanonicallyEquivalentParagraphsWrapIntoTheirOwnScalars() {
        let composed = "Caf\u{e9} cr\u{e8}me", decomposed = "Cafe\u{301} cre\u{300}me"
        XCTAssertEqual(lines(composed, characters: 5), ["Caf\u{e9}", "cr\u{e8}me"])
        let wrapped = lines(decomposed, characters: 5)
        XCTAssertEqual(wrapped.map { Array($0.unicodeScalars) }, [Array("Cafe\u{301}".unicodeScalars), Array("cre\u{300}me".unicodeScalars)])
    }

    func testShortTextStaysOnOneLine() {
        XCTAssertEqual(lines("Layout options", characters: 40), ["Layout options"])
    }

    func testWrapsAtSpaces() {
        XCTAssertEqual(lines("Resize the window to change how many labels fit.", characters: 20),
                       ["Resize the window to", "change how many", "labels fit."])
    }

    func testLineThatExactlyFillsTheWidthStays() {
        XCTAssertEqual(lines("aa bb cc", characters: 5), ["aa bb", "cc"])
        XCTAssertEqual(lines("aa bb cc", characters: 4.99), ["aa", "bb", "cc"])
    }

    func testBoldTextIsMeasuredInBold() {
        // "Sample labels" is 104 px bold but 91 px in the body face.
        XCTAssertEqual(breaker.wrap("Sample labels", width: 100, style: .bold).lines.map(\.text), ["Sample", "labels"])
        XCTAssertEqual(breaker.wrap("Sample labels", width: 100, style: .body).lines.map(\.text), ["Sample labels"])
    }

    func testNeverSplitsAWord() {
        let text = "aa extraordinarily bb"
        let result = lines(text, characters: 6)
        XCTAssertEqual(result, ["aa", "extraordinarily", "bb"], "an overlong word gets a line of its own")
        XCTAssertEqual(result.joined(separator: " "), text)
    }

    func testOverlongFirstWordStillLeadsItsOwnLine() {
        XCTAssertEqual(lines("extraordinarily aa bb", characters: 6), ["extraordinarily", "aa bb"])
    }

    func testEveryLineFitsUnlessItIsOneWord() {
        let text = "Choose a longer option, then narrow the window so that the panel wraps"
        for characters in 1...30 {
            for line in lines(text, characters: Double(characters)) {
                XCTAssertTrue(line.count <= characters || !line.contains(" "), "\"\(line)\" at \(characters)")
            }
        }
    }

    func testCJKBreaksBetweenIdeographs() {
        XCTAssertEqual(lines("沒有項目還有", characters: 2), ["沒有", "項目", "還有"])
        XCTAssertEqual(lines("沒有項目還有", characters: 4), ["沒有項目", "還有"])
    }

    func testMixedLatinAndCJK() {
        // The space before 世 is kept when they share a line, dropped at a break.
        XCTAssertEqual(lines("Hello 世界 again", characters: 8), ["Hello 世界", "again"])
        XCTAssertEqual(lines("Hello 世界 again", characters: 7), ["Hello 世", "界 again"])
        XCTAssertEqual(lines("還有 3 個", characters: 4), ["還有 3", "個"])
    }

    func testCJKPunctuationNeverStartsALine() {
        // UAX #14: no break before a closing mark such as 。 or ，.
        for line in lines("沒有項目。還有項目，好", characters: 4) {
            XCTAssertFalse(line.hasPrefix("。") || line.hasPrefix("，"), "line starts with punctuation: \(line)")
        }
    }

    /// The space keeps its place before the mark, on a line that fits and at a break.
    func testASpaceBeforeClosingPunctuationStaysBeforeIt() {
        XCTAssertEqual(lines("A 。B", characters: 10), ["A 。B"])
        XCTAssertEqual(lines("AB 。CD", characters: 4), ["AB 。", "CD"])
    }

    func testRunsOfSpacesDoNotMakeEmptyLines() {
        let result = lines("  aa   bb  ", characters: 2)
        XCTAssertEqual(result, ["aa", "bb"])
    }

    /// A combining mark on a space makes one cluster with it: no break there.
    func testNeverBreaksInsideACluster() {
        let text = "aa \u{301}bb cc"
        for line in lines(text, characters: 2) {
            XCTAssertFalse(line.unicodeScalars.first?.properties.generalCategory == .nonspacingMark,
                           "a line starts with a mark torn from its base: \(line.unicodeScalars.map(\.value))")
        }
        XCTAssertEqual(lines(text, characters: 2), ["aa \u{301}bb", "cc"])
    }

    /// A paragraph that fits is measured once, whole: its words are measured
    /// only when a narrower width first makes it break.
    func testAParagraphThatFitsIsMeasuredWhole() {
        let text = "Choose a longer option, then narrow the window."
        XCTAssertEqual(lines(text, characters: 60), [text])
        XCTAssertEqual(measurer.calls, 1)
        XCTAssertEqual(lines(text, characters: 47), [text], "exactly as wide as the width")
        XCTAssertEqual(measurer.calls, 1)
        XCTAssertEqual(lines(text, characters: 20), ["Choose a longer", "option, then narrow", "the window."])
        XCTAssertEqual(measurer.calls, 1 + 1 + 8 + 3, "the space, each word, each new line")
    }

    /// Spaces fold the same way whether or not the paragraph breaks.
    func testRunsOfSpacesFoldOnALineThatFits() {
        XCTAssertEqual(lines("  aa   bb  ", characters: 20), ["aa bb"])
        XCTAssertEqual(lines("   ", characters: 20), ["   "], "nothing to break: the text as it is")
    }

    /// A resize to a width already seen measures nothing; a new width only
    /// measures lines it has not made before.
    func testWidthsAlreadySeenMeasureNothing() {
        let text = "Resize the window to change how many labels fit."
        for characters in [20.0, 30, 20, 45] { _ = lines(text, characters: characters) }
        let before = measurer.calls
        for characters in [20.0, 30, 45, 30] { _ = lines(text, characters: characters) }
        XCTAssertEqual(measurer.calls, before)
        XCTAssertEqual(lines(text, characters: 21), lines(text, characters: 20), "the same breaks, the same lines")
        XCTAssertEqual(measurer.calls, before)
    }
}
