import RewrapLayout
import RewrapPanelFile
import RewrapScene
import XCTest

final class ScrollPositionTests: XCTestCase {
    private let content = Size(width: 800, height: 1000)
    private let viewport = Size(width: 680, height: 420)

    func testMaximumIsContentLessViewportAndNeverNegative() {
        XCTAssertEqual(ScrollPosition.maximum(content: content, viewport: viewport), Point(x: 120, y: 580))
        XCTAssertEqual(ScrollPosition.maximum(content: Size(width: 300, height: 200), viewport: viewport), Point(x: 0, y: 0))
    }

    func testScrollIsClampedToTheContent() {
        var scroll = ScrollPosition()
        scroll.scroll(by: Point(x: 50, y: 48), content: content, viewport: viewport)
        XCTAssertEqual(scroll.offset, Point(x: 50, y: 48))
        scroll.scroll(by: Point(x: 500, y: 5000), content: content, viewport: viewport)
        XCTAssertEqual(scroll.offset, Point(x: 120, y: 580))
        scroll.scroll(by: Point(x: -1000, y: -5000), content: content, viewport: viewport)
        XCTAssertEqual(scroll.offset, Point(x: 0, y: 0))
    }

    func testContentThatFitsNeverScrolls() {
        var scroll = ScrollPosition()
        scroll.scroll(by: Point(x: 10, y: 48), content: Size(width: 680, height: 420), viewport: viewport)
        XCTAssertEqual(scroll.offset, .zero)
    }

    func testOffsetLandsOnWholePixels() {
        var scroll = ScrollPosition()
        scroll.scroll(by: Point(x: 10.4, y: 20.6), content: content, viewport: viewport)
        XCTAssertEqual(scroll.offset, Point(x: 10, y: 21))
    }

    func testClampAfterViewportGrows() {
        var scroll = ScrollPosition()
        scroll.scroll(by: Point(x: 120, y: 580), content: content, viewport: viewport)
        scroll.clamp(content: content, viewport: Size(width: 760, height: 900))
        XCTAssertEqual(scroll.offset, Point(x: 40, y: 100))
    }

    func testScalingKeepsThePlaceInTheContent() {
        var scroll = ScrollPosition()
        scroll.scroll(by: Point(x: 50, y: 48), content: content, viewport: viewport)
        scroll.scale(by: 2)
        scroll.clamp(content: Size(width: 1600, height: 2000), viewport: Size(width: 1360, height: 840))
        XCTAssertEqual(scroll.offset, Point(x: 100, y: 96))
        scroll.scale(by: 0.5)
        scroll.clamp(content: content, viewport: viewport)
        XCTAssertEqual(scroll.offset, Point(x: 50, y: 48), "and back")
    }

    func testScalingRightToLeftKeepsTheDistanceFromTheRightEdge() {
        var scroll = ScrollPosition(direction: .rightToLeft)
        scroll.clamp(content: content, viewport: viewport)
        scroll.scroll(by: Point(x: -20, y: 0), content: content, viewport: viewport)
        XCTAssertEqual(scroll.offset.x, 100, "20 px from the right end")
        scroll.scale(by: 2)
        XCTAssertEqual(scroll.offset.x, 200, "40 px from the doubled right end, before the next clamp")
        scroll.clamp(content: Size(width: 1600, height: 2000), viewport: Size(width: 1360, height: 840))
        XCTAssertEqual(scroll.offset.x, 200)
    }

    func testRevealScrollsDownJustEnough() {
        var scroll = ScrollPosition()
        scroll.reveal(Rect(x: 20, y: 500, width: 100, height: 29), margin: 8, content: content, viewport: viewport)
        XCTAssertEqual(scroll.offset, Point(x: 0, y: 500 + 29 + 8 - 420))
    }

    func testRevealScrollsUpJustEnough() {
        var scroll = ScrollPosition()
        scroll.scroll(by: Point(x: 0, y: 400), content: content, viewport: viewport)
        scroll.reveal(Rect(x: 20, y: 200, width: 100, height: 29), margin: 8, content: content, viewport: viewport)
        XCTAssertEqual(scroll.offset, Point(x: 0, y: 192))
    }

    func testRevealLeavesAVisibleFrameAlone() {
        var scroll = ScrollPosition()
        scroll.scroll(by: Point(x: 30, y: 100), content: content, viewport: viewport)
        scroll.reveal(Rect(x: 100, y: 200, width: 100, height: 29), margin: 8, content: content, viewport: viewport)
        XCTAssertEqual(scroll.offset, Point(x: 30, y: 100))
    }

