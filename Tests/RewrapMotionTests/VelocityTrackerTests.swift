import RewrapLayout
import RewrapMotion
import XCTest

final class VelocityTrackerTests: XCTestCase {
    func testASteadyFingerGivesItsSpeed() {
        var tracker = VelocityTracker()
        for i in 0...10 { tracker.add(Point(x: 5, y: 400 - Double(i) * 12), at: 2 + Double(i) * 0.008) }
        XCTAssertEqual(tracker.velocity.y, -1500, accuracy: 1e-6)
        XCTAssertEqual(tracker.velocity.x, 0)
    }

    func testOnlyTheLatestSamplesCount() {
        var tracker = VelocityTracker()
        // Fast long ago, then slow for longer than the window.
        for i in 0...10 { tracker.add(Point(x: 0, y: Double(i) * 50), at: Double(i) * 0.01) }
        for i in 1...40 { tracker.add(Point(x: 0, y: 500 + Double(i)), at: 0.1 + Double(i) * 0.01) }
        XCTAssertEqual(tracker.velocity.y, 100, accuracy: 1e-6)
    }

    func testAFingerThatStoppedBeforeLiftingHasNoSpeed() {
        var tracker = VelocityTracker()
        for i in 0...10 { tracker.add(Point(x: 0, y: Double(i) * 20), at: Double(i) * 0.01) }
        tracker.add(Point(x: 0, y: 200), at: 0.4)
        tracker.add(Point(x: 0, y: 200), at: 0.5)
        XCTAssertEqual(tracker.velocity, .zero)
    }

    func testABurstAtOneInstantGivesNoSpeedRatherThanAnInfiniteOne() {
        var tracker = VelocityTracker()
        for i in 0..<5000 { tracker.add(Point(x: 0, y: Double(i)), at: 1) }
        XCTAssertEqual(tracker.velocity, .zero)
    }

    func testTimeGoingBackwardsStartsAfresh() {
        var tracker = VelocityTracker()
        tracker.add(Point(x: 0, y: 0), at: 10)
        tracker.add(Point(x: 0, y: 100), at: 10.05)
        tracker.add(Point(x: 0, y: 0), at: 3)
        XCTAssertEqual(tracker.velocity, .zero)
        tracker.add(Point(x: 0, y: 10), at: 3.01)
        XCTAssertEqual(tracker.velocity.y, 1000, accuracy: 1e-6)
    }

    func testNonFiniteSamplesAreIgnored() {
        var tracker = VelocityTracker()
        tracker.add(Point(x: 0, y: 0), at: 0)
        tracker.add(Point(x: .nan, y: 5), at: 0.01)
        tracker.add(Point(x: 0, y: 10), at: .infinity)
        tracker.add(Point(x: 0, y: 10), at: 0.01)
        XCTAssertEqual(tracker.velocity.y, 1000, accuracy: 1e-6)
    }
}

final class DragScrollTests: XCTestCase {
    func testTheContentStaysUnderTheFinger() {
        var drag = DragScroll(finger: Point(x: 100, y: 300), offset: Point(x: 0, y: 50))
        let limit = Point(x: 200, y: 1000)
        XCTAssertEqual(drag.offset(forFinger: Point(x: 100, y: 260), limit: limit), Point(x: 0, y: 90))
        XCTAssertEqual(drag.offset(forFinger: Point(x: 90, y: 250.5), limit: limit), Point(x: 10, y: 99.5))
        XCTAssertEqual(drag.offset(forFinger: Point(x: 100, y: 300), limit: limit), Point(x: 0, y: 50), "back where it started")
    }

    func testAtAnEdgeTheContentStopsAndTurnsBackWithTheFingerAtOnce() {
        var drag = DragScroll(finger: Point(x: 0, y: 300), offset: Point(x: 0, y: 20))
        let limit = Point(x: 0, y: 1000)
        XCTAssertEqual(drag.offset(forFinger: Point(x: 0, y: 400), limit: limit), Point(x: 0, y: 0), "held at the top")
        XCTAssertEqual(drag.offset(forFinger: Point(x: 0, y: 390), limit: limit), Point(x: 0, y: 10), "turns back at once")
    }

    func testANonFiniteFingerLeavesTheContentWhereItIs() {
        var drag = DragScroll(finger: Point(x: 0, y: 300), offset: Point(x: 0, y: 20))
        XCTAssertEqual(drag.offset(forFinger: Point(x: .nan, y: 0), limit: Point(x: 0, y: 100)), Point(x: 0, y: 20))
    }
}
