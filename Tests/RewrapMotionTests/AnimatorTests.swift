import RewrapLayout
import RewrapMotion
import RewrapTestFakes
import XCTest

final class AnimatorTests: XCTestCase {
    private let frameInterval = 1.0 / 60

    // Three controls before and after a selection widens "a": "b" moves along
    // its row and "c" wraps to the next row.
    private let before: [String: Rect] = [
        "a": Rect(x: 0, y: 0, width: 80, height: 24),
        "b": Rect(x: 88, y: 0, width: 100, height: 24),
        "c": Rect(x: 196, y: 0, width: 90, height: 24),
    ]
    private let after: [String: Rect] = [
        "a": Rect(x: 0, y: 0, width: 130, height: 24),
        "b": Rect(x: 138, y: 0, width: 100, height: 24),
        "c": Rect(x: 0, y: 32, width: 90, height: 24),
    ]
    // Where a second selection, or a resize, sends them mid-move.
    private let elsewhere: [String: Rect] = [
        "a": Rect(x: 0, y: 0, width: 60, height: 24),
        "b": Rect(x: 0, y: 32, width: 100, height: 24),
        "c": Rect(x: 108, y: 32, width: 90, height: 24),
    ]

    private func midpoint(_ a: Rect, _ b: Rect) -> Rect {
        Rect(x: (a.minX + b.minX) / 2, y: (a.minY + b.minY) / 2,
             width: (a.width + b.width) / 2, height: (a.height + b.height) / 2)
    }

    /// An animator showing `before` since t = 1, then asked at t = 2 to move to `after`.
    private func moving(_ animator: Animator<String> = Animator()) -> Animator<String> {
        var animator = animator
        animator.update(targets: before, at: 1, animate: .animateChanges)
        animator.update(targets: after, at: 2, animate: .animateChanges)
        return animator
    }

    func testFirstUpdatePlacesNodesAtTargetsWithoutMoving() {
        var animator = Animator<String>()
        animator.update(targets: before, at: 1, animate: .animateChanges)
        for (id, target) in before {
            XCTAssertEqual(animator.presentedFrame(of: id, at: 1), target, id)
        }
        XCTAssertFalse(animator.isAnimating)
        XCTAssertNil(animator.endTime)
        XCTAssertEqual(animator.targets, before)
    }

    func testChangedTargetStartsQuarterSecondMoveFromPresentedFrame() {
        let animator = moving()
        XCTAssertTrue(animator.isAnimating)
        XCTAssertEqual(animator.endTime, 2.25)
        for (id, target) in after {
            XCTAssertEqual(animator.presentedFrame(of: id, at: 2), before[id], id)
            XCTAssertNotEqual(animator.presentedFrame(of: id, at: 2.2), target, "\(id) is still on its way")
            XCTAssertEqual(animator.presentedFrame(of: id, at: 2.25), target, id)
        }
    }

    func testPresentedFrameHalfwayIsTheEasedMidpoint() {
        let animator = moving()
        for id in after.keys {
            assertFrame(animator.presentedFrame(of: id, at: 2.125), midpoint(before[id]!, after[id]!), id)
        }
    }

    func testPresentedFrameFollowsEaseInOut() {
        let animator = moving()
        let reference = ReferenceBezier.easeInOut.sampled()
        let a = before["c"]!, b = after["c"]!
        for i in 0...15 {
            let now = 2 + Double(i) * frameInterval
            let p = reference.progress(at: (now - 2) / 0.25)
            let expected = Rect(x: a.minX + (b.minX - a.minX) * p, y: a.minY + (b.minY - a.minY) * p,
                                width: a.width, height: a.height)
            assertFrame(animator.presentedFrame(of: "c", at: now), expected, accuracy: 1e-6, "at \(now)")
        }
    }

    func testSettleDisarmsOnceEveryMoveEnds() {
        var animator = moving()
        XCTAssertTrue(animator.settle(at: 2.2))
        XCTAssertTrue(animator.isAnimating)
        XCTAssertEqual(animator.endTime, 2.25)
        XCTAssertFalse(animator.settle(at: 2.25))
        XCTAssertFalse(animator.isAnimating)
        XCTAssertNil(animator.endTime)
        for (id, target) in after {
            XCTAssertEqual(animator.presentedFrame(of: id, at: 2.25), target, id)
        }
    }

    // The timer only stops at settle, so a frame drawn late must already be on target.
    func testFinishedMoveShowsTargetBeforeSettle() {
        let animator = moving()
        for (id, target) in after {
            XCTAssertEqual(animator.presentedFrame(of: id, at: 2.4), target, id)
        }
    }

