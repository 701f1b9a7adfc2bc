import RewrapLayout
import RewrapMotion
import RewrapTestFakes
import XCTest

/// Issue 35: a move interrupted by a new target keeps its speed. The oracle
/// is the sampled path itself: finite differences of presented frames give
/// the speed just before and just after an interruption, in px/s.
final class InterruptedMoveTests: XCTestCase {
    // x, y, width and height all change between these, so every number is checked.
    private let a = Rect(x: 0, y: 0, width: 80, height: 24)
    private let b = Rect(x: 120, y: 40, width: 140, height: 36)
    private let c = Rect(x: 40, y: 90, width: 100, height: 30)
    private let duration = 0.25

    /// One node's history: where it rests, then each new target at its time.
    private struct History {
        var rest: Rect
        var changes: [(time: Double, target: Rect, mode: Animator<String>.Mode)] = []

        func adding(_ target: Rect, at time: Double, _ mode: Animator<String>.Mode = .animateChanges) -> History {
            var next = self
            next.changes.append((time, target, mode))
            return next
        }

        /// The presented frames at `times` (ascending), drawn as the loop draws
        /// them: each change is taken when its time comes.
        func path(at times: [Double]) -> [Rect] {
            var animator = Animator<String>()
            animator.update(targets: ["n": rest], at: 0, animate: .animateChanges)
            var pending = changes[...]
            return times.map { now in
                while let next = pending.first, next.time <= now {
                    animator.update(targets: ["n": next.target], at: next.time, animate: next.mode)
                    pending.removeFirst()
                }
                return animator.presentedFrame(of: "n", at: now)!
            }
        }

        var targets: [Rect] { [rest] + changes.map(\.target) }
    }

    private func numbers(_ frame: Rect) -> [Double] { [frame.minX, frame.minY, frame.width, frame.height] }

    /// Samples every `1 / rate` s from `start` to `end`.
    private func times(from start: Double, to end: Double, rate: Double) -> [Double] {
        (0...Int(((end - start) * rate).rounded(.up))).map { start + Double($0) / rate }
    }

    /// Speeds of the four numbers between consecutive samples, px/s.
    private func speeds(_ path: [Rect], rate: Double) -> [[Double]] {
        zip(path, path.dropFirst()).map { earlier, later in
            zip(numbers(earlier), numbers(later)).map { ($1 - $0) * rate }
        }
    }

    /// The fastest any of the four numbers moves over the whole history, px/s.
    private func peakSpeed(_ history: History, rate: Double) -> Double {
        let start = history.changes.first!.time
        let path = history.path(at: times(from: start, to: history.changes.last!.time + duration, rate: rate))
        return speeds(path, rate: rate).flatMap { $0.map(abs) }.max()!
    }

    /// The largest change of speed of any number at the last change of
    /// `history`, as a fraction of the peak speed of the move it interrupts.
    private func speedJump(_ history: History, rate: Double, file: StaticString = #filePath, line: UInt = #line) -> Double {
        let interruption = history.changes.last!.time
        var interrupted = history
        interrupted.changes.removeLast()
        let h = 1 / rate
        let path = history.path(at: [interruption - h, interruption, interruption + h])
        let untouched = interrupted.path(at: [interruption])[0]
        assertFrame(path[1], untouched, accuracy: 1e-9, "no jump in position", file: file, line: line)
        let before = speeds(Array(path[0...1]), rate: rate)[0], after = speeds(Array(path[1...2]), rate: rate)[0]
        let jump = zip(before, after).map { abs($1 - $0) }.max()!
        return jump / peakSpeed(interrupted, rate: rate)
    }

    /// How often any number turns back along the sampled path.
    private func turns(_ path: [Rect], rate: Double) -> Int {
        let moving = speeds(path, rate: rate)
        return (0..<4).map { axis in
            let signs = moving.map { $0[axis] }.filter { abs($0) > 1e-6 }.map { $0 > 0 }
            return zip(signs, signs.dropFirst()).filter { $0 != $1 }.count
        }.max()!
    }

