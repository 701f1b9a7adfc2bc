import Foundation
import RewrapLayout
import XCTest

/// The largest difference in any of a rectangle's four numbers.
func frameDistance(_ a: Rect, _ b: Rect) -> Double {
    max(abs(a.minX - b.minX), abs(a.minY - b.minY), abs(a.width - b.width), abs(a.height - b.height))
}

func assertFrame(_ actual: Rect?, _ expected: Rect, accuracy: Double = 1e-9, _ message: String = "",
                 file: StaticString = #filePath, line: UInt = #line) {
    guard let actual else {
        return XCTFail("no frame, expected \(expected) \(message)", file: file, line: line)
    }
    XCTAssertLessThanOrEqual(frameDistance(actual, expected), accuracy,
                             "\(actual) is not \(expected) \(message)", file: file, line: line)
}

/// A damped spring worked out by numerical integration instead of its closed form.
enum StepResponse {
    /// The step response of x'' + 2ζωx' + ω²(x − 1) = 0 from rest, by RK4
    /// integration, with ω set as the doc says: for ζ ≤ 1 the envelope e^(−ζω)
    /// is 0.01 % at fraction 1, so only those are checked this way.
    static func integrated(dampingRatio zeta: Double, at fractions: [Double]) -> [Double] {
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
}
