import RewrapLayout
import RewrapPanelFile
import RewrapScene
import XCTest

/// A one-line node keeps no array of lines, yet reads and compares as if it did.
final class SceneNodeTests: XCTestCase {
    private let frame = Rect(x: 1, y: 2, width: 30, height: 20)

    func testOneLineNodeReadsItsTextAsItsOnlyLine() {
        let node = SceneNode(id: "shape", kind: .dropdown, text: "Shape: Circle", style: .body, frame: frame)
        XCTAssertEqual(node.lines, ["Shape: Circle"])
    }

    func testNodesEqualHoweverTheirOneLineWasGiven() {
        let given = SceneNode(id: "shape", kind: .dropdown, text: "Shape: Circle", lines: [ParagraphLine("Shape: Circle")],
                              style: .body, frame: frame)
        let implied = SceneNode(id: "shape", kind: .dropdown, text: "Shape: Circle", style: .body, frame: frame)
        XCTAssertEqual(given, implied)
        XCTAssertEqual(Set([given, implied]).count, 1)
    }

    func testWrappedLinesAreKeptWithTheirParagraph() {
        let text = "Pick a shape"
        let lines = [ParagraphLine(paragraph: text, scalars: 0..<6), ParagraphLine(paragraph: text, scalars: 7..<12)]
        let node = SceneNode(id: .menusFooter, kind: .text, text: text, lines: lines, style: .body, frame: frame)
        XCTAssertEqual(node.lines, ["Pick a", "shape"])
        XCTAssertEqual(node.paragraphLines, lines)
        XCTAssertNotEqual(node, SceneNode(id: .menusFooter, kind: .text, text: text, style: .body, frame: frame))
        // A single line that is not the text is kept as given.
        let cut = SceneNode(id: .menusFooter, kind: .text, text: text, lines: [lines[0]], style: .body, frame: frame)
        XCTAssertEqual(cut.lines, ["Pick a"])
    }
}
