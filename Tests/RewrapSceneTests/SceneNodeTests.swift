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
        let given = SceneNode(id: "shape", kind: .dropdown, text: "Shape: Circle", lines: [WrappedLine("Shape: Circle")],
                              style: .body, frame: frame)
        let implied = SceneNode(id: "shape", kind: .dropdown, text: "Shape: Circle", style: .body, frame: frame)
        XCTAssertEqual(given, implied)
        XCTAssertEqual(Set([given, implied]).count, 1)
    }

    func testWrappedLinesAreKeptWithTheirLevels() {
        let text = "Pick a shape"
        let lines = [WrappedLine("Pick a", levels: [2, 2, 2, 2, 2, 2]), WrappedLine("shape", levels: [2, 2, 2, 2, 2])]
        let node = SceneNode(id: .menusFooter, kind: .text, text: text, lines: lines, style: .body, frame: frame)
        XCTAssertEqual(node.lines, ["Pick a", "shape"])
        XCTAssertEqual(node.wrappedLines, lines)
        XCTAssertNotEqual(node, SceneNode(id: .menusFooter, kind: .text, text: text, style: .body, frame: frame))
        // A single line that is not the text is kept as given.
        let cut = SceneNode(id: .menusFooter, kind: .text, text: text, lines: [WrappedLine("Pick")], style: .body, frame: frame)
        XCTAssertEqual(cut.lines, ["Pick"])
    }
}
