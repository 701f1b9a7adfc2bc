import RewrapPlatform
@testable import RewrapWayland
import XCTest

/// The seat's rules, played with scripted protocol events and no compositor.
final class SeatInputTests: XCTestCase {
    private func play(_ script: [SeatEvent], scrollStep: Double = 48) -> (input: SeatInput, events: [PlatformEvent]) {
        var input = SeatInput(scrollStep: scrollStep)
        var events: [PlatformEvent] = []
        for event in script { events += input.take(event) }
        return (input, events)
    }

    // MARK: - Focus is the toplevel's activated state

    func testLosingTheKeyboardDeviceKeepsTheFocusWhileTheWindowStaysActivated() {
        // The seat's only keyboard goes away (a virtual keyboard ends), and a new one comes.
        let (input, events) = play([.activated(true), .keyboardEntered(.main), .keyboardLeft, .keyboardEntered(.main)])
        XCTAssertEqual(events, [.focusChanged(true)], "one gain, no loss")
        XCTAssertTrue(input.hasFocus)
    }

    func testDeactivationLosesTheFocusEvenWithTheKeyboardStillOnTheWindow() {
        let (_, events) = play([.keyboardEntered(.main), .activated(true), .activated(false), .activated(true)])
        XCTAssertEqual(events, [.focusChanged(true), .focusChanged(false), .focusChanged(true)])
    }

    func testACompositorThatNeverSaysActivatedLeavesTheKeyboardAsFocus() {
        let (input, events) = play([.keyboardEntered(.main), .keyboardLeft, .keyboardEntered(.popup)])
        XCTAssertEqual(events, [.focusChanged(true), .focusChanged(false), .focusChanged(true)])
        XCTAssertNil(input.activated)
    }

    func testAnActivatedWindowHasTheFocusBeforeAnyKeyboardEnters() {
        // A seat with no keyboard at all: the ring and menus still follow the window's state.
        let (_, events) = play([.activated(true)])
        XCTAssertEqual(events, [.focusChanged(true)])
    }

    func testAClosedPopupHandsTheKeyboardBackToTheWindowWithoutALoss() {
        let (input, events) = play([.keyboardEntered(.main), .keyboardLeft, .keyboardEntered(.popup), .popupClosed])
        XCTAssertEqual(input.keyboardRole, .main)
        XCTAssertEqual(events.last, .focusChanged(true))
    }

    // MARK: - Pointer

    func testAPressIsReportedAtThePointersWindowPixelsRoundedDown() {
        let (input, events) = play([.pointerEntered(.main, x: 30.9, y: 60.2, serial: 7), .button(0x110, pressed: true, serial: 9),
                                    .button(0x110, pressed: false, serial: 10)])
        XCTAssertEqual(events, [.pointerMoved(.main, x: 30, y: 60), .pressed(.main, x: 30, y: 60)])
        XCTAssertEqual(input.grabSerial, 9, "a popup grabs with the press's serial, not the release's")
        XCTAssertEqual(input.pointerEnterSerial, 7)
    }

    func testOtherButtonsAndPressesOverOtherSurfacesOnlyKeepTheirSerial() {
        let (input, events) = play([.pointerEntered(nil, x: 5, y: 5, serial: 1), .button(0x110, pressed: true, serial: 4),
                                    .pointerEntered(.main, x: 5, y: 5, serial: 2), .button(0x111, pressed: true, serial: 6)])
        XCTAssertEqual(events, [.pointerMoved(.main, x: 5, y: 5)])
        XCTAssertEqual(input.grabSerial, 6)
    }

    func testLeavingAnotherSurfaceKeepsThePointerOnOurs() {
        let (input, events) = play([.pointerEntered(.popup, x: 1, y: 1, serial: 1), .pointerLeft(.main)])
        XCTAssertEqual(input.pointerRole, .popup)
        XCTAssertEqual(events.last, .pointerLeft(.main))
    }

    // MARK: - Scrolling

    func testWheelClicksWinOverTheirContinuousEquivalentInOneFrame() {
        let (_, events) = play([.pointerEntered(.main, x: 1, y: 1, serial: 1), .axis(vertical: true, pixels: 15),
                                .clicks(vertical: true, value120: 120), .pointerFrame])
        XCTAssertEqual(events.last, .scrolled(.main, dx: 0, dy: 48))
    }

    func testATouchpadsPixelsAreGatheredUntilTheFrame() {
        let (_, events) = play([.pointerEntered(.main, x: 1, y: 1, serial: 1), .axis(vertical: true, pixels: 2.4),
                                .axis(vertical: true, pixels: 2.4), .axis(vertical: false, pixels: -3), .pointerFrame, .pointerFrame])
        XCTAssertEqual(events.dropFirst(), [.scrolled(.main, dx: -3, dy: 5)], "one scroll per frame, none for an empty frame")
    }

    func testScrollingWithThePointerOverNoWindowOfOursIsDropped() {
        let (_, events) = play([.axis(vertical: true, pixels: 20), .pointerFrame])
        XCTAssertEqual(events, [])
    }

    func testAbsurdScrollValuesStayFinite() {
        let (_, events) = play([.pointerEntered(.main, x: 1, y: 1, serial: 1), .axis(vertical: true, pixels: .infinity),
                                .axis(vertical: false, pixels: 1e300), .pointerFrame,
                                .clicks(vertical: true, value120: .max), .clicks(vertical: true, value120: .max), .pointerFrame])
        XCTAssertEqual(events.count, 3)
        for case let .scrolled(_, dx, dy) in events.dropFirst() {
            XCTAssertLessThanOrEqual(abs(dx), 1_000_000_000)
            XCTAssertLessThanOrEqual(abs(dy), 1_000_000_000)
        }
    }
}