    /// Every rule of an interrupted move that does not depend on the sample
    /// rate: never beyond the farthest start or target, at most one turn
    /// per interruption, and at rest on the last target 0.25 s after it came.
    private func assertSettles(_ history: History, _ message: String = "", file: StaticString = #filePath, line: UInt = #line) {
        let rate = 1_000.0
        let last = history.changes.last!.time
        let sampled = times(from: history.changes.first!.time, to: last + duration + 0.05, rate: rate)
        let path = history.path(at: sampled)
        let targets = history.targets.map(numbers)
        for (now, frame) in zip(sampled, path) {
            for (axis, value) in numbers(frame).enumerated() {
                let reach = targets.map { $0[axis] }
                XCTAssertTrue(value.isFinite, "\(message) at \(now)", file: file, line: line)
                XCTAssertGreaterThanOrEqual(value, reach.min()! - 1e-9, "\(message) axis \(axis) at \(now)", file: file, line: line)
                XCTAssertLessThanOrEqual(value, reach.max()! + 1e-9, "\(message) axis \(axis) at \(now)", file: file, line: line)
            }
        }
        XCTAssertLessThanOrEqual(turns(path, rate: rate), history.changes.count - 1, message, file: file, line: line)
        let target = history.changes.last!.target
        XCTAssertNotEqual(history.path(at: [last + duration - 0.01])[0], target, "\(message) still on its way", file: file, line: line)
        XCTAssertEqual(history.path(at: [last + duration])[0], target, "\(message) ends 0.25 s after the last change", file: file, line: line)
    }

    private let moments = [0.1, 0.25, 0.5, 0.75, 0.9]

    // The issue measured 90 px/s -> 0 at a reversal.
    func testReversedPickKeepsItsSpeed() {
        for fraction in moments {
            let history = History(rest: a).adding(b, at: 1).adding(a, at: 1 + fraction * duration)
            XCTAssertLessThanOrEqual(speedJump(history, rate: 240), 0.05, "reversed \(fraction) of the way, 240 Hz")
            XCTAssertLessThanOrEqual(speedJump(history, rate: 60), 0.20, "reversed \(fraction) of the way, 60 Hz")
            assertSettles(history, "reversed \(fraction) of the way")
        }
    }

    func testRedirectedPickKeepsItsSpeed() {
        for fraction in moments {
            let history = History(rest: a).adding(b, at: 1).adding(c, at: 1 + fraction * duration)
            XCTAssertLessThanOrEqual(speedJump(history, rate: 240), 0.05, "redirected \(fraction) of the way, 240 Hz")
            XCTAssertLessThanOrEqual(speedJump(history, rate: 60), 0.20, "redirected \(fraction) of the way, 60 Hz")
            assertSettles(history, "redirected \(fraction) of the way")
        }
    }

    func testTriplePicksFiftyMillisecondsApartKeepTheirSpeedAndSettle() {
        let d = Rect(x: 160, y: 10, width: 60, height: 20)
        for third in [a, b, d] {
            let twice = History(rest: a).adding(b, at: 1).adding(c, at: 1.05)
            let thrice = twice.adding(third, at: 1.1)
            XCTAssertLessThanOrEqual(speedJump(twice, rate: 240), 0.05)
            XCTAssertLessThanOrEqual(speedJump(thrice, rate: 240), 0.05, "third pick \(third)")
            XCTAssertLessThanOrEqual(speedJump(thrice, rate: 60), 0.20, "third pick \(third)")
            assertSettles(thrice, "third pick \(third)")
        }
        // Back and forth: the swing never grows.
        assertSettles(History(rest: a).adding(b, at: 1).adding(a, at: 1.05).adding(b, at: 1.1), "a b a b")
    }

