@testable import RewrapWayland
import XCTest

/// The required globals exist only whole: without a display, from what a
/// registry could have announced.
final class RequiredGlobalsTests: XCTestCase {
    private let compositor = OpaquePointer(bitPattern: 0x10)!
    private let shm = OpaquePointer(bitPattern: 0x20)!
    private let wmBase = OpaquePointer(bitPattern: 0x30)!

    func testAllThreeAnnouncedMakeTheValueWithEachInItsPlace() throws {
        let required = try XCTUnwrap(RequiredGlobals(.init(compositor: compositor, shm: shm, wmBase: wmBase)))
        XCTAssertEqual(required.compositor, compositor)
        XCTAssertEqual(required.shm, shm)
        XCTAssertEqual(required.wmBase, wmBase)
    }

    func testAnyOneMissingMakesNoValueAndIsNamed() {
        let cases: [(RequiredGlobals.Announced, [String])] = [
            (.init(compositor: nil, shm: shm, wmBase: wmBase), ["wl_compositor"]),
            (.init(compositor: compositor, shm: nil, wmBase: wmBase), ["wl_shm"]),
            (.init(compositor: compositor, shm: shm, wmBase: nil), ["xdg_wm_base"]),
            (.init(), ["xdg_wm_base", "wl_shm", "wl_compositor"]),
        ]
        for (announced, missing) in cases {
            XCTAssertNil(RequiredGlobals(announced))
            XCTAssertEqual(announced.missing, missing)
        }
        XCTAssertEqual(RequiredGlobals.Announced(compositor: compositor, shm: shm, wmBase: wmBase).missing, [])
    }
}
