import RewrapLayout
import RewrapScene
import XCTest

/// Monitor choice and work areas on fake monitor lists: Xvfb cannot define
/// RandR monitors, so these are where several monitors are tested.
final class MonitorChoiceTests: XCTestCase {
    /// A 1920×1080 laptop panel at 60 Hz on the left, a 2560×1440 monitor at 144 Hz on its right, tops aligned.
    private let laptop = Monitor(frame: Rect(x: 0, y: 0, width: 1920, height: 1080), refreshRate: 60)
    private let external = Monitor(frame: Rect(x: 1920, y: 0, width: 2560, height: 1440), refreshRate: 144)
    private var desktop: Desktop {
        Desktop(screen: Rect(x: 0, y: 0, width: 4480, height: 1440), monitors: [laptop, external])
    }

    // MARK: - The monitor list

    func testListedMonitorsPutThePrimaryFirstAndKeepTheirOrderOtherwise() {
        let left = Rect(x: 0, y: 0, width: 1920, height: 1080), middle = Rect(x: 1920, y: 0, width: 2560, height: 1440)
        let right = Rect(x: 4480, y: 0, width: 1080, height: 1920), empty = Rect(x: 0, y: 0, width: 0, height: 1080)
        let monitors = Desktop.monitors(listed: [(left, false), (empty, false), (middle, true), (right, false)],
                                        crtcs: [laptop, external], screen: Rect(x: 0, y: 0, width: 5560, height: 1920))
        XCTAssertEqual(monitors.map(\.frame), [middle, left, right], "the primary, then the rest as listed, none of no size")
        XCTAssertEqual(monitors.map(\.refreshRate), [144, 60, nil], "each its CRTC's rate; none where no CRTC shows it")
    }

    // MARK: - Which monitor

    func testTheMonitorShowingMostOfAWindowDecides() {
        // 680 wide: 300 px on the laptop, 380 on the external monitor.
        XCTAssertEqual(desktop.monitor(for: Rect(x: 1620, y: 100, width: 680, height: 420)), external)
        XCTAssertEqual(desktop.monitor(for: Rect(x: 1580, y: 100, width: 680, height: 420)), laptop, "340 and 340: the first listed")
        XCTAssertEqual(desktop.monitor(for: Rect(x: 1560, y: 100, width: 680, height: 420)), laptop)
    }

    func testRefreshRateFollowsTheWindow() {
        XCTAssertEqual(desktop.refreshRate(for: Rect(x: 100, y: 100, width: 680, height: 420)), 60)
        XCTAssertEqual(desktop.refreshRate(for: Rect(x: 2000, y: 100, width: 680, height: 420)), 144)
    }

    func testUnknownOrImplausibleRatesFallBackToSixty() {
        let xvfb = Desktop(screen: Rect(x: 0, y: 0, width: 1280, height: 1024),
                           monitors: [Monitor(frame: Rect(x: 0, y: 0, width: 1280, height: 1024), refreshRate: nil)])
        XCTAssertEqual(xvfb.refreshRate(for: Rect(x: 0, y: 0, width: 680, height: 420)), 60)
        for rate in [0, -60, 5, 5000, .infinity, .nan] {
            let odd = Desktop(screen: Rect(x: 0, y: 0, width: 800, height: 600),
                              monitors: [Monitor(frame: Rect(x: 0, y: 0, width: 800, height: 600), refreshRate: rate)])
            XCTAssertEqual(odd.refreshRate(for: Rect(x: 0, y: 0, width: 10, height: 10)), 60, "\(rate) Hz")
        }
        XCTAssertEqual(Desktop(screen: Rect(x: 0, y: 0, width: 800, height: 600)).refreshRate(for: .zero), 60, "no monitors")
    }

    func testAWindowOnNoMonitorGoesToTheNearest() {
        // A monitor list that leaves out the window: below the laptop, right of the gap.
        let below = Rect(x: 300, y: 1200, width: 200, height: 100)
        XCTAssertEqual(desktop.monitor(for: below), laptop)
        let farRight = Rect(x: 9000, y: 100, width: 200, height: 100)
        XCTAssertEqual(desktop.monitor(for: farRight), external)
        XCTAssertEqual(desktop.refreshRate(for: farRight), 144)
    }

    func testNoMonitorsMeansTheWholeScreen() {
        let bare = Desktop(screen: Rect(x: 0, y: 0, width: 1280, height: 1024))
        XCTAssertEqual(bare.monitor(for: Rect(x: 5000, y: 5000, width: 10, height: 10)).frame, bare.screen)
        XCTAssertEqual(bare.popupArea(for: Rect(x: 10, y: 10, width: 10, height: 10)), bare.screen)
    }

    // MARK: - Where popups may go

    func testPopupAreaIsTheWorkAreaWithinTheButtonsMonitor() {
        // _NET_WORKAREA spans both monitors below a 32 px top panel.
        var withPanel = desktop
        withPanel.workArea = Rect(x: 0, y: 32, width: 4480, height: 1408)
        XCTAssertEqual(withPanel.popupArea(for: Rect(x: 100, y: 200, width: 120, height: 29)),
                       Rect(x: 0, y: 32, width: 1920, height: 1048))
        XCTAssertEqual(withPanel.popupArea(for: Rect(x: 3000, y: 200, width: 120, height: 29)),
                       Rect(x: 1920, y: 32, width: 2560, height: 1408))
    }