    func testInterruptionInTheFirstFrameKeepsItsSpeed() {
        for target in [a, c] {
            let history = History(rest: a).adding(b, at: 1).adding(target, at: 1 + 1.0 / 60)
            XCTAssertLessThanOrEqual(speedJump(history, rate: 240), 0.05)
            XCTAssertLessThanOrEqual(speedJump(history, rate: 60), 0.20)
            assertSettles(history, "to \(target) in the first frame")
        }
    }

    func testInterruptionInTheLastFrameKeepsItsSpeed() {
        for target in [a, c] {
            let history = History(rest: a).adding(b, at: 1).adding(target, at: 1 + duration - 1.0 / 60)
            XCTAssertLessThanOrEqual(speedJump(history, rate: 240), 0.05)
            XCTAssertLessThanOrEqual(speedJump(history, rate: 60), 0.20)
            assertSettles(history, "to \(target) in the last frame")
        }
    }

    // Keeping speed may carry a node past a target at or just ahead of it;
    // it comes back once, and never beyond where the first move was going.
    func testATargetWhereTheNodeIsShownIsPassedAndReturnedToOnce() {
        let history = History(rest: a).adding(b, at: 1)
        let shown = history.path(at: [1.125])[0]
        let stay = history.adding(shown, at: 1.125)
        let path = stay.path(at: times(from: 1.125, to: 1.4, rate: 1_000))
        XCTAssertGreaterThan(path.map(\.minX).max()!, shown.minX + 1, "it carries on a little")
        assertSettles(stay, "stopped where shown")
    }

    func testAnyHistoryOfPicksStaysBetweenItsTargetsAndSettles() {
        var random = SeededGenerator(seed: 35)
        func place() -> Rect {
            Rect(x: .random(in: -200...400, using: &random), y: .random(in: 0...300, using: &random),
                 width: .random(in: 20...300, using: &random), height: .random(in: 20...60, using: &random))
        }
        for round in 0..<60 {
            var history = History(rest: place())
            var now = 1.0
            for _ in 0..<Int.random(in: 2...5, using: &random) {
                history = history.adding(place(), at: now)
                now += .random(in: 0.005...0.3, using: &random)
            }
            assertSettles(history, "round \(round)")
        }
    }

    // rules §5.3: a move nothing interrupts follows the curve exactly.
    func testUninterruptedMoveFollowsTheReferenceCurve() {
        let reference = ReferenceBezier.easeInOut
        let history = History(rest: a).adding(b, at: 1)
        let sampled = times(from: 1, to: 1.25, rate: 240)
        for (now, frame) in zip(sampled, history.path(at: sampled)) {
            let p = reference.bisectedProgress(at: (now - 1) / duration)
            for (value, (from, to)) in zip(numbers(frame), zip(numbers(a), numbers(b))) {
                XCTAssertEqual(value, from + (to - from) * p, accuracy: 1e-6, "at \(now)")
            }
        }
    }

    // MARK: Resizes

    // Speed is not asked to carry across a resize, but it is bounded, however
    // late in the move the resize comes: no more than the move's own peak
    // plus four times the change of target per move duration (a fresh
    // ease-in-out move peaks at 1.72 times).
    func testResizeLateInAMoveNeverSendsANodeFlying() {
        for late in [0.2, 0.24, 0.249, 0.24999] {
            let moving = History(rest: a).adding(b, at: 1)
            let resized = moving.adding(c, at: 1 + late, .retargetInFlight)
            let rate = 10_000.0
            let path = resized.path(at: times(from: 1, to: 1 + late + duration, rate: rate))
            let peak = peakSpeed(moving, rate: rate), sampled = speeds(path, rate: rate)
            for axis in 0..<4 {
                let change = abs(numbers(c)[axis] - numbers(b)[axis])
                let fastest = sampled.map { abs($0[axis]) }.max()!
                XCTAssertLessThanOrEqual(fastest, peak + 4 * change / duration, "axis \(axis), resized \(late) s in")
            }
            XCTAssertEqual(resized.path(at: [1 + late + duration / 2])[0], c, "at its target half a move on at most")
            assertFrame(resized.path(at: [1 + late])[0], moving.path(at: [1 + late])[0], "no jump at \(late) s")
        }
    }