    func testUnchangedTargetDoesNotMove() {
        var targets = before
        targets["c"] = after["c"]
        var animator = Animator<String>()
        animator.update(targets: before, at: 1, animate: .animateChanges)
        animator.update(targets: targets, at: 2, animate: .animateChanges)
        for i in 0...15 {
            let now = 2 + Double(i) * frameInterval
            XCTAssertEqual(animator.presentedFrame(of: "a", at: now), before["a"], "at \(now)")
            XCTAssertEqual(animator.presentedFrame(of: "b", at: now), before["b"], "at \(now)")
        }
        XCTAssertEqual(animator.endTime, 2.25, "only c moves")
    }

    func testIdenticalTargetsStartNoMove() {
        var animator = Animator<String>()
        animator.update(targets: before, at: 1, animate: .animateChanges)
        animator.update(targets: before, at: 2, animate: .animateChanges)
        XCTAssertFalse(animator.isAnimating)
        XCTAssertNil(animator.endTime)
    }

    // A frame that drifted by a rounding error at the end of a move must not
    // count as a change when the next selection leaves its target alone.
    func testFinishedMoveIsNotRestartedByAnUnchangedTarget() {
        let start = ["a": Rect(x: 553.73, y: 0.1, width: 80.7, height: 24)]
        let moved = ["a": Rect(x: 246.181, y: 0.7, width: 132.13, height: 24)]
        var animator = Animator<String>()
        animator.update(targets: start, at: 1, animate: .animateChanges)
        animator.update(targets: moved, at: 2, animate: .animateChanges)
        animator.update(targets: moved, at: 2.3, animate: .animateChanges)
        XCTAssertFalse(animator.isAnimating)
        XCTAssertEqual(animator.presentedFrame(of: "a", at: 2.3), moved["a"])
    }

    func testNodesMoveByIdentity() {
        var swapped = before
        (swapped["a"], swapped["b"]) = (before["b"], before["a"])
        var animator = Animator<String>()
        animator.update(targets: before, at: 1, animate: .animateChanges)
        animator.update(targets: swapped, at: 2, animate: .animateChanges)
        XCTAssertEqual(animator.presentedFrame(of: "a", at: 2), before["a"])
        XCTAssertEqual(animator.presentedFrame(of: "b", at: 2), before["b"])
        XCTAssertEqual(animator.presentedFrame(of: "a", at: 2.25), before["b"])
        XCTAssertEqual(animator.presentedFrame(of: "b", at: 2.25), before["a"])
    }

    func testNodeKeepsItsMoveWhenOthersAreAddedOrRemoved() {
        var animator = moving()
        let untouched = moving()
        var targets = after
        targets["b"] = nil
        targets["d"] = Rect(x: 0, y: 64, width: 70, height: 24)
        animator.update(targets: targets, at: 2.1, animate: .retargetInFlight)
        XCTAssertEqual(animator.endTime, 2.25)
        for i in 0...9 {
            let now = 2.1 + Double(i) * frameInterval
            for id in ["a", "c"] {
                assertFrame(animator.presentedFrame(of: id, at: now), untouched.presentedFrame(of: id, at: now)!, "\(id) at \(now)")
            }
        }
        XCTAssertEqual(animator.presentedFrame(of: "d", at: 2.1), targets["d"])
    }

    func testNodeKeepsItsPresentedFrameWhenASelectionAddsOthers() {
        var animator = moving()
        let shown = animator.presentedFrame(of: "c", at: 2.1)!
        var targets = after
        targets["d"] = Rect(x: 0, y: 64, width: 70, height: 24)
        animator.update(targets: targets, at: 2.1, animate: .animateChanges)
        assertFrame(animator.presentedFrame(of: "c", at: 2.1), shown)
        assertFrame(animator.presentedFrame(of: "c", at: 2.35), after["c"]!)
        XCTAssertEqual(animator.presentedFrame(of: "d", at: 2.1), targets["d"], "a new node appears in place")
    }

    func testRemovedNodeDisappears() {
        var animator = moving()
        var targets = after
        targets["c"] = nil
        animator.update(targets: targets, at: 2.1, animate: .animateChanges)
        XCTAssertNil(animator.presentedFrame(of: "c", at: 2.1))
        XCTAssertNil(animator.presentedFrame(of: "c", at: 3))
        XCTAssertNil(animator.targets["c"])
        animator.update(targets: [:], at: 2.2, animate: .retargetInFlight)
        XCTAssertNil(animator.presentedFrame(of: "a", at: 2.2))
        XCTAssertFalse(animator.isAnimating, "a removed node stops moving")
        XCTAssertNil(animator.endTime)
    }

