import RewrapLayout
import RewrapPanelFile
import RewrapScene
import RewrapTestSupport
import XCTest

/// Rules §4.1: a press on a dropdown opens its menu, and the release picks
/// the row it comes up on, as in GTK 3 and Qt; a quick click still leaves
/// the menu open for a second click.
final class PressDragReleaseTests: XCTestCase {
    private var scene: Scene { SmallPanel.scene }

    /// Shape's menu, opened by a press that is still down.
    private func pressedOnShape() -> PanelController {
        var controller = SmallPanel.controller()
        XCTAssertTrue(controller.handle(.pointerPressed(on: "shape"), scene: scene).contains { if case .openPopup = $0 { true } else { false } })
        return controller
    }

    private func picked(_ controller: PanelController) -> String? {
        controller.state.selection(of: "shape")
    }

    func testAReleaseOnARowAfterADragPicksItAndCloses() {
        var controller = pressedOnShape()
        _ = controller.handle(.popupPointerMoved(over: .outside), scene: scene)
        XCTAssertEqual(controller.handle(.popupPointerMoved(over: .row(1)), scene: scene).count, 1, "the row under the held button is highlighted")
        XCTAssertEqual(controller.menu.open?.highlighted, 1)
        let effects = controller.handle(.popupPointerReleased(at: .row(1), onOwner: false), scene: scene)
        XCTAssertEqual(picked(controller), "Rounded rectangle")
        XCTAssertNil(controller.menu.open)
        XCTAssertTrue(effects.contains(.closePopup))
        XCTAssertTrue(effects.contains { if case .relayout(_, _, animated: true) = $0 { true } else { false } }, "the same motion as a click")
    }

    func testTheDragPickMatchesAClickOnTheSameRow() {
        var dragged = pressedOnShape(), clicked = pressedOnShape()
        _ = dragged.handle(.popupPointerMoved(over: .row(2)), scene: scene)
        _ = clicked.handle(.popupPointerReleased(at: .outside, onOwner: true), scene: scene)
        XCTAssertEqual(dragged.handle(.popupPointerReleased(at: .row(2), onOwner: false), scene: scene),
                       clicked.handle(.popupClicked(row: 2), scene: scene))
        XCTAssertEqual(dragged.state, clicked.state)
    }

    func testAQuickClickOnTheDropdownLeavesTheMenuOpen() {
        var controller = pressedOnShape()
        _ = controller.handle(.popupPointerMoved(over: .outside, onOwner: true), scene: scene)
        XCTAssertEqual(controller.handle(.popupPointerReleased(at: .outside, onOwner: true), scene: scene), [])
        XCTAssertNotNil(controller.menu.open)
        // The second click picks: a press and a release on the same row.
        _ = controller.handle(.popupPointerPressed(at: .row(2)), scene: scene)
        XCTAssertEqual(picked(controller), "Circle", "nothing is picked on the press")
        _ = controller.handle(.popupPointerReleased(at: .row(2), onOwner: false), scene: scene)
        XCTAssertEqual(picked(controller), "Square")
    }

    func testAReleaseBackOnTheDropdownAfterLeavingItCloses() {
        var controller = pressedOnShape()
        _ = controller.handle(.popupPointerMoved(over: .row(1)), scene: scene)
        _ = controller.handle(.popupPointerMoved(over: .outside, onOwner: true), scene: scene)
        XCTAssertTrue(controller.handle(.popupPointerReleased(at: .outside, onOwner: true), scene: scene).contains(.closePopup))
        XCTAssertEqual(picked(controller), "Circle")
    }

    func testAReleaseOnTheMenuButNoRowLeavesItOpen() {
        for spot in [MenuSpot.menu, .indicator(.bottom)] {
            var controller = pressedOnShape()
            _ = controller.handle(.popupPointerMoved(over: .row(1)), scene: scene)
            _ = controller.handle(.popupPointerReleased(at: spot, onOwner: false), scene: scene)
            XCTAssertNotNil(controller.menu.open, "a release on \(spot)")
            XCTAssertEqual(picked(controller), "Circle")
        }
    }

    func testAReleaseElsewhereAfterADragClosesWithNothingChanged() {
        var controller = pressedOnShape()
        _ = controller.handle(.popupPointerMoved(over: .row(1)), scene: scene)
        _ = controller.handle(.popupPointerMoved(over: .outside), scene: scene)
        let effects = controller.handle(.popupPointerReleased(at: .outside, onOwner: false), scene: scene)
        XCTAssertEqual(effects, [.closePopup, .redraw])
        XCTAssertEqual(controller.focus, "shape", "the focus stays on the dropdown")
        XCTAssertEqual(picked(controller), "Circle")
    }

