import RewrapAccessibility
import XCTest

final class AccessibleTextTests: XCTestCase {
    private let footer = AccessibleText("Choose a longer option, then narrow", lines: ["Choose a longer", "option, then narrow"])

    func testLinesAreTheDrawnLinesWithTheSpaceBetweenOnTheFirst() {
        XCTAssertEqual(footer.segment(at: 3, .line).text, "Choose a longer ")
        XCTAssertEqual(footer.segment(at: 16, .line).start, 16)
        XCTAssertEqual(footer.segment(at: 20, .line).text, "option, then narrow")
        XCTAssertEqual(footer.segment(at: 20, .line, step: -1).text, "Choose a longer ")
        XCTAssertEqual(footer.segment(at: 3, .line, step: 1).end, 35)
        XCTAssertEqual(footer.segment(at: 20, .line, step: 1).text, "", "nothing after the last line")
    }

    func testWordsRunToTheNextWordAndCharactersAreScalars() {
        XCTAssertEqual(footer.segment(at: 8, .word).text, "a ")
        XCTAssertEqual(footer.segment(at: 8, .word, step: 1).text, "longer ")
        XCTAssertEqual(footer.segment(at: 0, .character).text, "C")
        let chinese = AccessibleText("還有 2 個", lines: ["還有 2 個"])
        XCTAssertEqual(chinese.count, 6)
        XCTAssertEqual(chinese.segment(at: 1, .character).text, "有")
    }

    func testTextRangeClampsAndMinusOneMeansTheEnd() {
        XCTAssertEqual(footer.text(from: 0, to: -1), "Choose a longer option, then narrow")
        XCTAssertEqual(footer.text(from: 24, to: 99), "then narrow")
        XCTAssertEqual(footer.text(from: 50, to: 60), "")
    }

    /// A wrap can leave an empty line (a long word pushed down); the lines
    /// that hold text still read as lines.
    func testAnEmptyDrawnLineDoesNotMergeTheOthers() {
        let text = AccessibleText("abc defghij", lines: ["abc", "", "defghij"])
        XCTAssertEqual(text.segment(at: 1, .line).text, "abc ")
        XCTAssertEqual(text.segment(at: 6, .line).text, "defghij")
    }

    func testLinesNotFoundInTheTextReadAsOneLine() {
        let text = AccessibleText("abc", lines: ["x"])
        XCTAssertEqual(text.segment(at: 1, .line).text, "abc")
    }
}
