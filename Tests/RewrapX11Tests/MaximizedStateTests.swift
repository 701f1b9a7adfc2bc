import CX11
@testable import RewrapX11
import XCTest

/// EWMH's maximised state: both of _NET_WM_STATE's maximised atoms, not one.
final class MaximizedStateTests: XCTestCase {
    private let vertical: Atom = 301, horizontal: Atom = 302, fullscreen: Atom = 303

    func testBothWaysIsMaximised() {
        XCTAssertTrue(X11Platform.isMaximized([fullscreen, horizontal, vertical], vertical: vertical, horizontal: horizontal))
    }

    func testOneWayOnlyIsNotMaximised() {
        XCTAssertFalse(X11Platform.isMaximized([vertical], vertical: vertical, horizontal: horizontal))
        XCTAssertFalse(X11Platform.isMaximized([horizontal, fullscreen], vertical: vertical, horizontal: horizontal))
    }

    func testNoStateIsNotMaximised() {
        XCTAssertFalse(X11Platform.isMaximized([], vertical: vertical, horizontal: horizontal))
    }
}
