import RewrapLayout
import RewrapMotion
import XCTest

/// The fling curve, judged by finite differences of the offsets it gives,
/// not by its own formula: speed starts at the release speed, falls
/// smoothly and monotonically to rest, and an edge stops it dead.
final class FlingTests: XCTestCase {
    private let step = 1.0 / 240

    /// The y offsets from `start` until a second after the fling's end, every `step`.
    private func samples(_ fling: Fling) -> [Double] {
        let count = Int(((fling.endTime - fling.startTime + 1) / step).rounded(.up))
        return (0...count).map { fling.offset(at: fling.startTime + Double($0) * step).y }
    }

    private func speeds(_ offsets: [Double]) -> [Double] {
        zip(offsets.dropFirst(), offsets).map { ($0 - $1) / step }
    }

    func testAFlingStartsAtTheSpeedItWasReleasedWith() {
        let fling = Fling(from: Point(x: 0, y: 100), velocity: Point(x: 0, y: 1500), at: 3, limit: Point(x: 0, y: 10_000))
        let first = speeds(samples(fling))[0]
        XCTAssertEqual(first, 1500, accuracy: 1500 * 0.01)
        XCTAssertEqual(fling.offset(at: 3), Point(x: 0, y: 100), "no jump as the finger lifts")
    }

    func testItsSpeedFallsSmoothlyAndNeverTurnsBack() {
        let fling = Fling(from: Point(x: 0, y: 5000), velocity: Point(x: 0, y: -2400), at: 0, limit: Point(x: 0, y: 10_000))
        let speeds = speeds(samples(fling)).map { -$0 }
        XCTAssertTrue(speeds.allSatisfy { $0 >= 0 }, "it never turns back")
        for (later, earlier) in zip(speeds.dropFirst(), speeds) {
            XCTAssertLessThanOrEqual(later, earlier + 1e-9, "speed only falls")
            // Friction slows it by a few percent each step at most, with no sudden stop.
            XCTAssertLessThan(earlier - later, max(0.05 * earlier, Fling.restingSpeed + 0.01))
        }
        XCTAssertEqual(speeds.last, 0, "it comes to rest")
    }

    func testItComesToRestAtMostHalfAPixelShortOfWhereFrictionLeavesIt() {
        // Friction k slows a speed v to a glide of v / k in all (the integral of v·e^(−kt)).
        let fling = Fling(from: .zero, velocity: Point(x: 1200, y: 0), at: 0, limit: Point(x: 10_000, y: 0))
        let travel = fling.offset(at: fling.endTime + 5).x
        XCTAssertLessThanOrEqual(travel, 1200 / Fling.friction)
        XCTAssertGreaterThanOrEqual(travel, 1200 / Fling.friction - 0.5 - 1e-9)
        XCTAssertFalse(fling.isMoving(at: fling.endTime))
        XCTAssertTrue(fling.isMoving(at: fling.endTime - 0.01))
        XCTAssertEqual(fling.offset(at: fling.endTime), fling.offset(at: fling.endTime + 60), "still once at rest")
    }

    func testAnEdgeStopsItThereWithoutOvershootOrBounce() throws {
        let fling = Fling(from: Point(x: 0, y: 900), velocity: Point(x: 0, y: 3000), at: 0, limit: Point(x: 0, y: 1000))
        let offsets = samples(fling)
        XCTAssertTrue(offsets.allSatisfy { $0 <= 1000 }, "never past the edge")
        XCTAssertEqual(offsets.last, 1000, "it stops at the edge")
        let arrival = try XCTUnwrap(offsets.firstIndex(of: 1000))
        XCTAssertTrue(offsets[arrival...].allSatisfy { $0 == 1000 }, "and stays there: no bounce")
        for (later, earlier) in zip(offsets.dropFirst(), offsets) { XCTAssertGreaterThanOrEqual(later, earlier) }
        XCTAssertLessThan(fling.endTime, 0.1, "the timer stops once it has hit the edge")
    }

    func testEachAxisStopsAtItsOwnEdge() {
        let fling = Fling(from: Point(x: 10, y: 10), velocity: Point(x: -2000, y: 800), at: 0, limit: Point(x: 300, y: 5000))
        let end = fling.offset(at: 10)
        XCTAssertEqual(end.x, 0)
        XCTAssertEqual(end.y, 10 + 800 / Fling.friction, accuracy: 0.5)
    }

    func testASlowReleaseDoesNotFling() {
        let fling = Fling(from: Point(x: 0, y: 40), velocity: Point(x: 0, y: Fling.restingSpeed / 2), at: 7, limit: Point(x: 0, y: 400))
        XCTAssertFalse(fling.isMoving(at: 7))
        XCTAssertEqual(fling.offset(at: 9), Point(x: 0, y: 40))
    }

    func testNonsenseSpeedsFlingNothingOrAtMostTheFastestAFingerGoes() {
        let nan = Fling(from: Point(x: 0, y: 40), velocity: Point(x: .nan, y: .infinity), at: 0, limit: Point(x: 0, y: 1e9))
        XCTAssertEqual(nan.offset(at: 1), Point(x: 0, y: 40))
        let huge = Fling(from: .zero, velocity: Point(x: 0, y: 1e12), at: 0, limit: Point(x: 0, y: 1e9))
        XCTAssertLessThanOrEqual(huge.offset(at: 100).y, Fling.maximumSpeed / Fling.friction)
    }

    func testAStartOutsideTheRangeIsBroughtInsideIt() {
        let fling = Fling(from: Point(x: -20, y: 500), velocity: Point(x: 0, y: 100), at: 0, limit: Point(x: 0, y: 300))
        XCTAssertEqual(fling.offset(at: 0), Point(x: 0, y: 300))
        XCTAssertFalse(fling.isMoving(at: 0))
    }
}
