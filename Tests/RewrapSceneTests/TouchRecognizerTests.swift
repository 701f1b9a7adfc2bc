import RewrapLayout
import RewrapScene
import XCTest

/// Tap or drag, decided once (rules §11.3), with GTK's 8 px threshold at 1×.
final class TouchRecognizerTests: XCTestCase {
    private typealias Recognizer = TouchRecognizer<String>
    private let start = Point(x: 100, y: 200)

    private func down(_ touches: inout Recognizer, id: Int = 1, on spot: String = "shape", time: Double = 0) {
        XCTAssertEqual(touches.began(id: id, at: start, on: spot, time: time), .touchedDown)
    }

    func testTheThresholdIsGTKsEightPixelsScaledWithTheInterface() {
        XCTAssertEqual(Metrics(scale: 1).dragThreshold, 8)
        XCTAssertEqual(Metrics(scale: 2).dragThreshold, 16)
        XCTAssertEqual(Metrics(scale: 1.5).dragThreshold, 12)
    }

    func testAFingerThatLiftsOnTheControlItTouchedTaps() {
        var touches = Recognizer(threshold: 8)
        down(&touches)
        XCTAssertNil(touches.moved(id: 1, to: Point(x: 108, y: 192), time: 0.05), "8 px along each axis is still a tap")
        XCTAssertEqual(touches.ended(id: 1, at: Point(x: 108, y: 192), on: "shape", time: 0.1), .tapped("shape"))
        XCTAssertFalse(touches.isTracking)
    }

    func testAFingerThatLiftsElsewhereDoesNothing() {
        var touches = Recognizer(threshold: 8)
        down(&touches)
        XCTAssertNil(touches.ended(id: 1, at: Point(x: 104, y: 200), on: "pattern", time: 0.1))
    }

    func testAFingerThatLiftsPastTheThresholdWithoutMovingFirstDoesNotTap() {
        var touches = Recognizer(threshold: 8)
        down(&touches)
        XCTAssertNil(touches.ended(id: 1, at: Point(x: 108.5, y: 200), on: "shape", time: 0.1))
    }

    func testGoingPastTheThresholdDragsFromThereOnEvenBackOnTheSpot() {
        var touches = Recognizer(threshold: 8)
        down(&touches)
        XCTAssertEqual(touches.moved(id: 1, to: Point(x: 100, y: 208.5), time: 0.02),
                       .dragStarted(from: "shape", at: Point(x: 100, y: 208.5), time: 0.02))
        XCTAssertEqual(touches.moved(id: 1, to: start, time: 0.04), .dragged(to: start, time: 0.04))
        XCTAssertEqual(touches.ended(id: 1, at: start, on: "shape", time: 0.06), .dragEnded(at: start, time: 0.06))
    }

    func testAtScaleTwoTheThresholdDoubles() {
        var touches = Recognizer(threshold: Metrics(scale: 2).dragThreshold)
        down(&touches)
        XCTAssertNil(touches.moved(id: 1, to: Point(x: 115, y: 200), time: 0.02))
        XCTAssertEqual(touches.ended(id: 1, at: Point(x: 115, y: 200), on: "shape", time: 0.03), .tapped("shape"))
    }

    func testASecondFingerIsIgnoredAndLiftingTheFirstEndsTheTouch() {
        var touches = Recognizer(threshold: 8)
        down(&touches)
        XCTAssertNil(touches.began(id: 2, at: Point(x: 300, y: 300), on: "pattern", time: 0.01))
        XCTAssertNil(touches.moved(id: 2, to: Point(x: 400, y: 400), time: 0.02), "no pinch, no drag by the second finger")
        XCTAssertNil(touches.ended(id: 2, at: Point(x: 300, y: 300), on: "pattern", time: 0.03))
        XCTAssertTrue(touches.isTracking)
        XCTAssertEqual(touches.ended(id: 1, at: start, on: "shape", time: 0.04), .tapped("shape"))
        XCTAssertFalse(touches.isTracking)
    }

    func testACancelledTouchPicksNothingAndTheNextTapWorks() {
        var touches = Recognizer(threshold: 8)
        down(&touches)
        XCTAssertEqual(touches.cancelled(id: 1), .cancelled)
        XCTAssertNil(touches.ended(id: 1, at: start, on: "shape", time: 0.1), "its end, if it comes, is nothing")
        down(&touches, id: 2, time: 0.2)
        XCTAssertEqual(touches.ended(id: 2, at: start, on: "shape", time: 0.3), .tapped("shape"))
    }

    func testAnEndForAFingerNeverSeenIsIgnored() {
        var touches = Recognizer(threshold: 8)
        XCTAssertNil(touches.ended(id: 42, at: start, on: "shape", time: 0))
        XCTAssertNil(touches.moved(id: 42, to: start, time: 0))
        XCTAssertNil(touches.cancelled(id: 42))
        down(&touches)
        XCTAssertNil(touches.ended(id: 42, at: start, on: "shape", time: 0.1))
        XCTAssertEqual(touches.ended(id: 1, at: start, on: "shape", time: 0.2), .tapped("shape"))
    }

    func testAFingerWhoseEndWasLostDoesNotBlockTheNextForEver() {
        var touches = Recognizer(threshold: 8)
        down(&touches, id: 1, time: 0)
        // The same number again (Wayland reuses its slots): a new touch.
        down(&touches, id: 1, time: 1)
        XCTAssertEqual(touches.ended(id: 1, at: start, on: "shape", time: 1.1), .tapped("shape"))
        // Another number, long after the last word from a finger that never ended.
        down(&touches, id: 7, time: 2)
        XCTAssertNil(touches.began(id: 8, at: start, on: "shape", time: 2 + Recognizer.forgottenAfter - 1))
        down(&touches, id: 9, time: 2 + Recognizer.forgottenAfter + 1)
        XCTAssertEqual(touches.ended(id: 9, at: start, on: "shape", time: 13.5), .tapped("shape"))
    }

    func testThousandsOfMotionsStayOneDrag() {
        var touches = Recognizer(threshold: 8)
        down(&touches)
        var gestures: [Recognizer.Gesture?] = []
        for i in 1...5000 { gestures.append(touches.moved(id: 1, to: Point(x: 100, y: 200 - Double(i)), time: 0)) }
        XCTAssertEqual(gestures.compactMap { $0 }.filter { if case .dragStarted = $0 { true } else { false } }.count, 1)
        XCTAssertEqual(gestures.compactMap { $0 }.count, 5000 - 8)
        XCTAssertEqual(touches.ended(id: 1, at: Point(x: 100, y: -4800), on: "x", time: 0), .dragEnded(at: Point(x: 100, y: -4800), time: 0))
    }

    func testAPositionThatIsNotANumberIsNoTap() {
        var touches = Recognizer(threshold: 8)
        down(&touches)
        XCTAssertNil(touches.ended(id: 1, at: Point(x: .nan, y: 200), on: "shape", time: 0.1))
        XCTAssertFalse(touches.isTracking)
    }
}
