import RewrapLayout
import RewrapMotion
import XCTest

final class FrameTweenTests: XCTestCase {
    private let from = Rect(x: 10, y: 20, width: 80, height: 24)
    private let to = Rect(x: 130, y: 52, width: 120, height: 24)

    private func tween(curve: CubicBezier = .easeInOut) -> FrameTween {
        FrameTween(from: from, to: to, start: 2, duration: 0.25, curve: curve)
    }

    func testValueAtStartIsFrom() {
        XCTAssertEqual(tween().value(at: 2), from)
        XCTAssertEqual(tween().value(at: 1), from, "before the start it waits at from")
    }

    func testValueAtEndIsTo() {
        XCTAssertEqual(tween().end, 2.25)
        XCTAssertEqual(tween().value(at: 2.25), to)
        XCTAssertEqual(tween().value(at: 3), to, "a late frame lands on the target")
    }

    // Frames come from layout in fractional pixels; 553.73 + (246.181 − 553.73) × 1
    // is not 246.181 in binary floating point, so "exactly on the target" needs care.
    func testValueAtEndIsExactlyToForFractionalFrames() {
        let a = Rect(x: 553.73, y: 0.1, width: 80.7, height: 24)
        let b = Rect(x: 246.181, y: 0.7, width: 132.13, height: 24)
        let move = FrameTween(from: a, to: b, start: 2, duration: 0.25, curve: .easeInOut)
        XCTAssertEqual(move.value(at: 2.25), b)
    }

    func testHalfwayOnEaseInOutIsTheMidpoint() {
        let midpoint = Rect(x: 70, y: 36, width: 100, height: 24)
        assertFrame(tween().value(at: 2.125), midpoint)
    }

    func testLinearTweenCoversDistanceInProportionToTime() {
        let move = tween(curve: CubicBezier(0, 0, 1, 1))  // linear
        assertFrame(move.value(at: 2.0625), Rect(x: 40, y: 28, width: 90, height: 24))
        assertFrame(move.value(at: 2.1875), Rect(x: 100, y: 44, width: 110, height: 24))
    }

    func testIsFinishedFromTheEndTimeOn() {
        XCTAssertFalse(tween().isFinished(at: 2.249))
        XCTAssertTrue(tween().isFinished(at: 2.25))
        XCTAssertTrue(tween().isFinished(at: 9))
    }

    func testZeroDurationIsAlreadyAtTheTarget() {
        let move = FrameTween(from: from, to: to, start: 2, duration: 0, curve: .easeInOut)
        XCTAssertEqual(move.value(at: 2), to)
        XCTAssertTrue(move.isFinished(at: 2))
    }
}
