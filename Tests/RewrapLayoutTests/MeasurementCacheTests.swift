import RewrapLayout
import RewrapTestSupport
import XCTest

final class MeasurementCacheTests: XCTestCase {
    func testCacheMeasuresEachTextAndStyleOnce() {
        let fake = FixedAdvanceMeasurer()
        let cache = MeasurementCache(fake)
        _ = cache.measure("Shape: Circle", style: .body)
        _ = cache.measure("Shape: Circle", style: .body)
        _ = cache.measure("Shape: Circle", style: .bold)
        XCTAssertEqual(fake.calls, 2)
        XCTAssertEqual(cache.misses, 2)
    }

    func testCachedMetricsEqualDirectMetrics() {
        let fake = FixedAdvanceMeasurer()
        let cache = MeasurementCache(fake)
        for text in ["", "Solid", "Alternating diagonal lines", "控制項"] {
            XCTAssertEqual(cache.measure(text, style: .body), fake.measure(text, style: .body))
            XCTAssertEqual(cache.measure(text, style: .body), fake.measure(text, style: .body))
        }
    }

    func testRemoveAllForgets() {
        let fake = FixedAdvanceMeasurer()
        let cache = MeasurementCache(fake)
        _ = cache.measure("a", style: .body)
        cache.removeAll()
        _ = cache.measure("a", style: .body)
        XCTAssertEqual(fake.calls, 2)
    }
}
