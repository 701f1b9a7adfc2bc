import RewrapX11
import XCTest

/// Smooth scrolling arithmetic, on valuator values in the form `xinput
/// test-xi2` prints them for a touchpad under xf86-input-libinput: vertical
/// scroll on valuator 3 and horizontal on valuator 2, increment 15. Expected
/// pixels are worked out by hand at 48 px per wheel click.
final class ScrollValuatorsTests: XCTestCase {
    private let touchpad = [ScrollValuators.Axis(number: 2, direction: .horizontal, increment: 15),
                            ScrollValuators.Axis(number: 3, direction: .vertical, increment: 15)]

    func testTheFirstClickScrollsFromTheDevicesOwnValues() {
        var valuators = ScrollValuators(axes: touchpad, values: [0: 412, 2: 500, 3: 1000])
        XCTAssertTrue(valuators.scroll(values: [3: 1015], step: 48) == (0, 48), "one click down, the very first")
        XCTAssertTrue(valuators.scroll(values: [2: 485], step: 48) == (-48, 0), "and the first one left")
    }

    func testWithoutTheDevicesValuesTheFirstValueIsOnlyABaseline() {
        var valuators = ScrollValuators(axes: touchpad)
        XCTAssertTrue(valuators.scroll(values: [0: 412, 1: 300, 3: 1000], step: 48) == (0, 0))
        XCTAssertTrue(valuators.scroll(values: [3: 1015], step: 48) == (0, 48))
    }

    func testValuesOfOtherValuatorsSeedNothing() {
        // Valuators 0 and 1 are the pointer's position, not scroll axes; NaN is no value.
        var valuators = ScrollValuators(axes: touchpad, values: [0: 1000, 1: 1000, 3: .nan])
        XCTAssertTrue(valuators.scroll(values: [3: 1015], step: 48) == (0, 0), "no baseline yet for 3")
        XCTAssertTrue(valuators.scroll(values: [3: 1030], step: 48) == (0, 48))
    }

    func testChangesScrollByTheirShareOfAClick() {
        var valuators = ScrollValuators(axes: touchpad)
        _ = valuators.scroll(values: [2: 500, 3: 1000], step: 48)
        XCTAssertTrue(valuators.scroll(values: [3: 1003.75], step: 48) == (0, 12), "a quarter click down")
        XCTAssertTrue(valuators.scroll(values: [3: 1010], step: 48) == (0, 20))
        XCTAssertTrue(valuators.scroll(values: [2: 492.5, 3: 1010], step: 48) == (-24, 0), "half a click left")
        XCTAssertTrue(valuators.scroll(values: [0: 415, 1: 301], step: 48) == (0, 0), "plain motion scrolls nothing")
    }

    func testFractionsOfAPixelAddUp() {
        var valuators = ScrollValuators(axes: touchpad)
        _ = valuators.scroll(values: [3: 0], step: 48)
        var total = 0
        for value in stride(from: 1.5, through: 15, by: 1.5) {
            let moved = valuators.scroll(values: [3: value], step: 48)
            XCTAssertLessThanOrEqual(moved.dy, 5)
            total += moved.dy
        }
        XCTAssertEqual(total, 48, "ten tenths of a click make one whole click")
    }

    func testANegativeIncrementRunsTheOtherWay() {
        var valuators = ScrollValuators(axes: [.init(number: 2, direction: .vertical, increment: -120)])
        _ = valuators.scroll(values: [2: 0], step: 48)
        XCTAssertTrue(valuators.scroll(values: [2: 120], step: 48) == (0, -48))
    }

    func testSeedingOnEnterForgetsWhatWasScrolledElsewhere() {
        // Scrolled over another window up to 5000, with a fraction pending here.
        var valuators = ScrollValuators(axes: touchpad, values: [3: 1000])
        XCTAssertTrue(valuators.scroll(values: [3: 1001], step: 48) == (0, 3))
        valuators.seed([3: 5000])
        XCTAssertTrue(valuators.scroll(values: [3: 5015], step: 48) == (0, 48), "no jump, and the first click counts")
    }

    func testAnAxisTheDeviceGaveNoValueForKeepsItsBaseline() {
        var valuators = ScrollValuators(axes: touchpad, values: [2: 0, 3: 0])
        XCTAssertTrue(valuators.scroll(values: [3: 7.5], step: 48) == (0, 24))
        valuators.seed([2: 100])
        XCTAssertTrue(valuators.scroll(values: [2: 115, 3: 15], step: 48) == (48, 24), "3 still counts from 7.5")
    }

    func testAxesWithoutAnIncrementAreIgnored() {
        let valuators = ScrollValuators(axes: [.init(number: 3, direction: .vertical, increment: 0)])
        XCTAssertTrue(valuators.isEmpty)
    }

    func testEmulatedWheelButtonsAreNotActedOn() {
        XCTAssertTrue(ScrollValuators.isWheelClick(button: 4, emulated: false))
        XCTAssertTrue(ScrollValuators.isWheelClick(button: 7, emulated: false))
        XCTAssertFalse(ScrollValuators.isWheelClick(button: 5, emulated: true), "the valuators already scrolled")
        XCTAssertFalse(ScrollValuators.isWheelClick(button: 1, emulated: false))
        XCTAssertFalse(ScrollValuators.isWheelClick(button: 8, emulated: false))
    }
}
