import Foundation
import RewrapMotion
import XCTest

final class SpringTests: XCTestCase {
    private let dampingRatios: [Double] = [0.2, 0.5, 0.7, 1, 1.5, 2, 4]

    private func samples(_ spring: Spring, count: Int = 10_000) -> [Double] {
        (0...count).map { spring.progress(at: Double($0) / Double(count)) }
    }

    func testSpringStartsAtZeroFromRest() {
        for zeta in dampingRatios {
            let spring = Spring(dampingRatio: zeta)
            XCTAssertEqual(spring.progress(at: 0), 0, "ζ = \(zeta)")
            XCTAssertEqual(spring.progress(at: -0.5), 0, "ζ = \(zeta)")
            // Released from rest, it moves quadratically at first.
            XCTAssertEqual(spring.progress(at: 1e-6), 0, accuracy: 1e-6, "ζ = \(zeta)")
        }
    }

    func testSpringEndsAtExactlyOne() {
        for zeta in dampingRatios {
            XCTAssertEqual(Spring(dampingRatio: zeta).progress(at: 1), 1, "ζ = \(zeta)")
            XCTAssertEqual(Spring(dampingRatio: zeta).progress(at: 1.5), 1, "ζ = \(zeta)")
        }
    }

    // The doc promises the spring has settled by the end, so the clamp to 1
    // shows no jump; 1 % is under a pixel on a 100 px move.
    func testSpringHasSettledJustBeforeTheEnd() {
        for zeta in dampingRatios {
            let last = Spring(dampingRatio: zeta).progress(at: 0.999)
            XCTAssertEqual(last, 1, accuracy: 0.01, "ζ = \(zeta)")
        }
    }

    func testSpringFollowsTheDampedOscillatorEquation() {
        let fractions = (1...19).map { Double($0) / 20 }
        for zeta in [0.3, 0.7, 1] {
            let spring = Spring(dampingRatio: zeta)
            let expected = StepResponse.integrated(dampingRatio: zeta, at: fractions)
            for (t, value) in zip(fractions, expected) {
                XCTAssertEqual(spring.progress(at: t), value, accuracy: 1e-6, "ζ = \(zeta) at \(t)")
            }
        }
    }

    func testCriticallyDampedSpringHasNoOvershoot() {
        let values = samples(Spring(dampingRatio: 1))
        XCTAssertLessThanOrEqual(values.max()!, 1)
        for i in 1..<values.count {
            XCTAssertGreaterThanOrEqual(values[i], values[i - 1], "sample \(i)")
        }
    }

    // Peak overshoot of a damped oscillator is e^(−πζ/√(1−ζ²)), whatever ω is.
    func testUnderdampedSpringOvershootsByTheTextbookAmount() {
        for zeta in [0.2, 0.5, 0.7] {
            let peak = samples(Spring(dampingRatio: zeta)).max()!
            XCTAssertEqual(peak, 1 + exp(-Double.pi * zeta / (1 - zeta * zeta).squareRoot()), accuracy: 1e-4, "ζ = \(zeta)")
        }
    }

    func testOverdampedSpringIsMonotonic() {
        for zeta in [1.5, 2, 4] {
            let values = samples(Spring(dampingRatio: zeta))
            XCTAssertLessThanOrEqual(values.max()!, 1, "ζ = \(zeta)")
            for i in 1..<values.count {
                XCTAssertGreaterThanOrEqual(values[i], values[i - 1], "ζ = \(zeta), sample \(i)")
            }
        }
    }

    // ζ = 1 has its own formula; the ones either side must meet it. Above 1,
    // ω grows with √(ζ² − 1), which is steep near 1: a 1e-9 change in ζ moves
    // progress by about 5e-5, so the tolerance allows for that.
    func testSpringIsContinuousAcrossCriticalDamping() {
        let critical = Spring(dampingRatio: 1)
        for zeta in [1 - 1e-9, 1 + 1e-9] {
            let near = Spring(dampingRatio: zeta)
            for i in 1..<20 {
                let t = Double(i) / 20
                XCTAssertEqual(near.progress(at: t), critical.progress(at: t), accuracy: 1e-4, "ζ = \(zeta) at \(t)")
            }
        }
    }

    // ω = ln(10000)/ζ would be infinite at ζ = 0, so the ratio has a floor.
    func testZeroDampingStillGivesFiniteProgress() {
        for zeta: Double in [0, -1] {
            let spring = Spring(dampingRatio: zeta)
            XCTAssertGreaterThan(spring.dampingRatio, 0)
            XCTAssertTrue(samples(spring, count: 100).allSatisfy(\.isFinite), "ζ = \(zeta)")
        }
    }
}