    func testAButtonAcrossTwoMonitorsBelongsToTheOneShowingMoreOfIt() {
        XCTAssertEqual(desktop.popupArea(for: Rect(x: 1900, y: 200, width: 120, height: 29)), external.frame)
        XCTAssertEqual(desktop.popupArea(for: Rect(x: 1850, y: 200, width: 120, height: 29)), laptop.frame)
    }

    func testAWorkAreaThatExcludesTheMonitorIsIgnored() {
        var odd = desktop
        odd.workArea = Rect(x: 5000, y: 5000, width: 100, height: 100)
        XCTAssertEqual(odd.popupArea(for: Rect(x: 100, y: 200, width: 120, height: 29)), laptop.frame, "outside everything")
        odd.workArea = Rect(x: 0, y: 1070, width: 1920, height: 10)
        XCTAssertEqual(odd.popupArea(for: Rect(x: 100, y: 200, width: 120, height: 29)), laptop.frame, "a sliver is not believed")
        odd.workArea = Rect(x: 0, y: 0, width: 1920, height: 540)
        XCTAssertEqual(odd.popupArea(for: Rect(x: 100, y: 200, width: 120, height: 29)), Rect(x: 0, y: 0, width: 1920, height: 540),
                       "half the monitor is a real panel layout")
    }

    // MARK: - _NET_WORKAREA values

    func testWorkAreaOfTheCurrentDesktop() {
        let values = [0, 0, 1280, 1000, 0, 32, 1280, 992]
        XCTAssertEqual(Desktop.workArea(cardinals: values, current: 1), Rect(x: 0, y: 32, width: 1280, height: 992))
        XCTAssertEqual(Desktop.workArea(cardinals: values, current: 0), Rect(x: 0, y: 0, width: 1280, height: 1000))
        XCTAssertEqual(Desktop.workArea(cardinals: values, current: nil), Rect(x: 0, y: 0, width: 1280, height: 1000))
        XCTAssertEqual(Desktop.workArea(cardinals: values, current: 7), Rect(x: 0, y: 0, width: 1280, height: 1000),
                       "a current desktop past the list: the first")
        XCTAssertEqual(Desktop.workArea(cardinals: values, current: -1), Rect(x: 0, y: 0, width: 1280, height: 1000))
    }

    func testMalformedWorkAreasAreNone() {
        XCTAssertNil(Desktop.workArea(cardinals: [], current: nil), "empty")
        XCTAssertNil(Desktop.workArea(cardinals: [0, 0, 1280], current: nil), "not a whole rectangle")
        XCTAssertNil(Desktop.workArea(cardinals: [0, 0, 1280, 1000, 5], current: nil))
        XCTAssertNil(Desktop.workArea(cardinals: [0, 0, 0, 1000], current: nil), "no width")
        XCTAssertNil(Desktop.workArea(cardinals: [0, 0, 1280, -1], current: nil), "negative height")
        XCTAssertEqual(Desktop.workArea(cardinals: [-20, -20, 100, 100], current: nil), Rect(x: -20, y: -20, width: 100, height: 100),
                       "off the screen is kept here, and ignored when placing")
    }

    // MARK: - The default window size

    private let doubled = Size(width: 1360, height: 840), doubledMinimum = Size(width: 640, height: 480)

    func testADefaultWindowTooLargeForTheScreenIsShrunkWithRoomForAFrame() {
        let small = Desktop(screen: Rect(x: 0, y: 0, width: 1280, height: 800))
        // 90 % of 1280 × 800, rounded down.
        XCTAssertEqual(small.fittedWindowSize(doubled, at: .zero, minimum: doubledMinimum), Size(width: 1152, height: 720))
        XCTAssertEqual(small.fittedWindowSize(Size(width: 680, height: 420), at: .zero, minimum: Size(width: 320, height: 240)),
                       Size(width: 680, height: 420), "one that fits is left alone")
        XCTAssertEqual(small.fittedWindowSize(Size(width: 1360, height: 400), at: .zero, minimum: Size(width: 320, height: 240)),
                       Size(width: 1152, height: 400), "each direction on its own")
    }

    func testTheWorkAreaOfTheWindowsMonitorBoundsTheDefaultSize() {
        var twoMonitors = desktop
        twoMonitors.workArea = Rect(x: 0, y: 32, width: 4480, height: 1408)
        // On the laptop: 1920 × 1048 usable there.
        XCTAssertEqual(twoMonitors.fittedWindowSize(Size(width: 2720, height: 1680), at: .zero, minimum: .zero),
                       Size(width: 1728, height: 943))
        // Mostly on the external monitor: 2560 × 1408.
        XCTAssertEqual(twoMonitors.fittedWindowSize(Size(width: 2720, height: 1680), at: Point(x: 1700, y: 0), minimum: .zero),
                       Size(width: 2304, height: 1267))
    }

    func testTheMinimumSizeWinsOverATinyScreen() {
        let tiny = Desktop(screen: Rect(x: 0, y: 0, width: 640, height: 480))
        XCTAssertEqual(tiny.fittedWindowSize(doubled, at: .zero, minimum: doubledMinimum), doubledMinimum)
    }
}
