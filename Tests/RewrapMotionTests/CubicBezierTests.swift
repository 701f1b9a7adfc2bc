import RewrapMotion
import RewrapTestFakes
import XCTest

final class CubicBezierTests: XCTestCase {
    /// Thousandths, plus fractions right next to the ends and the middle,
    /// where flat spots in x(s) make Newton's method stall.
    private let fractions: [Double] = {
        let thousandths: [Double] = (0...1_000).map { Double($0) / 1_000 }
        let offsets: [Double] = [1e-9, 1e-6, 1e-4]
        let nearFlatSpots: [Double] = offsets.flatMap { [$0, 0.5 - $0, 0.5 + $0, 1 - $0] }
        return thousandths + nearFlatSpots
    }()

    /// Where x(s) is flat, x rounds to the same double over a band of s about
    /// 1e-6 wide, so even the reference is only good to a few 1e-6 there.
    private func assertMatchesBisection(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double,
                                        accuracy: Double = 1e-5, file: StaticString = #filePath, line: UInt = #line) {
        let curve = CubicBezier(x1, y1, x2, y2)
        let reference = ReferenceBezier(x1, y1, x2, y2)
        for t in fractions {
            XCTAssertEqual(curve.progress(at: t), reference.bisectedProgress(at: t), accuracy: accuracy,
                           "cubic-bezier(\(x1), \(y1), \(x2), \(y2)) at \(t)", file: file, line: line)
        }
    }

    // The doc comment's example; CSS ease-in-out is about 0.129 a quarter of the way in.
    func testDocExampleQuarterOfEaseInOut() {
        XCTAssertEqual(CubicBezier(0.42, 0, 0.58, 1).progress(at: 0.25), 0.129, accuracy: 5e-4)
    }

    // Outside 0...1, x(s) could turn back and have no single solution.
    func testControlXIsClampedToUnitInterval() {
        let curve = CubicBezier(-0.5, -2, 1.5, 3)
        XCTAssertEqual([curve.x1, curve.y1, curve.x2, curve.y2], [0, -2, 1, 3])
    }

    func testProgressClampsOutsideUnitInterval() {
        let curve = CubicBezier(0.3, -0.6, 0.7, 1.6)
        XCTAssertEqual(curve.progress(at: -0.25), 0)
        XCTAssertEqual(curve.progress(at: 0), 0)
        XCTAssertEqual(curve.progress(at: 1), 1)
        XCTAssertEqual(curve.progress(at: 1.25), 1)
    }

    // With control points on the diagonal, y(s) = x(s), so progress is the fraction.
    func testDiagonalControlPointsAreLinear() {
        for curve in [CubicBezier(1.0 / 3, 1.0 / 3, 2.0 / 3, 2.0 / 3), CubicBezier(0.2, 0.2, 0.9, 0.9)] {
            for t in fractions {
                XCTAssertEqual(curve.progress(at: t), t, accuracy: 1e-9, "\(curve) at \(t)")
            }
        }
    }

    // x'(0) = x'(1) = 0, so the solver must cope with a flat slope at both ends.
    func testFlatSpotsAtBothEndsSolveAccurately() {
        assertMatchesBisection(0, 0, 1, 1)
        assertMatchesBisection(0, 1, 1, 0)
    }

    // x'(0.5) = 0: the slope vanishes in the middle, where Newton's method is slowest.
    func testFlatSpotInTheMiddleSolvesAccurately() {
        assertMatchesBisection(1, 0, 0, 1)
        assertMatchesBisection(1, 1, 0, 0)
    }

    func testEaseInOutMatchesBisection() {
        assertMatchesBisection(0.42, 0, 0.58, 1, accuracy: 1e-9)
    }

    // y control points are free, so progress may leave 0...1 (anticipation and overshoot).
    func testYControlPointsMayLeaveUnitInterval() {
        let curve = CubicBezier(0.3, -0.6, 0.7, 1.6)
        let values = fractions.map(curve.progress(at:))
        XCTAssertLessThan(values.min()!, -0.05)
        XCTAssertGreaterThan(values.max()!, 1.05)
        assertMatchesBisection(0.3, -0.6, 0.7, 1.6)
    }

    // Every valid curve, including those whose cubic x(s) turns back outside
    // 0...1 (x2 > x1 + 1/3), where Newton's method could find a stray root.
    func testEveryValidCurveMatchesBisection() {
        let xs = stride(from: 0.0, through: 1.0, by: 0.125)
        let ys = [-0.5, 0, 0.3, 1, 1.5]
        for x1 in xs {
            for x2 in xs {
                for y1 in ys {
                    for y2 in ys {
                        let curve = CubicBezier(x1, y1, x2, y2)
                        let reference = ReferenceBezier(x1, y1, x2, y2)
                        for i in 0...50 {
                            let t = Double(i) / 50
                            XCTAssertEqual(curve.progress(at: t), reference.bisectedProgress(at: t), accuracy: 1e-5,
                                           "cubic-bezier(\(x1), \(y1), \(x2), \(y2)) at \(t)")
                        }
                    }
                }
            }
        }
    }
}
