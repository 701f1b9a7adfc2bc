import RewrapMotion
import RewrapTestFakes
import XCTest

final class EaseInOutTests: XCTestCase {
    private let easeInOut = CubicBezier.easeInOut

    // rules §5.2 names the curve: cubic-bezier(0.42, 0, 0.58, 1), here
    // rebuilt from those control points by de Casteljau and bisection.
    func testEaseInOutIsTheCSSCurve() {
        let reference = ReferenceBezier(0.42, 0, 0.58, 1)
        for i in 0...200 {
            let t = Double(i) / 200
            XCTAssertEqual(easeInOut.progress(at: t), reference.bisectedProgress(at: t), accuracy: 1e-9, "t = \(t)")
        }
    }

    func testEaseInOutFixesStartMiddleAndEnd() {
        XCTAssertEqual(easeInOut.progress(at: 0), 0)
        XCTAssertEqual(easeInOut.progress(at: 0.5), 0.5, accuracy: 1e-12)
        XCTAssertEqual(easeInOut.progress(at: 1), 1)
    }

    // The control points are point-symmetric about (0.5, 0.5), so the curve is too.
    func testEaseInOutIsSymmetric() {
        for i in 0...1_000 {
            let t = Double(i) / 1_000
            XCTAssertEqual(easeInOut.progress(at: t) + easeInOut.progress(at: 1 - t), 1, accuracy: 1e-9, "t = \(t)")
        }
    }

    func testEaseInOutIsStrictlyMonotonic() {
        let values = (0..<1_000).map { easeInOut.progress(at: Double($0) / 999) }
        for i in 1..<values.count {
            XCTAssertGreaterThan(values[i], values[i - 1], "sample \(i)")
        }
    }

    func testEaseInOutMatchesDenseSamplingOfTheCurve() {
        let reference = ReferenceBezier.easeInOut.sampled()
        // Thousandths plus irrational-looking fractions, so no sample sits on a grid point.
        let thousandths: [Double] = (0...1_000).map { Double($0) / 1_000 }
        let scattered: [Double] = (1..<100).map { (Double($0) * 0.618_033_988_75).truncatingRemainder(dividingBy: 1) }
        for t in thousandths + scattered {
            XCTAssertEqual(easeInOut.progress(at: t), reference.progress(at: t), accuracy: 1e-4, "t = \(t)")
        }
    }

    // Slow at both ends is what "ease in, ease out" means.
    func testEaseInOutLagsLinearInFirstHalfAndLeadsInSecond() {
        for i in 1..<500 {
            let t = Double(i) / 1_000
            XCTAssertLessThan(easeInOut.progress(at: t), t, "t = \(t)")
            XCTAssertGreaterThan(easeInOut.progress(at: 1 - t), 1 - t, "t = \(1 - t)")
        }
    }
}
