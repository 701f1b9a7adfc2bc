import RewrapScene
import XCTest

final class MenuScrollTests: XCTestCase {
    func testScrollStopsAtEitherEnd() {
        var scroll = MenuScroll(count: 60, visible: 20)
        scroll.scroll(by: -3)
        XCTAssertEqual(scroll.first, 0)
        XCTAssertFalse(scroll.canScrollUp)
        scroll.scroll(by: 39)
        XCTAssertEqual(scroll.first, 39)
        XCTAssertTrue(scroll.canScrollDown)
        scroll.scroll(by: 1)
        XCTAssertEqual(scroll.first, 40)
        XCTAssertFalse(scroll.canScrollDown)
        scroll.scroll(by: 100)
        XCTAssertEqual(scroll.first, 40, "the last row stays at the bottom")
        XCTAssertEqual(scroll.shown, 40..<60)
    }

    func testRevealScrollsJustEnough() {
        var scroll = MenuScroll(count: 60, visible: 20)
        scroll.reveal(19)
        XCTAssertEqual(scroll.first, 0, "already in view")
        scroll.reveal(20)
        XCTAssertEqual(scroll.first, 1, "one past the bottom: one row")
        scroll.reveal(45)
        XCTAssertEqual(scroll.first, 26, "the row becomes the last shown")
        scroll.reveal(3)
        XCTAssertEqual(scroll.first, 3, "above: it becomes the first shown")
    }

    func testCenterKeepsWithinTheEnds() {
        var scroll = MenuScroll(count: 60, visible: 20)
        scroll.center(on: 45)
        XCTAssertEqual(scroll.first, 35)
        scroll.center(on: 2)
        XCTAssertEqual(scroll.first, 0)
        scroll.center(on: 59)
        XCTAssertEqual(scroll.first, 40)
    }

    func testVisibleIsKeptWithinTheCount() {
        XCTAssertEqual(MenuScroll(count: 5, visible: 9).visible, 5)
        XCTAssertFalse(MenuScroll(count: 5, visible: 9).isCut)
        XCTAssertEqual(MenuScroll(count: 5, visible: 0).visible, 1, "at least one row shows")
        XCTAssertEqual(MenuScroll(count: 0, visible: 3).visible, 0)
        var empty = MenuScroll(count: 0, visible: 0)
        empty.scroll(by: 4)
        empty.reveal(2)
        XCTAssertEqual(empty.first, 0)
    }
}
