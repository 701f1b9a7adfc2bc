import RewrapLayout
import RewrapPanelFile
import RewrapScene
import RewrapTestSupport
import XCTest

/// Focus as a screen reader user meets it: something is focused from the
/// start, and Escape with nothing open keeps the focus where it is.
final class ScreenReaderFocusTests: XCTestCase {
    private let panel = Panel(
        title: "Rewrap",
        menus: MenuSection(heading: "Layout options", footer: "Footer.", items: [
            DropdownSpec(id: "shape", title: "Shape", options: ["Circle", "Rounded rectangle"], selected: "Circle"),
            DropdownSpec(id: "pattern", title: "Pattern", options: ["Solid", "Striped"], selected: "Solid"),
        ]),
        chips: ChipSection(heading: "Sample labels", footer: "Resize.", items: [
            ChipSpec(id: "sketch", title: "Sketch"), ChipSpec(id: "color", title: "Color samples"),
            ChipSpec(id: "shapes", title: "Shapes"), ChipSpec(id: "notes", title: "Layout notes"),
        ]))

    /// Narrow enough that the badge shows.
    private func setUp(width: Double = 200) -> (PanelController, Scene) {
        let state = PanelState(panel: panel)
        let scene = PageLayout(metrics: Metrics(), words: .english, measurer: FixedAdvanceMeasurer())
            .scene(for: state, viewportWidth: width)
        var controller = PanelController(state: state, metrics: Metrics(), viewport: Size(width: width, height: 420))
        _ = controller.handle(.laidOut, scene: scene)
        return (controller, scene)
    }

    func testEscapeOnAClosedDropdownKeepsTheFocus() {
        var (controller, scene) = setUp()
        _ = controller.handle(.key(.tab), scene: scene)
        _ = controller.handle(.key(.tab), scene: scene)
        XCTAssertEqual(controller.focus, "pattern")
        XCTAssertEqual(controller.handle(.key(.escape), scene: scene), [])
        XCTAssertEqual(controller.focus, "pattern")
        XCTAssertEqual(controller.ring, "pattern")
        _ = controller.handle(.key(.tab), scene: scene)
        XCTAssertNotEqual(controller.focus, "shape", "the next Tab goes on from where the focus was")
    }

    func testEscapeOnTheBadgeKeepsTheFocus() throws {
        var (controller, scene) = setUp()
        XCTAssertTrue(scene.interactiveIDs.contains(.badge), "fixture: the badge shows at 200 px")
        _ = controller.handle(.key(.backTab), scene: scene)
        XCTAssertEqual(controller.focus, .badge)
        _ = controller.handle(.key(.escape), scene: scene)
        XCTAssertEqual(controller.focus, .badge)
        // And after its list was opened and closed with Escape.
        _ = controller.handle(.key(.returnKey), scene: scene)
        XCTAssertEqual(controller.menu.open?.owner, .badge)
        _ = controller.handle(.key(.escape), scene: scene)
        XCTAssertNil(controller.menu.open)
        _ = controller.handle(.key(.escape), scene: scene)
        XCTAssertEqual(controller.focus, .badge)
    }

    func testTheFirstControlTakesTheFocusWithTheRingHidden() {
        var (controller, scene) = setUp()
        XCTAssertNil(controller.focus)
        XCTAssertEqual(controller.handle(.focusFirstControl, scene: scene), [.redraw])
        XCTAssertEqual(controller.focus, "shape")
        XCTAssertNil(controller.ring, "the ring waits for the keyboard")
        _ = controller.handle(.key(.tab), scene: scene)
        XCTAssertEqual(controller.focus, "pattern", "Tab moves on from the first control, as in Qt and GTK")
        XCTAssertEqual(controller.ring, "pattern")
    }

    func testAFocusAlreadyThereIsKept() {
        var (controller, scene) = setUp()
        _ = controller.handle(.key(.backTab), scene: scene)
        XCTAssertEqual(controller.handle(.focusFirstControl, scene: scene), [])
        XCTAssertEqual(controller.focus, .badge)
        _ = controller.handle(.key(.returnKey), scene: scene)
        XCTAssertEqual(controller.handle(.focusFirstControl, scene: scene), [], "an open menu keeps its focus")
    }
}