    func testRevealScrollsRightJustEnough() {
        var scroll = ScrollPosition()
        scroll.reveal(Rect(x: 700, y: 20, width: 60, height: 29), margin: 8, content: content, viewport: viewport)
        XCTAssertEqual(scroll.offset, Point(x: 700 + 60 + 8 - 680, y: 0))
    }

    func testRevealOfFrameWiderThanViewportShowsItsLeadingEdge() {
        let wide = Size(width: 2000, height: 1000)
        var scroll = ScrollPosition()
        scroll.reveal(Rect(x: 300, y: 20, width: 1000, height: 29), margin: 8, content: wide, viewport: viewport)
        XCTAssertEqual(scroll.offset.x, 292)
    }

    func testRevealNeverPassesTheContentEnd() {
        var scroll = ScrollPosition()
        scroll.reveal(Rect(x: 20, y: 980, width: 100, height: 20), margin: 50, content: content, viewport: viewport)
        XCTAssertEqual(scroll.offset.y, 580)
    }

    // MARK: - Right to left

    func testRightToLeftStartsAtTheRightEnd() {
        var scroll = ScrollPosition(direction: .rightToLeft)
        scroll.clamp(content: Size(width: 900, height: 300), viewport: Size(width: 400, height: 300))
        XCTAssertEqual(scroll.offset, Point(x: 500, y: 0))
    }

    func testRightToLeftKeepsItsDistanceFromTheRightEdgeWhenContentGrows() {
        var scroll = ScrollPosition(direction: .rightToLeft)
        scroll.scroll(by: Point(x: -120, y: 0), content: Size(width: 900, height: 300), viewport: Size(width: 400, height: 300))
        XCTAssertEqual(scroll.offset.x, 380, "scrolled 120 px leftwards from the right end")
        scroll.clamp(content: Size(width: 1000, height: 300), viewport: Size(width: 400, height: 300))
        XCTAssertEqual(scroll.offset.x, 480, "still 120 px from the right end")
    }

    func testRightToLeftRevealShowsTheFramesRightEdgeFirst() {
        var scroll = ScrollPosition(direction: .rightToLeft)
        let content = Size(width: 2000, height: 300), viewport = Size(width: 400, height: 300)
        scroll.clamp(content: content, viewport: viewport)
        // A frame wider than the window, left of the view: its right edge shows.
        scroll.reveal(Rect(x: 100, y: 10, width: 900, height: 20), margin: 4, content: content, viewport: viewport)
        XCTAssertEqual(scroll.offset.x, 1000 + 4 - 400)
        // A narrow frame further left comes in at the left edge.
        scroll.reveal(Rect(x: 50, y: 10, width: 40, height: 20), margin: 4, content: content, viewport: viewport)
        XCTAssertEqual(scroll.offset.x, 46)
    }

    func testIndicatorIsNilWhenContentFits() {
        XCTAssertNil(ScrollPosition.indicator(offset: 0, content: 420, viewport: 420, length: 412))
        XCTAssertNil(ScrollPosition.indicator(offset: 0, content: 300, viewport: 420, length: 412))
        XCTAssertNil(ScrollPosition.indicator(offset: 0, content: 300, viewport: 0, length: 412))
    }

    func testIndicatorIsProportionalAndTravelsTheTrack() throws {
        // Half the content shows, so the bar is half the track.
        let top = try XCTUnwrap(ScrollPosition.indicator(offset: 0, content: 1000, viewport: 500, length: 400))
        XCTAssertEqual(top.start, 0)
        XCTAssertEqual(top.length, 200)
        let middle = try XCTUnwrap(ScrollPosition.indicator(offset: 250, content: 1000, viewport: 500, length: 400))
        XCTAssertEqual(middle.start, 100)
        let bottom = try XCTUnwrap(ScrollPosition.indicator(offset: 500, content: 1000, viewport: 500, length: 400))
        XCTAssertEqual(bottom.start + bottom.length, 400, "at the end the bar reaches the end of the track")
    }

    func testIndicatorKeepsAMinimumLength() throws {
        let bar = try XCTUnwrap(ScrollPosition.indicator(offset: 99_900, content: 100_000, viewport: 100, length: 100))
        XCTAssertEqual(bar.length, 24)
        XCTAssertEqual(bar.start + bar.length, 100, accuracy: 1e-9)
    }
}
