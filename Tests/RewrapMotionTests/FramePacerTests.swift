import RewrapMotion
import XCTest

/// The pacer on a fake clock: each frame is drawn when the pacer says it is
/// due, and the clock only moves when the test moves it.
final class FramePacerTests: XCTestCase {
    /// Draws frames from `start` while the move lasts, waking exactly at each
    /// deadline plus `lateness`; returns the times frames were drawn.
    private func frames(interval: Double, start: Double = 3, duration: Double = 0.25,
                        lateness: (Int) -> Double = { _ in 0 }) -> [Double] {
        var pacer = FramePacer(interval: interval)
        pacer.start(at: start)
        var drawn: [Double] = []
        var now = start
        while drawn.last.map({ $0 < start + duration }) ?? true, drawn.count < 1000 {
            now = max(now, pacer.deadline + lateness(drawn.count))
            guard let time = pacer.frameTime(at: now) else { XCTFail("not due at its deadline"); break }
            drawn.append(time)
            pacer.advance(after: time, moveEnd: start + duration)
        }
        return drawn
    }

    func testSixtyHertzDrawsSixteenFramesOverAQuarterSecond() {
        let times = frames(interval: 1.0 / 60)
        XCTAssertEqual(times.count, 16, "the first frame at once, then 15 at 60 Hz")
        for (index, time) in times.enumerated() {
            XCTAssertEqual(time, 3 + Double(index) / 60, accuracy: 1e-9)
        }
        XCTAssertEqual(times.last!, 3.25, "the last frame is exactly the move's end")
    }

    func testEveryRefreshRateEndsTheMoveExactlyOnTime() {
        for hertz in [30.0, 48, 59.94, 60, 75, 90, 120, 144, 165, 240] {
            let times = frames(interval: 1 / hertz)
            XCTAssertEqual(times.last!, 3.25, "\(hertz) Hz: exactly")
            let gaps = zip(times, times.dropFirst()).map { $1 - $0 }
            XCTAssertEqual(gaps.dropLast().max()!, 1 / hertz, accuracy: 1e-9, "\(hertz) Hz: a steady cadence")
            XCTAssertLessThanOrEqual(gaps.last!, 1 / hertz + 1e-9, "\(hertz) Hz: the last gap is no longer")
            XCTAssertEqual(times.count, Int((0.25 * hertz).rounded(.up)) + 1, "\(hertz) Hz")
        }
    }

    func testAStallSkipsAheadInsteadOfBursting() {
        // The fourth frame wakes 100 ms late: the next is one interval after it, not a burst of six.
        let times = frames(interval: 1.0 / 60, lateness: { $0 == 3 ? 0.1 : 0 })
        XCTAssertEqual(times[4] - times[3], 1.0 / 60, accuracy: 1e-9)
        XCTAssertEqual(times.last!, 3.25, accuracy: 1e-12)
    }

    func testNotDueBeforeTheDeadlineButForRounding() {
        var pacer = FramePacer(interval: 1.0 / 120)
        pacer.start(at: 1)
        pacer.advance(after: 1)
        XCTAssertEqual(pacer.deadline, 1 + 1.0 / 120, accuracy: 1e-12)
        XCTAssertNil(pacer.frameTime(at: pacer.deadline - 0.000_1), "100 µs early is early")
        XCTAssertEqual(pacer.frameTime(at: pacer.deadline - 0.000_01), pacer.deadline, "10 µs early is a timer's rounding")
        XCTAssertEqual(pacer.frameTime(at: pacer.deadline + 0.003), pacer.deadline + 0.003, "late frames show their own time")
    }

    func testIntervalChangeAppliesFromTheNextFrame() {
        var pacer = FramePacer(interval: 1.0 / 60)
        pacer.start(at: 0)
        pacer.advance(after: 0)
        pacer.interval = 1.0 / 144   // the window moved to a faster monitor
        pacer.advance(after: pacer.deadline)
        XCTAssertEqual(pacer.deadline, 1.0 / 60 + 1.0 / 144, accuracy: 1e-12)
    }

    func testADeadlineWithinRoundingOfTheEndLandsOnIt() {
        // 15 sixtieths summed fall a hair short of 0.25: that frame is the end.
        var pacer = FramePacer(interval: 1.0 / 60)
        pacer.start(at: 0)
        var time = 0.0
        for _ in 0..<14 {
            pacer.advance(after: time, moveEnd: 0.25)
            time = pacer.deadline
        }
        pacer.advance(after: time, moveEnd: 0.25)
        XCTAssertEqual(pacer.deadline, 0.25)
    }

    func testAMoveThatAlreadyEndedIsNotAimedAt() {
        var pacer = FramePacer(interval: 1.0 / 60)
        pacer.start(at: 1)
        pacer.advance(after: 1, moveEnd: 0.5)
        XCTAssertEqual(pacer.deadline, 1 + 1.0 / 60, accuracy: 1e-12)
    }
}
