import RewrapLayout
import RewrapMotion
import XCTest

final class FrameTweenTests: XCTestCase {
    private let from = Rect(x: 10, y: 20, width: 80, height: 24)
    private let to = Rect(x: 130, y: 52, width: 120, height: 24)
    private let detour = Rect(x: 0, y: 100, width: 60, height: 30)

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

    func testRetargetKeepsTheShownFrame() {
        for now in [2.001, 2.08, 2.125, 2.2, 2.249] {
            var move = tween()
            let shown = move.value(at: now)
            move.retarget(to: detour, at: now)
            assertFrame(move.value(at: now), shown, "retargeted at \(now)")
        }
    }

    func testRetargetEndsAtNewTargetAtOriginalEndTime() {
        var move = tween()
        move.retarget(to: detour, at: 2.08)
        XCTAssertEqual(move.end, 2.25)
        XCTAssertFalse(move.isFinished(at: 2.249))
        assertFrame(move.value(at: 2.25), detour)
        assertFrame(move.value(at: 2.5), detour)
    }

    // From the shown frame the move heads for the new target and never beyond it.
    func testRetargetHeadsStraightForTheNewTarget() {
        var move = tween()
        let shown = move.value(at: 2.08)
        move.retarget(to: detour, at: 2.08)
        var previous = frameDistance(shown, detour)
        for i in 1...100 {
            let frame = move.value(at: 2.08 + 0.17 * Double(i) / 100)
            let remaining = frameDistance(frame, detour)
            XCTAssertLessThanOrEqual(remaining, previous + 1e-9, "step \(i)")
            XCTAssertLessThanOrEqual(frameDistance(frame, shown), frameDistance(shown, detour) + 1e-9, "step \(i)")
            previous = remaining
        }
    }

    func testRetargetToTheSameTargetLeavesTheMoveAlone() {
        var move = tween()
        move.retarget(to: to, at: 2.1)
        for i in 0...15 {
            let now = 2.1 + Double(i) / 100
            assertFrame(move.value(at: now), tween().value(at: now), "at \(now)")
        }
    }

    func testRetargetAfterTheEndSnaps() {
        var move = tween()
        move.retarget(to: detour, at: 2.3)
        XCTAssertEqual(move.value(at: 2.3), detour)
        XCTAssertEqual(move.from, detour)
        XCTAssertEqual(move.to, detour)
    }

    // A curve with a control point above 1 passes progress 1 and overshoots
    // before the end; a retarget there must still keep the shown frame.
    func testRetargetDuringOvershootDoesNotJump() {
        let move = tween(curve: CubicBezier(0.3, 0.2, 0.5, 1.8))
        let times = (1..<250).map { 2 + Double($0) / 1_000 }
        let peak = times.max { move.progress(at: $0) < move.progress(at: $1) }!
        XCTAssertGreaterThan(move.progress(at: peak), 1.1, "the curve overshoots")
        var retargeted = move
        let shown = move.value(at: peak)
        retargeted.retarget(to: detour, at: peak)
        assertFrame(retargeted.value(at: peak), shown, "retargeted at \(peak)")
        assertFrame(retargeted.value(at: 2.25), detour)
    }
}