    func testInAnOpenMenuThePickIsOnTheReleaseNotThePress() {
        var controller = pressedOnShape()
        _ = controller.handle(.popupPointerReleased(at: .outside, onOwner: true), scene: scene)
        _ = controller.handle(.popupPointerPressed(at: .row(1)), scene: scene)
        XCTAssertNotNil(controller.menu.open, "a press alone picks nothing")
        XCTAssertEqual(controller.menu.open?.highlighted, 1)
        _ = controller.handle(.popupPointerMoved(over: .row(2)), scene: scene)
        _ = controller.handle(.popupPointerReleased(at: .row(2), onOwner: false), scene: scene)
        XCTAssertEqual(picked(controller), "Square", "the row released on, not the one pressed")
    }

    func testAPressOutsideAnOpenMenuClosesIt() {
        var controller = pressedOnShape()
        _ = controller.handle(.popupPointerReleased(at: .outside, onOwner: true), scene: scene)
        XCTAssertTrue(controller.handle(.popupPointerPressed(at: .outside), scene: scene).contains(.closePopup))
        // Its release, now over the window, does nothing more.
        XCTAssertEqual(controller.handle(.popupPointerReleased(at: .outside, onOwner: true), scene: scene), [])
    }

    /// Where the screen is short, a menu can come up over its own dropdown:
    /// the quick click still leaves it open, and a drag away and back picks.
    func testAMenuOverItsDropdownStillTakesAQuickClickAndADrag() {
        var controller = pressedOnShape()
        _ = controller.handle(.popupPointerMoved(over: .row(1), onOwner: true), scene: scene)
        XCTAssertEqual(controller.handle(.popupPointerReleased(at: .row(1), onOwner: true), scene: scene), [])
        XCTAssertNotNil(controller.menu.open, "the release on the row over the dropdown was the click that opened it")

        controller = pressedOnShape()
        _ = controller.handle(.popupPointerMoved(over: .row(2), onOwner: false), scene: scene)
        _ = controller.handle(.popupPointerMoved(over: .row(1), onOwner: true), scene: scene)
        _ = controller.handle(.popupPointerReleased(at: .row(1), onOwner: true), scene: scene)
        XCTAssertEqual(picked(controller), "Rounded rectangle", "back on the row over the dropdown after leaving it")
    }

    func testEscapeWhileHeldClosesAndTheReleaseDoesNothing() {
        var controller = pressedOnShape()
        _ = controller.handle(.popupPointerMoved(over: .row(1)), scene: scene)
        XCTAssertTrue(controller.handle(.key(.escape), scene: scene).contains(.closePopup))
        XCTAssertEqual(controller.handle(.popupPointerReleased(at: .row(1), onOwner: false), scene: scene), [])
        XCTAssertEqual(picked(controller), "Circle")
    }

    func testAReleaseWithNoHeldPressDoesNothing() {
        // Opened by the keyboard: a stray release, as from a device that
        // went away mid-press, neither picks nor closes.
        var controller = SmallPanel.controller()
        _ = controller.handle(.key(.tab), scene: scene)
        _ = controller.handle(.key(.returnKey), scene: scene)
        XCTAssertEqual(controller.handle(.popupPointerReleased(at: .row(1), onOwner: false), scene: scene), [])
        XCTAssertNotNil(controller.menu.open)
    }

    func testAMenuLostMidDragForgetsTheHold() {
        var controller = pressedOnShape()
        _ = controller.handle(.popupPointerMoved(over: .row(1)), scene: scene)
        _ = controller.handle(.popupLost, scene: scene)
        XCTAssertNil(controller.menu.open)
        // The next click works as ever.
        XCTAssertTrue(controller.handle(.pointerPressed(on: "pattern"), scene: scene).contains { if case .openPopup = $0 { true } else { false } })
        _ = controller.handle(.popupPointerMoved(over: .row(1)), scene: scene)
        _ = controller.handle(.popupPointerReleased(at: .row(1), onOwner: false), scene: scene)
        XCTAssertEqual(controller.state.selection(of: "pattern"), "Dots")
    }

    func testLosingTheWindowFocusMidDragClosesWithNothingPicked() {
        var controller = pressedOnShape()
        _ = controller.handle(.popupPointerMoved(over: .row(1)), scene: scene)
        XCTAssertTrue(controller.handle(.windowFocusChanged(false), scene: scene).contains(.closePopup))
        _ = controller.handle(.windowFocusChanged(true), scene: scene)
        XCTAssertEqual(controller.handle(.popupPointerReleased(at: .row(1), onOwner: false), scene: scene), [])
        XCTAssertEqual(picked(controller), "Circle")
    }
}