    // rules §5.3: a new selection during a move goes on from the presented
    // frame, with no jump, and ends 0.25 s later. (It used to start from
    // rest; now it keeps its speed, which InterruptedMoveTests measures.)
    func testRetargetDuringMoveDoesNotJump() {
        var animator = moving()
        let now = 2.08
        let shown = after.keys.reduce(into: [String: Rect]()) { $0[$1] = animator.presentedFrame(of: $1, at: now) }
        animator.update(targets: elsewhere, at: now, animate: .animateChanges)
        XCTAssertEqual(animator.endTime, now + 0.25)
        for (id, target) in elsewhere {
            assertFrame(animator.presentedFrame(of: id, at: now), shown[id]!, "\(id) at the interruption")
            XCTAssertNotEqual(animator.presentedFrame(of: id, at: now + 0.24), target, "\(id) is still on its way")
            assertFrame(animator.presentedFrame(of: id, at: now + 0.25), target, id)
        }
    }

    // rules §5.1: a resize is not animated.
    func testResizeWithNothingInFlightJumps() {
        var animator = Animator<String>()
        animator.update(targets: before, at: 1, animate: .animateChanges)
        animator.update(targets: after, at: 2, animate: .retargetInFlight)
        for (id, target) in after {
            XCTAssertEqual(animator.presentedFrame(of: id, at: 2), target, id)
        }
        XCTAssertFalse(animator.isAnimating)
        XCTAssertNil(animator.endTime)
    }

    // A move that ended but has not been settled yet is not in flight.
    func testResizeAfterMoveEndedJumps() {
        var animator = moving()
        animator.update(targets: elsewhere, at: 2.3, animate: .retargetInFlight)
        for (id, target) in elsewhere {
            XCTAssertEqual(animator.presentedFrame(of: id, at: 2.3), target, id)
        }
        XCTAssertFalse(animator.isAnimating)
    }

    // rules §5.3: a resize during a move carries it on to the new targets, with no jump.
    func testResizeDuringMoveContinuesWithoutJumpAndEndsOnTime() {
        var animator = moving()
        let now = 2.1
        let shown = after.keys.reduce(into: [String: Rect]()) { $0[$1] = animator.presentedFrame(of: $1, at: now) }
        animator.update(targets: elsewhere, at: now, animate: .retargetInFlight)
        XCTAssertTrue(animator.isAnimating)
        XCTAssertEqual(animator.endTime, 2.25, "the resize keeps the original end time")
        for (id, target) in elsewhere {
            assertFrame(animator.presentedFrame(of: id, at: now), shown[id]!, "\(id) at the resize")
            assertFrame(animator.presentedFrame(of: id, at: 2.25), target, id)
        }
        XCTAssertFalse(animator.settle(at: 2.25))
    }

    func testResizeDuringMoveJumpsNodesThatWereStill() {
        var targets = before
        targets["c"] = after["c"]
        var animator = Animator<String>()
        animator.update(targets: before, at: 1, animate: .animateChanges)
        animator.update(targets: targets, at: 2, animate: .animateChanges)
        animator.update(targets: elsewhere, at: 2.1, animate: .retargetInFlight)
        XCTAssertEqual(animator.presentedFrame(of: "a", at: 2.1), elsewhere["a"])
        XCTAssertEqual(animator.presentedFrame(of: "b", at: 2.1), elsewhere["b"])
        XCTAssertNotEqual(animator.presentedFrame(of: "c", at: 2.1), elsewhere["c"], "c carries on moving")
    }

    // Reduced motion: everything lands on its target at once.
    func testFinishAllJumpsEveryNodeToItsTarget() {
        var animator = moving()
        animator.finishAll()
        XCTAssertFalse(animator.isAnimating)
        XCTAssertNil(animator.endTime)
        XCTAssertFalse(animator.settle(at: 2.1))
        for (id, target) in after {
            XCTAssertEqual(animator.presentedFrame(of: id, at: 2.1), target, id)
        }
    }

    func testZeroDurationMeansNoMoves() {
        let animator = moving(Animator(duration: 0))
        XCTAssertFalse(animator.isAnimating)
        XCTAssertNil(animator.endTime)
        for (id, target) in after {
            XCTAssertEqual(animator.presentedFrame(of: id, at: 2), target, id)
        }
    }

    func testDurationAndCurveAreHonoured() {
        let animator = moving(Animator(duration: 0.5, curve: CubicBezier(0, 0, 1, 1)))  // linear
        XCTAssertEqual(animator.endTime, 2.5)
        assertFrame(animator.presentedFrame(of: "a", at: 2.125), Rect(x: 0, y: 0, width: 92.5, height: 24))
    }

    func testUnknownNodeHasNoFrame() {
        XCTAssertNil(moving().presentedFrame(of: "z", at: 2.1))
    }
}
