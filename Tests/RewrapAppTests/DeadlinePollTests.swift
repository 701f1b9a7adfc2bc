import Foundation
import RewrapPlatform
import XCTest

/// The one way both platforms sleep: never past a readable descriptor,
/// never before the deadline, even one less than a millisecond away, which
/// poll's own timeout would round to nothing or to a whole millisecond.
final class DeadlinePollTests: XCTestCase {
    /// A pipe's read end, and its write end to make it readable.
    private func pipeEnds() -> (read: Int32, write: Int32) {
        var ends: [Int32] = [-1, -1]
        XCTAssertEqual(pipe(&ends), 0)
        return (ends[0], ends[1])
    }

    private func monotonicNow() -> Double {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
    }

    func testItNeverWakesBeforeItsDeadline() throws {
        let poll = try DeadlinePoll()
        for ahead in [0.000_2, 0.000_9, 0.001_5, 0.003_3] {
            let deadline = monotonicNow() + ahead
            poll.begin()
            XCTAssertFalse(poll.wait(until: deadline, sleeping: true), "nothing was ready but the time")
            XCTAssertGreaterThanOrEqual(monotonicNow(), deadline, "woke before a deadline \(ahead) s ahead")
        }
    }

    func testAReadableDescriptorWakesItAndIsReportedAlone() throws {
        let poll = try DeadlinePoll()
        let readyPipe = pipeEnds(), quietPipe = pipeEnds()
        defer { [readyPipe.read, readyPipe.write, quietPipe.read, quietPipe.write].forEach { close($0) } }
        let ready = readyPipe.read, quiet = quietPipe.read
        var byte: UInt8 = 1
        XCTAssertEqual(write(readyPipe.write, &byte, 1), 1)
        poll.begin()
        poll.watch(quiet)
        poll.watch(contentsOf: [ready])
        XCTAssertTrue(poll.wait(until: nil, sleeping: true), "no deadline, and it still woke")
        XCTAssertTrue(poll.isReady(ready))
        XCTAssertFalse(poll.isReady(quiet))
        XCTAssertEqual(poll.ready(among: [quiet, ready]), [ready])
    }

    func testLookingWithoutSleepingReturnsAtOnce() throws {
        try withAQuietPipe { poll, quiet in
            XCTAssertFalse(poll.wait(until: nil, sleeping: false))
            XCTAssertEqual(poll.ready(among: [quiet]), [])
        }
    }

    /// A deadline that passed while nothing read the timer wakes no later wait.
    func testAPassedDeadlineWakesNoLaterWait() throws {
        try withAQuietPipe { poll, _ in
            XCTAssertFalse(poll.wait(until: monotonicNow() - 1, sleeping: true), "a deadline in the past: at once")
            let deadline = monotonicNow() + 0.002
            XCTAssertFalse(poll.wait(until: deadline, sleeping: true))
            XCTAssertGreaterThanOrEqual(monotonicNow(), deadline, "the old expiry did not wake it early")
        }
    }

    /// A poll set to watch the read end of a pipe nothing is written to.
    private func withAQuietPipe(_ body: (DeadlinePoll, Int32) -> Void) throws {
        let poll = try DeadlinePoll()
        let ends = pipeEnds()
        defer { close(ends.read); close(ends.write) }
        poll.begin()
        poll.watch(ends.read)
        body(poll, ends.read)
    }
}
