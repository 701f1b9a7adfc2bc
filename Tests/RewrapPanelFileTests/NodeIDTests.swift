import RewrapPanelFile
import XCTest

/// Ids keep their hash from creation; they must still behave exactly as
/// their text does as keys, whichever way the text was built.
final class NodeIDTests: XCTestCase {
    func testIdsAreEqualExactlyWhenTheirTextIs() {
        let built = NodeID.option("Circle", of: "shape")
        XCTAssertEqual(built, NodeID("shape/Circle"))
        XCTAssertEqual(built.hashValue, NodeID("shape/Circle").hashValue)
        XCTAssertNotEqual(built, NodeID("shape/circle"))
        XCTAssertNotEqual(NodeID("badge"), NodeID("badge "))
    }

    func testIdsFindTheirEntriesAsKeys() {
        var frames: [NodeID: Int] = [:]
        for (index, text) in ["shape", "size", "shape/Circle", "badge", "é", "e\u{301}"].enumerated() {
            frames[NodeID(text)] = index
        }
        XCTAssertEqual(frames[NodeID("shape" + "/" + "Circle")], 2)
        XCTAssertEqual(frames[.badge], 3)
        // Canonically equivalent text is the same String, and so the same id.
        XCTAssertEqual(frames.count, 5)
        XCTAssertEqual(Set([NodeID("a"), NodeID("a"), NodeID("b")]).count, 2)
    }
}
