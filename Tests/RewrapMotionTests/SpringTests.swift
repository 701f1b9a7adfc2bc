import Foundation
import RewrapMotion
import XCTest

final class SpringTests: XCTestCase {
    private let dampingRatios: [Double] = [0.2, 0.5, 0.7, 1, 1.5, 2, 4]

    private func samples(_ spring: Spring, count: Int = 10_000) -> [Double] {
        (0...count).map { spring.progress(at: Double($0) / Double(count)) }
    }

    /// The step response of x'' + 2ζωx' + ω²(x − 1) = 0 from rest, by RK4
    /// integration, with ω set as the doc says: for ζ ≤ 1 the envelope e^(−ζω)
    /// is 0.01 % at fraction 1, so only those are checked this way.
    private func integratedStepResponse(dampingRatio zeta: Double, at fractions: [Double]) -> [Double] {
        let omega = log(10_000) / zeta
        func acceleration(_ x: Double, _ v: Double) -> Double { -2 * zeta * omega * v - omega * omega * (x - 1) }
        let steps = 100_000, h = 1 / Double(steps)
        var x = 0.0, v = 0.0
        var values = [0.0]
        for _ in 0..<steps {
            let (k1x, k1v) = (v, acceleration(x, v))
            let (k2x, k2v) = (v + h / 2 * k1v, acceleration(x + h / 2 * k1x, v + h / 2 * k1v))
            let (k3x, k3v) = (v + h / 2 * k2v, acceleration(x + h / 2 * k2x, v + h / 2 * k2v))
            let (k4x, k4v) = (v + h * k3v, acceleration(x + h * k3x, v + h * k3v))
            x += h / 6 * (k1x + 2 * k2x + 2 * k3x + k4x)
            v += h / 6 * (k1v + 2 * k2v + 2 * k3v + k4v)
            values.append(x)
        }
        return fractions.map { values[Int(($0 * Double(steps)).rounded())] }
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
            let expected = integratedStepResponse(dampingRatio: zeta, at: fractions)
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
