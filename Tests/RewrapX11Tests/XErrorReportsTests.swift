@testable import RewrapX11
import XCTest

/// An X error that repeats every frame is reported once, not each time.
final class XErrorReportsTests: XCTestCase {
    func testEachKindIsReportedOnce() {
        var reports = XErrorReports()
        XCTAssertTrue(reports.isNew(code: 11, request: 53), "BadAlloc on CreatePixmap, first")
        XCTAssertFalse(reports.isNew(code: 11, request: 53), "and again")
        XCTAssertTrue(reports.isNew(code: 9, request: 53), "another error on the same request")
        XCTAssertTrue(reports.isNew(code: 11, request: 139), "the same error on another request")
        XCTAssertTrue(reports.isNew(code: 53, request: 11), "code and request are not interchangeable")
    }
}
