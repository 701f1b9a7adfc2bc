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
        let given = SceneNode(id: "shape", kind: .dropdown, text: "Shape: Circle", lines: ["Shape: Circle"], style: .body, frame: frame)
        let implied = SceneNode(id: "shape", kind: .dropdown, text: "Shape: Circle", style: .body, frame: frame)
        XCTAssertEqual(given, implied)
        XCTAssertEqual(Set([given, implied]).count, 1)
    }

    func testWrappedLinesAreKept() {
        var node = SceneNode(id: .menusFooter, kind: .text, text: "Pick a shape", lines: ["Pick a", "shape"], style: .body, frame: frame)
        XCTAssertEqual(node.lines, ["Pick a", "shape"])
        node.lines = ["Pick a shape"]
        XCTAssertEqual(node.lines, ["Pick a shape"])
        // A single line that is not the text is kept as given.
        node.lines = ["Pick"]
        XCTAssertEqual(node.lines, ["Pick"])
        XCTAssertNotEqual(node, SceneNode(id: .menusFooter, kind: .text, text: "Pick a shape", style: .body, frame: frame))
    }
}
