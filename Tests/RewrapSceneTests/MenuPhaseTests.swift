import RewrapLayout
import RewrapPanelFile
import RewrapScene
import XCTest

/// A menu's life on its own, with no display and no controller: what each
/// phase holds, what placing and showing change, and what lies under a
/// point of either window.
final class MenuPhaseTests: XCTestCase {
    /// Eight rows of 20 px inside 4 px of padding, 10 px indicators when cut.
    private let plan = PopupPlan(size: Size(width: 120, height: 168),
                                 rows: (0..<8).map { Rect(x: 4, y: 4 + Double($0) * 20, width: 112, height: 20) },
                                 padding: 4, indicatorHeight: 10)
    private let menu = PopupMenu(owner: "shape", entries: (0..<8).map { PopupEntry(id: NodeID("shape/\($0)"), text: "\($0)",
                                                                                  isSelected: $0 == 6) })

    /// Below a dropdown at (20, 40) 120 × 30, on a window whose corner is at (100, 200) on the screen.
    private func place(showing rows: Int) -> MenuPlace {
        let height = rows == 8 ? 168 : 8 + 20 + rows * 20
        return MenuPlace(plan: plan, anchor: PixelRect(x: 20, y: 40, width: 120, height: 30),
                         frame: PixelRect(x: 120, y: 274, width: 120, height: height), corner: (20, 74), visibleRows: rows)
    }

    func testClosedHoldsNothingAndAnswersNothing() {
        let phase = MenuPhase.closed
        XCTAssertNil(phase.open)
        XCTAssertNil(phase.place)
        XCTAssertFalse(phase.isOpen)
        XCTAssertNil(phase.spot(x: 10, y: 10, inMenuWindow: true))
        XCTAssertNil(phase.record)
    }

    func testARequestedMenuIsOpenButOffEveryPointUntilPlaced() {
        let phase = MenuPhase.requested(menu)
        XCTAssertEqual(phase.open, menu)
        XCTAssertTrue(phase.isOpen)
        XCTAssertNil(phase.place)
        XCTAssertEqual(phase.spot(x: 10, y: 10, inMenuWindow: true), .outside, "it has no window yet")
        XCTAssertNil(phase.record, "nothing is drawn, traced or read aloud before it is placed")
    }

    func testPlacingCutsItAndCentresTheCurrentOption() {
        var phase = MenuPhase.requested(menu)
        phase.put(at: place(showing: 3))
        XCTAssertEqual(phase.place, place(showing: 3))
        XCTAssertEqual(phase.open?.scroll.visible, 3)
        XCTAssertEqual(phase.open?.scroll.shown, 5..<8, "the current option, row 6, in the middle as far as the end allows")
        var highlighted = menu
        highlighted.highlighted = 2
        var byKeys = MenuPhase.requested(highlighted)
        byKeys.put(at: place(showing: 3))
        XCTAssertEqual(byKeys.open?.scroll.shown, 1..<4, "the highlighted row wins over the current option")
    }

    func testPlacingAClosedMenuLeavesItClosed() {
        var phase = MenuPhase.closed
        phase.put(at: place(showing: 8))
        XCTAssertEqual(phase, .closed, "a placement that comes after the menu closed opens nothing")
    }

    func testShowingKeepsThePlaceAndChangesOnlyTheMenu() {
        var phase = MenuPhase.requested(menu)
        phase.put(at: place(showing: 8))
        var next = phase.open!
        next.highlighted = 3
        phase.show(next)
        XCTAssertEqual(phase, .placed(next, place(showing: 8)))
        var closed = MenuPhase.closed
        closed.show(next)
        XCTAssertEqual(closed, .closed, "showing a menu never opens one")
        var requested = MenuPhase.requested(menu)
        requested.show(next)
        XCTAssertEqual(requested, .requested(next))
    }

    func testAPointIsLookedUpInTheMenuFromEitherWindow() {
        var phase = MenuPhase.requested(menu)
        phase.put(at: place(showing: 8))
        XCTAssertEqual(phase.spot(x: 50, y: 4 + 20 + 5, inMenuWindow: true), .row(1))
        XCTAssertEqual(phase.spot(x: 20 + 50, y: 74 + 4 + 20 + 5, inMenuWindow: false), .row(1), "the same row, in main-window pixels")
        XCTAssertEqual(phase.spot(x: 50, y: 1, inMenuWindow: true), .menu, "the border")
        XCTAssertEqual(phase.spot(x: 50, y: 168, inMenuWindow: true), .outside, "one pixel below")
        XCTAssertEqual(phase.spot(x: 50, y: 40, inMenuWindow: false), .outside, "the dropdown, above the menu")
    }

    func testACutMenusIndicatorsAndScrolledRows() {
        var phase = MenuPhase.requested(menu)
        phase.put(at: place(showing: 3))
        XCTAssertEqual(phase.spot(x: 50, y: 4 + 5, inMenuWindow: true), .indicator(.top))
        XCTAssertEqual(phase.spot(x: 50, y: 4 + 10 + 5, inMenuWindow: true), .row(5), "the first row shown is row 5")
        XCTAssertEqual(phase.spot(x: 50, y: 88 - 4 - 5, inMenuWindow: true), .indicator(.bottom))
    }

    func testTheRecordListsTheRowsInViewAtTheirFrames() throws {
        var phase = MenuPhase.requested(menu)
        phase.put(at: place(showing: 3))
        let record = try XCTUnwrap(phase.record)
        XCTAssertEqual(record.frame, PixelRect(x: 120, y: 274, width: 120, height: 88))
        XCTAssertEqual(record.rows.map { $0 != nil }, [false, false, false, false, false, true, true, true])
        XCTAssertEqual(record.rows[5], PixelRect(x: 4, y: 14, width: 112, height: 20))
        XCTAssertEqual(phase.place?.rowHeight, 20)
    }
}
