import RewrapLayout
import RewrapPanelFile
import RewrapScene
import RewrapTestSupport
import XCTest

/// The window losing and regaining the keyboard focus (rules §8.4).
final class WindowFocusTests: XCTestCase {
    private func setUp() -> (PanelController, Scene) {
        let panel = Panel(
            title: "Rewrap",
            menus: MenuSection(heading: "Layout options", footer: "Footer", items: [
                DropdownSpec(id: "shape", title: "Shape", options: ["Circle", "Square"], selected: "Circle"),
                DropdownSpec(id: "pattern", title: "Pattern", options: ["Solid", "Striped"], selected: "Solid"),
            ]),
            chips: ChipSection(heading: "Sample labels", footer: "Footer", items: [ChipSpec(id: "sketch", title: "Sketch")]))
        let state = PanelState(panel: panel)
        let scene = PageLayout(metrics: Metrics(), words: .english, measurer: FixedAdvanceMeasurer())
            .scene(for: state, viewportWidth: 600)
        return (PanelController(state: state, metrics: Metrics(), viewport: Size(width: 600, height: 400)), scene)
    }

    func testLosingFocusClosesTheMenuWithNothingChangedAndHidesTheRing() {
        var (controller, scene) = setUp()
        _ = controller.handle(.key(.tab), scene: scene)
        _ = controller.handle(.key(.returnKey), scene: scene)
        _ = controller.handle(.key(.down), scene: scene)
        XCTAssertNotNil(controller.menu.open)
        XCTAssertEqual(controller.ring, "shape")

        let effects = controller.handle(.windowFocusChanged(false), scene: scene)
        XCTAssertEqual(effects, [.closePopup, .redraw])
        XCTAssertNil(controller.menu.open)
        XCTAssertNil(controller.ring, "no ring in a window without the focus")
        XCTAssertEqual(controller.focus, "shape", "the control keeps the focus for when the window gets it back")
        XCTAssertEqual(controller.state.selection(of: "shape"), "Circle", "the highlighted option was not picked")
    }

    func testGettingFocusBackRestoresTheRingTheKeyboardHadMoved() {
        var (controller, scene) = setUp()
        press([.tab, .tab], &controller, scene)
        _ = controller.handle(.windowFocusChanged(false), scene: scene)
        XCTAssertNil(controller.ring)
        XCTAssertEqual(controller.handle(.windowFocusChanged(true), scene: scene), [.redraw])
        XCTAssertEqual(controller.ring, "pattern")
    }

    func testGettingFocusBackShowsNoRingAfterAClick() {
        var (controller, scene) = setUp()
        _ = controller.handle(.pointerPressed(on: "pattern"), scene: scene)
        _ = controller.handle(.windowFocusChanged(false), scene: scene)
        _ = controller.handle(.windowFocusChanged(true), scene: scene)
        XCTAssertNil(controller.ring, "the ring is only for focus the keyboard moved")
        XCTAssertEqual(controller.focus, "pattern")
    }

    func testAClickThatFocusesTheWindowStillOpensTheMenu() {
        var (controller, scene) = setUp()
        _ = controller.handle(.windowFocusChanged(false), scene: scene)
        _ = controller.handle(.windowFocusChanged(true), scene: scene)
        XCTAssertTrue(controller.handle(.pointerPressed(on: "shape"), scene: scene).contains { effect in
            if case .openPopup(let menu, _) = effect { menu.owner == "shape" } else { false }
        })
    }

    func testRepeatedFocusNewsChangesNothing() {
        var (controller, scene) = setUp()
        XCTAssertEqual(controller.handle(.windowFocusChanged(true), scene: scene), [], "it starts focused")
        _ = controller.handle(.windowFocusChanged(false), scene: scene)
        XCTAssertEqual(controller.handle(.windowFocusChanged(false), scene: scene), [])
    }

    private func press(_ keys: [Key], _ controller: inout PanelController, _ scene: Scene) {
        for key in keys { _ = controller.handle(.key(key), scene: scene) }
    }
}
