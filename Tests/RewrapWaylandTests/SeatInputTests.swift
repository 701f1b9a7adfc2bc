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

    /// weston gives the keyboard to libdecor's title bar when it is clicked:
    /// no window of ours, but the keys still come to us.
    func testTheKeyboardOnTheDecorationsStillCountsAsOurs() {
        let (input, events) = play([.keyboardEntered(nil)])
        XCTAssertEqual(events, [.focusChanged(true)])
        XCTAssertTrue(input.holdsKeyboard)
        XCTAssertNil(input.keyboardRole)
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

    func testAPressAndItsReleaseAreReportedAtThePointersWindowPixelsRoundedDown() {
        let (input, events) = play([.pointerEntered(.main, x: 30.9, y: 60.2, serial: 7), .button(0x110, pressed: true, serial: 9),
                                    .button(0x110, pressed: false, serial: 10)])
        XCTAssertEqual(events, [.pointerMoved(.main, x: 30, y: 60), .pressed(.main, x: 30, y: 60), .released(.main, x: 30, y: 60)])
        XCTAssertEqual(input.grabSerial, 9, "a popup grabs with the press's serial, not the release's")
        XCTAssertEqual(input.pointerEnterSerial, 7)
    }

    /// A release goes to whichever of our surfaces the compositor says the
    /// pointer is on, which a grab or a held button decides (rules §4.1).
    func testAReleaseComesWhereThePointerIsNowAndOtherButtonsReleaseNothing() {
        let (_, events) = play([.pointerEntered(.main, x: 10, y: 10, serial: 1), .button(0x110, pressed: true, serial: 2),
                                .pointerLeft(.main), .pointerEntered(.popup, x: 4.5, y: 30.5, serial: 3),
                                .button(0x111, pressed: false, serial: 4), .button(0x110, pressed: false, serial: 5)])
        XCTAssertEqual(events, [.pointerMoved(.main, x: 10, y: 10), .pressed(.main, x: 10, y: 10), .pointerLeft(.main),
                                .pointerMoved(.popup, x: 4, y: 30), .released(.popup, x: 4, y: 30)])
    }

    /// A popup grabs with a key's press, as mutter wants; weston wants the
    /// latest key event's, a release included (libweston's notify_key),
    /// for a menu it refused after a quick tap.
    func testAKeysPressGrabsAndItsReleaseIsKeptForARetry() {
        let (input, events) = play([.pointerEntered(.main, x: 5, y: 5, serial: 1), .button(0x110, pressed: true, serial: 2),
                                    .key(pressed: true, serial: 3), .key(pressed: false, serial: 4)])
        XCTAssertEqual(events.count, 2, "a key's serial is no pointer event")
        XCTAssertEqual(input.grabSerial, 3)
        XCTAssertEqual(input.latestKeySerial, 4)
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

    // MARK: - Touch

    func testAFingersMotionsInOneFrameAreReportedOnceAtItsLatestPlace() {
        var script: [SeatEvent] = [.touchDown(.main, id: 3, x: 10, y: 20, time: 1.0, serial: 40), .touchFrame]
        script += (1...2_000).map { .touchMotion(id: 3, x: 10, y: 20 + Double($0) / 100, time: 1.0 + Double($0) / 100_000) }
        script += [.touchFrame, .touchUp(id: 3, time: 1.1), .touchFrame]
        let (input, events) = play(script)
        XCTAssertEqual(events, [.touch(Touch(.began, .main, id: 3, x: 10, y: 20, time: 1.0)),
                                .touch(Touch(.moved, .main, id: 3, x: 10, y: 40, time: 1.02)),
                                .touch(Touch(.ended, .main, id: 3, x: 10, y: 40, time: 1.1))])
        XCTAssertTrue(input.touches.isEmpty)
        XCTAssertEqual(input.grabSerial, 40)
        XCTAssertTrue(input.lastInputWasTouch, "a menu this tap opens takes no grab")
    }

    func testALiftAfterAnUnframedMotionReportsTheMotionFirst() {
        let (_, events) = play([.touchDown(.popup, id: 1, x: 5, y: 5, time: 2, serial: 1), .touchMotion(id: 1, x: 5, y: 50, time: 2.1),
                                .touchUp(id: 1, time: 2.2)])
        XCTAssertEqual(events.map(\.touchPhase), [.began, .moved, .ended])
        XCTAssertEqual(events.last, .touch(Touch(.ended, .popup, id: 1, x: 5, y: 50, time: 2.2)))
    }

    func testACancelEndsEveryFingerAsCancelledAndNothingAfterIt() {
        let (input, events) = play([.touchDown(.main, id: 1, x: 1, y: 1, time: 1, serial: 1), .touchDown(.main, id: 2, x: 9, y: 9, time: 1, serial: 2),
                                    .touchFrame, .touchCancel, .touchUp(id: 1, time: 2), .touchMotion(id: 2, x: 0, y: 0, time: 2), .touchFrame])
        XCTAssertEqual(events.map(\.touchPhase), [.began, .began, .cancelled, .cancelled])
        XCTAssertTrue(input.touches.isEmpty)
    }

    func testUnknownIdsForeignSurfacesAndFingersThatNeverLiftAreHarmless() {
        var script: [SeatEvent] = [.touchUp(id: 99, time: 1), .touchMotion(id: 98, x: 1, y: 1, time: 1), .touchFrame,
                                   .touchDown(nil, id: 7, x: 1, y: 1, time: 1, serial: 5), .touchUp(id: 7, time: 1)]
        // Fingers that never lift, more than anyone has.
        script += (0..<50).map { .touchDown(.main, id: Int32(100 + $0), x: 1, y: 1, time: 1, serial: 6) }
        let (input, events) = play(script)
        XCTAssertEqual(events.count, SeatInput.mostFingers, "only fingers down on our windows, and no more than ten")
        XCTAssertEqual(input.touches.count, SeatInput.mostFingers)
        // The compositor's cancel (or a new seat) clears them, and the next tap works.
        var after = input
        _ = after.take(.touchCancel)
        XCTAssertEqual(after.take(.touchDown(.main, id: 1, x: 2, y: 2, time: 3, serial: 9)).map(\.touchPhase), [.began])
    }

    func testAPressOrKeyAfterATouchGrabsAgain() {
        let (input, _) = play([.touchDown(.main, id: 1, x: 1, y: 1, time: 1, serial: 1), .touchUp(id: 1, time: 1), .key(pressed: true, serial: 8)])
        XCTAssertFalse(input.lastInputWasTouch)
        XCTAssertEqual(input.grabSerial, 8)
    }

    // MARK: - A touchpad's scroll ends

    func testFingersLeavingATouchpadEndTheScrollAfterItsLastMotion() {
        let (_, events) = play([.pointerEntered(.main, x: 1, y: 1, serial: 1), .axisSource(finger: true), .axis(vertical: true, pixels: 6),
                                .pointerFrame, .axisSource(finger: true), .axisStop, .pointerFrame])
        XCTAssertEqual(events.dropFirst(), [.scrolled(.main, dx: 0, dy: 6), .scrollEnded(.main)])
    }

    func testAWheelNeverEndsAScroll() {
        let (_, events) = play([.pointerEntered(.main, x: 1, y: 1, serial: 1), .axisSource(finger: false),
                                .clicks(vertical: true, value120: 120), .axisStop, .pointerFrame])
        XCTAssertEqual(events.dropFirst(), [.scrolled(.main, dx: 0, dy: 48)])
    }
}

private extension PlatformEvent {
    var touchPhase: Touch.Phase? {
        if case let .touch(touch) = self { return touch.phase }
        return nil
    }
}
