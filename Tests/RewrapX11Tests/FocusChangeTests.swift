import CX11
@testable import RewrapX11
import XCTest

/// Which FocusIn/FocusOut events mean the window gained or lost the keyboard
/// focus (Xlib manual, "Input Focus Events"): the constants are Xlib's own.
final class FocusChangeTests: XCTestCase {
    func testAnotherWindowTakingTheFocusIsALoss() {
        XCTAssertEqual(X11Platform.focusChange(type: FocusOut, mode: NotifyNormal, detail: NotifyNonlinear), false)
        XCTAssertEqual(X11Platform.focusChange(type: FocusOut, mode: NotifyNormal, detail: NotifyNonlinearVirtual), false)
        XCTAssertEqual(X11Platform.focusChange(type: FocusIn, mode: NotifyNormal, detail: NotifyNonlinear), true)
        XCTAssertEqual(X11Platform.focusChange(type: FocusIn, mode: NotifyNormal, detail: NotifyAncestor), true)
    }

    func testFocusMovingWhileOurPopupGrabsTheKeyboardCounts() {
        XCTAssertEqual(X11Platform.focusChange(type: FocusOut, mode: NotifyWhileGrabbed, detail: NotifyNonlinear), false)
    }

    func testThePopupsOwnGrabIsNotALoss() {
        XCTAssertNil(X11Platform.focusChange(type: FocusOut, mode: NotifyGrab, detail: NotifyNonlinear))
        XCTAssertNil(X11Platform.focusChange(type: FocusIn, mode: NotifyUngrab, detail: NotifyNonlinear))
    }

    func testPointerOnlyDetailsAreIgnored() {
        XCTAssertNil(X11Platform.focusChange(type: FocusIn, mode: NotifyNormal, detail: NotifyPointer))
        XCTAssertNil(X11Platform.focusChange(type: FocusOut, mode: NotifyNormal, detail: NotifyPointerRoot))
        XCTAssertNil(X11Platform.focusChange(type: FocusOut, mode: NotifyNormal, detail: NotifyDetailNone))
        XCTAssertNil(X11Platform.focusChange(type: FocusOut, mode: NotifyNormal, detail: NotifyInferior))
    }
}
