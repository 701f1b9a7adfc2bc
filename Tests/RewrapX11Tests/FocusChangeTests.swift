import CX11
@testable import RewrapX11
import XCTest

/// Which FocusIn/FocusOut events mean the window gained or lost the keyboard
/// focus (Xlib manual, "Input Focus Events"): the constants are Xlib's own.
final class FocusChangeTests: XCTestCase {
    func testAnotherWindowTakingTheFocusIsALoss() {
        XCTAssertEqual(Toolkit.focusChange(type: FocusOut, mode: NotifyNormal, detail: NotifyNonlinear), false)
        XCTAssertEqual(Toolkit.focusChange(type: FocusOut, mode: NotifyNormal, detail: NotifyNonlinearVirtual), false)
        XCTAssertEqual(Toolkit.focusChange(type: FocusIn, mode: NotifyNormal, detail: NotifyNonlinear), true)
        XCTAssertEqual(Toolkit.focusChange(type: FocusIn, mode: NotifyNormal, detail: NotifyAncestor), true)
    }

    func testFocusMovingWhileOurPopupGrabsTheKeyboardCounts() {
        XCTAssertEqual(Toolkit.focusChange(type: FocusOut, mode: NotifyWhileGrabbed, detail: NotifyNonlinear), false)
    }

    func testThePopupsOwnGrabIsNotALoss() {
        XCTAssertNil(Toolkit.focusChange(type: FocusOut, mode: NotifyGrab, detail: NotifyNonlinear))
        XCTAssertNil(Toolkit.focusChange(type: FocusIn, mode: NotifyUngrab, detail: NotifyNonlinear))
    }

    func testPointerOnlyDetailsAreIgnored() {
        XCTAssertNil(Toolkit.focusChange(type: FocusIn, mode: NotifyNormal, detail: NotifyPointer))
        XCTAssertNil(Toolkit.focusChange(type: FocusOut, mode: NotifyNormal, detail: NotifyPointerRoot))
        XCTAssertNil(Toolkit.focusChange(type: FocusOut, mode: NotifyNormal, detail: NotifyDetailNone))
        XCTAssertNil(Toolkit.focusChange(type: FocusOut, mode: NotifyNormal, detail: NotifyInferior))
    }
}
