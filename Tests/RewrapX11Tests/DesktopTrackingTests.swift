import RewrapLayout
import RewrapScene
import RewrapX11
import XCTest

/// The window's place on the root, followed from ConfigureNotify alone, as
/// ICCCM describes it: relative to the parent once reparented, except for
/// the window manager's synthetic events, which carry root coordinates.
final class DesktopTrackingTests: XCTestCase {
    private func tracking() -> DesktopTracking {
        DesktopTracking(desktop: Desktop(screen: Rect(x: 0, y: 0, width: 1280, height: 1024)),
                        windowFrame: Rect(x: 10, y: 10, width: 680, height: 420))
    }

    func testWithoutAWindowManagerEveryEventIsInRootCoordinates() {
        var tracking = tracking()
        tracking.configured(x: 300, y: 200, width: 500, height: 400, synthetic: false)
        XCTAssertEqual(tracking.windowFrame, Rect(x: 300, y: 200, width: 500, height: 400))
    }

    func testReparentedRealEventsChangeOnlyTheSize() {
        var tracking = tracking()
        tracking.reparented = true
        // Inside openbox's frame the client sits at (1, 20): not its place on the screen.
        tracking.configured(x: 1, y: 20, width: 600, height: 380, synthetic: false)
        XCTAssertEqual(tracking.windowFrame, Rect(x: 10, y: 10, width: 600, height: 380))
        tracking.configured(x: 1901, y: 120, width: 600, height: 380, synthetic: true)
        XCTAssertEqual(tracking.windowFrame, Rect(x: 1901, y: 120, width: 600, height: 380), "the manager's own report of a move")
    }

    /// Any client can send a ConfigureNotify: one claiming a size moves the
    /// record of the window's place, never its size.
    func testASyntheticEventNeverSetsTheSize() {
        var tracking = tracking()
        tracking.configured(x: 40, y: 50, width: 65535, height: 65535, synthetic: true)
        XCTAssertEqual(tracking.windowFrame, Rect(x: 40, y: 50, width: 680, height: 420))
    }

    /// So only a size the window has may answer a sync request: a window
    /// manager's synthetic confirmation of it does, a client's claim does not.
    func testOnlyTheWindowsOwnSizeAnswersASyncRequest() {
        var tracking = tracking()
        tracking.configured(x: 40, y: 50, width: 65535, height: 65535, synthetic: true)
        XCTAssertFalse(tracking.holds(width: 65535, height: 65535))
        XCTAssertTrue(tracking.holds(width: 680, height: 420))
        tracking.configured(x: 0, y: 0, width: 900, height: 500, synthetic: false)
        XCTAssertTrue(tracking.holds(width: 900, height: 500))
    }

    func testRefreshRateFollowsTheTrackedWindow() {
        var tracking = tracking()
        tracking.desktop = Desktop(screen: Rect(x: 0, y: 0, width: 3200, height: 1024), monitors: [
            Monitor(frame: Rect(x: 0, y: 0, width: 1280, height: 1024), refreshRate: 60),
            Monitor(frame: Rect(x: 1280, y: 0, width: 1920, height: 1024), refreshRate: 120),
        ])
        XCTAssertEqual(tracking.desktop.refreshRate(for: tracking.windowFrame), 60)
        tracking.configured(x: 1500, y: 100, width: 680, height: 420, synthetic: true)
        XCTAssertEqual(tracking.desktop.refreshRate(for: tracking.windowFrame), 120, "moved to the faster monitor")
    }
}
