import RewrapLayout
import RewrapPanelFile
import RewrapScene
import RewrapTestSupport
import XCTest

final class PopupPlanTests: XCTestCase {
    private let metrics = Metrics()
    private let screen = Size(width: 1280, height: 1024)

    private func menu(_ options: [String]) -> PopupMenu {
        PopupMenu(owner: "shape", entries: options.map { PopupEntry(id: NodeID("shape/\($0)"), text: $0, isSelected: false) })
    }

    private func plan(_ options: [String], minimumWidth: Double = 0) -> PopupPlan {
        menu(options).plan(metrics: metrics, measurer: FixedAdvanceMeasurer(advance: 7, ascent: 13, descent: 4),
                           minimumWidth: minimumWidth)
    }

    /// A plan of a given size, for placement alone.
    private func sized(_ width: Double, _ height: Double) -> PopupPlan {
        PopupPlan(size: Size(width: width, height: height), rows: [])
    }

    // MARK: - Rows

    func testRowsAreStackedInsideThePadding() {
        // Rows: 5 px above and below a 17 px line; 4 px padding round the list.
        // Width: 10 + 20 px mark column + "Rounded rectangle" (17 × 7) + 10, plus the padding.
        let result = plan(["Circle", "Rounded rectangle", "Star"])
        let rowWidth = 10 + 20 + 119 + 10.0
        XCTAssertEqual(result.rows, [
            Rect(x: 4, y: 4, width: rowWidth, height: 27),
            Rect(x: 4, y: 31, width: rowWidth, height: 27),
            Rect(x: 4, y: 58, width: rowWidth, height: 27),
        ])
        XCTAssertEqual(result.size, Size(width: rowWidth + 8, height: 3 * 27 + 8))
    }

    func testMinimumWidthIsHonoured() {
        let result = plan(["Circle", "Star"], minimumWidth: 300)
        XCTAssertEqual(result.size.width, 300)
        XCTAssertEqual(result.rows.map(\.width), [292, 292], "rows fill the width inside the padding")
    }

    func testContentWiderThanMinimumWins() {
        XCTAssertEqual(plan(["Rounded rectangle"], minimumWidth: 100).size.width, 10 + 20 + 119 + 10 + 8)
    }

    func testRowAtPointFindsTheRowUnderIt() {
        let result = plan(["Circle", "Rounded rectangle", "Star"])
        XCTAssertEqual(result.row(at: Point(x: 10, y: 4)), 0, "top edge of the first row")
        XCTAssertEqual(result.row(at: Point(x: 10, y: 30.9)), 0)
        XCTAssertEqual(result.row(at: Point(x: 10, y: 31)), 1, "a shared edge belongs to the lower row")
        XCTAssertEqual(result.row(at: Point(x: 100, y: 84)), 2)
        XCTAssertNil(result.row(at: Point(x: 10, y: 2)), "in the top padding")
        XCTAssertNil(result.row(at: Point(x: 2, y: 20)), "in the side padding")
        XCTAssertNil(result.row(at: Point(x: 10, y: 85)), "below the last row")
        XCTAssertNil(result.row(at: Point(x: -5, y: 20)))
    }

    // MARK: - Placement

    func testPlacedJustBelowTheAnchor() {
        let anchor = Rect(x: 100, y: 200, width: 127, height: 29)
        XCTAssertEqual(sized(167, 62).frame(below: anchor, gap: 4, screen: screen), Rect(x: 100, y: 233, width: 167, height: 62))
    }

    func testExactlyReachingTheBottomStaysBelow() {
        // 900 + 29 + 4 + 91 = 1024.
        let anchor = Rect(x: 100, y: 900, width: 127, height: 29)
        XCTAssertEqual(sized(167, 91).frame(below: anchor, gap: 4, screen: screen).minY, 933)
    }

    func testFlipsAboveWhenItWouldLeaveTheBottom() {
        let anchor = Rect(x: 100, y: 900, width: 127, height: 29)
        XCTAssertEqual(sized(167, 92).frame(below: anchor, gap: 4, screen: screen), Rect(x: 100, y: 900 - 4 - 92, width: 167, height: 92))
    }

    func testMovesUpJustEnoughWhenItFitsNeitherBelowNorAbove() {
        let anchor = Rect(x: 100, y: 300, width: 127, height: 29)
        let frame = sized(167, 900).frame(below: anchor, gap: 4, screen: screen)
        XCTAssertEqual(frame.maxY, 1024)
        XCTAssertEqual(frame.minY, 124)
    }

    func testShiftsLeftAtTheRightEdge() {
        let anchor = Rect(x: 1200, y: 200, width: 70, height: 29)
        XCTAssertEqual(sized(167, 62).frame(below: anchor, gap: 4, screen: screen), Rect(x: 1280 - 167, y: 233, width: 167, height: 62))
    }

    /// SPEC §7: right to left, a popup's right edge is its button's.
    func testRightToLeftAlignsTheRightEdges() {
        let anchor = Rect(x: 400, y: 200, width: 127, height: 29)
        XCTAssertEqual(sized(167, 62).frame(below: anchor, gap: 4, screen: screen, direction: .rightToLeft),
                       Rect(x: 527 - 167, y: 233, width: 167, height: 62))
    }

    func testRightToLeftShiftsRightAtTheLeftEdge() {
        let anchor = Rect(x: 10, y: 200, width: 70, height: 29)
        XCTAssertEqual(sized(167, 62).frame(below: anchor, gap: 4, screen: screen, direction: .rightToLeft).minX, 0)
    }

    func testNeverNegativeEvenWhenLargerThanTheScreen() {
        let anchor = Rect(x: 50, y: 40, width: 70, height: 29)
        let frame = sized(2000, 1500).frame(below: anchor, gap: 4, screen: screen)
        XCTAssertEqual(frame.origin, Point(x: 0, y: 0))
        XCTAssertEqual(frame.size, Size(width: 2000, height: 1500))
    }

    func testStaysOnScreenAcrossAnchors() {
        let popup = sized(167, 120)
        for x in stride(from: 0.0, through: 1280, by: 97) {
            for y in stride(from: 0.0, through: 1000, by: 89) {
                let frame = popup.frame(below: Rect(x: x, y: y, width: 120, height: 29), gap: 4, screen: screen)
                XCTAssertTrue(frame.minX >= 0 && frame.maxX <= 1280 && frame.minY >= 0 && frame.maxY <= 1024,
                              "anchor (\(x), \(y)) gives \(frame)")
            }
        }
    }
}
