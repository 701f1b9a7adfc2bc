@testable import RewrapAccessibility
import XCTest

/// Each object has one path, so a client cannot reach it under another
/// (found by the dbus-calls fuzz target: Fuzz/Corpus/dbus-calls/crash-*).
final class ATSPIObjectsTests: XCTestCase {
    func testAPathWithLeadingZerosNamesNoObject() {
        var objects = ATSPIObjects()
        let path = objects.path(of: .frame)
        XCTAssertEqual(path, "/org/a11y/atspi/accessible/1")
        XCTAssertEqual(objects.key(at: path), .frame)
        for alias in ["01", "001", "+1", "1 "] {
            XCTAssertNil(objects.key(at: "/org/a11y/atspi/accessible/" + alias), alias)
        }
    }
}
