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

    func testHitFindsTheRowUnderAPoint() {
        let result = plan(["Circle", "Rounded rectangle", "Star"])
        let all = MenuScroll.uncut(count: 3)
        XCTAssertEqual(result.hit(at: Point(x: 10, y: 4), all), .row(0), "top edge of the first row")
        XCTAssertEqual(result.hit(at: Point(x: 10, y: 30.9), all), .row(0))
        XCTAssertEqual(result.hit(at: Point(x: 10, y: 31), all), .row(1), "a shared edge belongs to the lower row")
        XCTAssertEqual(result.hit(at: Point(x: 100, y: 84), all), .row(2))
        XCTAssertNil(result.hit(at: Point(x: 10, y: 2), all), "in the top padding")
        XCTAssertNil(result.hit(at: Point(x: 2, y: 20), all), "in the side padding")
        XCTAssertNil(result.hit(at: Point(x: 10, y: 85), all), "below the last row")
        XCTAssertNil(result.hit(at: Point(x: -5, y: 20), all))
    }

    // MARK: - Placement

    private let screenArea = Rect(x: 0, y: 0, width: 1280, height: 1024)

    private func frame(_ plan: PopupPlan, below anchor: Rect, area: Rect? = nil, edge: HorizontalEdge = .left) -> Rect {
        plan.placement(below: anchor, gap: 4, area: area ?? screenArea, alignedTo: edge).frame
    }

    func testPlacedJustBelowTheAnchor() {
        let anchor = Rect(x: 100, y: 200, width: 127, height: 29)
        XCTAssertEqual(frame(sized(167, 62), below: anchor), Rect(x: 100, y: 233, width: 167, height: 62))
    }

    func testExactlyReachingTheBottomStaysBelow() {
        // 900 + 29 + 4 + 91 = 1024.
        let anchor = Rect(x: 100, y: 900, width: 127, height: 29)
        XCTAssertEqual(frame(sized(167, 91), below: anchor).minY, 933)
    }

    func testFlipsAboveWhenItWouldLeaveTheBottom() {
        let anchor = Rect(x: 100, y: 900, width: 127, height: 29)
        XCTAssertEqual(frame(sized(167, 92), below: anchor), Rect(x: 100, y: 900 - 4 - 92, width: 167, height: 92))
    }

    func testMovesUpJustEnoughWhenItFitsNeitherBelowNorAbove() {
        let anchor = Rect(x: 100, y: 300, width: 127, height: 29)
        let placed = frame(sized(167, 900), below: anchor)
        XCTAssertEqual(placed.maxY, 1024)
        XCTAssertEqual(placed.minY, 124)
    }

    func testShiftsLeftAtTheRightEdge() {
        let anchor = Rect(x: 1200, y: 200, width: 70, height: 29)
        XCTAssertEqual(frame(sized(167, 62), below: anchor), Rect(x: 1280 - 167, y: 233, width: 167, height: 62))
    }

    func testRightAlignedLinesUpWithTheButtonsRightEdge() {
        // For right-to-left layouts: the popup's right edge meets the button's.
        let anchor = Rect(x: 500, y: 200, width: 127, height: 29)
        XCTAssertEqual(frame(sized(167, 62), below: anchor, edge: .right), Rect(x: 627 - 167, y: 233, width: 167, height: 62))
        let nearLeft = Rect(x: 10, y: 200, width: 60, height: 29)
        XCTAssertEqual(frame(sized(167, 62), below: nearLeft, edge: .right).minX, 0, "shifted right at the left edge")
    }

    func testStaysInsideAWorkAreaThatIsNotAtTheOrigin() {
        // A 32 px panel on top and a 48 px panel at the bottom of a monitor at x 1280.
        let area = Rect(x: 1280, y: 32, width: 1920, height: 1000)
        let low = Rect(x: 1300, y: 990, width: 127, height: 29)
        XCTAssertEqual(frame(sized(167, 62), below: low, area: area), Rect(x: 1300, y: 990 - 4 - 62, width: 167, height: 62),
                       "flipped above the bottom panel")
        let high = Rect(x: 1290, y: 40, width: 127, height: 29)
        XCTAssertEqual(frame(sized(167, 2000), below: high, area: area).minY, 32, "never under the top panel")
        let left = Rect(x: 1200, y: 300, width: 127, height: 29)
        XCTAssertEqual(frame(sized(167, 62), below: left, area: area).minX, 1280, "never onto the monitor on the left")
    }

    func testNarrowedToAnAreaNarrowerThanIt() {
        let anchor = Rect(x: 50, y: 40, width: 70, height: 29)
        XCTAssertEqual(frame(sized(2000, 62), below: anchor), Rect(x: 0, y: 73, width: 1280, height: 62))
    }

    func testStaysInsideTheAreaAcrossAnchors() {
        let popup = plan((1...8).map { "Option \($0)" })
        let area = Rect(x: 100, y: 50, width: 800, height: 600)
        for x in stride(from: 0.0, through: 1280, by: 97) {
            for y in stride(from: 0.0, through: 1000, by: 89) {
                let placed = frame(popup, below: Rect(x: x, y: y, width: 120, height: 29), area: area)
                XCTAssertTrue(placed.minX >= area.minX && placed.maxX <= area.maxX && placed.minY >= area.minY
                              && placed.maxY <= area.maxY, "anchor (\(x), \(y)) gives \(placed)")
            }
        }
    }

    // MARK: - Cut to fit

    /// 60 rows of 27 px: 1,628 px tall, taller than any area below.
    private var long: PopupPlan { plan((1...60).map { "Option \($0)" }) }

    func testATallMenuIsCutToWholeRowsBetweenIndicators() {
        // 560 px: 4 px padding and a 16 px strip at each end leave 520 px, 19 rows of 27 (513).
        let area = Rect(x: 0, y: 0, width: 1280, height: 560)
        let placement = long.placement(below: Rect(x: 100, y: 20, width: 120, height: 29), gap: 4, area: area)
        XCTAssertEqual(placement.visibleRows, 19)
        XCTAssertEqual(placement.frame.height, 8 + 32 + 19 * 27)
        XCTAssertLessThanOrEqual(placement.frame.maxY, 560)
        XCTAssertGreaterThanOrEqual(placement.frame.minY, 0)
        XCTAssertEqual(long.windowSize(MenuScroll(count: 60, visible: 19)).height, placement.frame.height)
    }

    func testAMenuThatFitsIsNotCut() {
        let placement = plan(["Circle", "Star"]).placement(below: Rect(x: 0, y: 0, width: 50, height: 20), gap: 4, area: screenArea)
        XCTAssertEqual(placement.visibleRows, 2)
        XCTAssertNil(plan(["Circle", "Star"]).indicator(.top, .uncut(count: 2)))
    }

    func testCutRowsShowBetweenTheIndicators() {
        var scroll = MenuScroll(count: 60, visible: 19)
        scroll.scroll(by: 10)
        let shown = long.shownRows(scroll)
        XCTAssertEqual(shown.map(\.index), Array(10..<29))
        XCTAssertEqual(shown.first?.frame.minY, 4 + 16, "the first shown row sits under the top strip")
        XCTAssertEqual(shown.last?.frame.maxY, 4 + 16 + 19 * 27)
        XCTAssertEqual(long.indicator(.top, scroll)?.minY, 4)
        XCTAssertEqual(long.indicator(.bottom, scroll)?.minY, 4 + 16 + 19 * 27)
        XCTAssertEqual(long.hit(at: Point(x: 50, y: 10), scroll), .indicator(.top))
        XCTAssertEqual(long.hit(at: Point(x: 50, y: 4 + 16 + 19 * 27 + 3), scroll), .indicator(.bottom))
        XCTAssertEqual(long.hit(at: Point(x: 50, y: 4 + 16 + 1), scroll), .row(10))
        XCTAssertEqual(long.hit(at: Point(x: 50, y: 4 + 16 + 27 * 18 + 1), scroll), .row(28))
    }
}