    // MARK: Bad input

    func testPicksAtAThousandPerSecondStayBoundedAndEndOnTheTarget() {
        let places = [a, b, c]
        var history = History(rest: a)
        for pick in 0..<1_000 {
            history = history.adding(places[(pick * 7 + pick / 3) % 3], at: 1 + Double(pick) / 1_000)
        }
        let last = history.changes.last!
        let sampled = times(from: 1, to: last.time + duration, rate: 60) + [last.time + duration]
        let path = history.path(at: sampled)
        for (now, frame) in zip(sampled, path) {
            for (axis, value) in numbers(frame).enumerated() {
                let reach = places.map { numbers($0)[axis] }
                XCTAssertTrue(value >= reach.min()! - 1e-9 && value <= reach.max()! + 1e-9, "axis \(axis) at \(now): \(value)")
            }
        }
        XCTAssertEqual(path.last, last.target)
    }

    func testAClockThatStandsStillStaysBoundedAndEndsOnTheTarget() {
        var animator = Animator<String>()
        animator.update(targets: ["n": a], at: 0, animate: .animateChanges)
        for pick in 0..<499 {
            animator.update(targets: ["n": [b, c, a][pick % 3]], at: 1, animate: .animateChanges)
            assertFrame(animator.presentedFrame(of: "n", at: 1), a, "still where it was, after pick \(pick)")
        }
        XCTAssertEqual(animator.endTime, 1.25)
        let halfway = animator.presentedFrame(of: "n", at: 1.125)!
        assertFrame(halfway, FrameTween.interpolate(a, b, 0.5), "one move, from where it was to the last target")
        XCTAssertEqual(animator.presentedFrame(of: "n", at: 1.25), b)
        XCTAssertFalse(animator.settle(at: 1.25))
    }

    func testAClockThatGoesBackStaysBoundedAndEndsOnTheTarget() throws {
        var animator = Animator<String>()
        animator.update(targets: ["n": a], at: 0, animate: .animateChanges)
        let picks: [(Double, Rect)] = [(2, b), (1.9, c), (1.5, a), (0.5, c), (2.1, b), (1, a)]
        for (time, target) in picks {
            animator.update(targets: ["n": target], at: time, animate: .animateChanges)
            for now in stride(from: 0.0, through: 3, by: 0.01) {
                let frame = animator.presentedFrame(of: "n", at: now)!
                for (axis, value) in numbers(frame).enumerated() {
                    let reach = [a, b, c].map { numbers($0)[axis] }
                    XCTAssertTrue(value >= reach.min()! - 1e-9 && value <= reach.max()! + 1e-9, "axis \(axis) at \(now): \(value)")
                }
            }
        }
        let end = try XCTUnwrap(animator.endTime)
        XCTAssertLessThanOrEqual(end, 2.1 + duration + 1e-12, "no move outlasts the latest time seen")
        XCTAssertEqual(animator.presentedFrame(of: "n", at: end), a)
        XCTAssertFalse(animator.settle(at: end))
    }

    func testAFrameEveryTenSecondsLandsOnTheTarget() {
        var animator = Animator<String>()
        animator.update(targets: ["n": a], at: 0, animate: .animateChanges)
        animator.update(targets: ["n": b], at: 1, animate: .animateChanges)
        animator.update(targets: ["n": c], at: 1.1, animate: .animateChanges)
        XCTAssertEqual(animator.presentedFrame(of: "n", at: 11.1), c)
        XCTAssertFalse(animator.settle(at: 11.1))
        animator.update(targets: ["n": a], at: 11.1, animate: .animateChanges)
        assertFrame(animator.presentedFrame(of: "n", at: 11.1), c, "the next move starts where the last one ended")
        XCTAssertEqual(animator.presentedFrame(of: "n", at: 21.1), a)
        XCTAssertFalse(animator.settle(at: 21.1))
    }
}
