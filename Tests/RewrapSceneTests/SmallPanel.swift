import RewrapLayout
import RewrapPanelFile
import RewrapScene
import RewrapTestSupport
import XCTest

/// Two dropdowns and a chip, laid out 600 px wide with a fixed advance: the
/// controller's tests of menus and keys that need no more.
enum SmallPanel {
    static let panel = Panel(
        title: "Rewrap",
        menus: MenuSection(heading: "Layout options", footer: "", items: [
            DropdownSpec(id: "shape", title: "Shape", options: ["Circle", "Rounded rectangle", "Square"], selected: "Circle"),
            DropdownSpec(id: "pattern", title: "Pattern", options: ["Solid", "Dots"], selected: "Solid"),
        ]),
        chips: ChipSection(heading: "Sample labels", footer: "", items: [ChipSpec(id: "sketch", title: "Sketch")]))

    static var scene: Scene {
        PageLayout(metrics: Metrics(), words: .english, measurer: FixedAdvanceMeasurer())
            .scene(for: PanelState(panel: panel), viewportWidth: 600)
    }

    static func controller() -> PanelController {
        PanelController(state: PanelState(panel: panel), metrics: Metrics(), viewport: Size(width: 600, height: 400))
    }

    /// A controller whose focus Tab has moved to Shape.
    static func focusedOnShape(file: StaticString = #filePath, line: UInt = #line) -> PanelController {
        var controller = controller()
        _ = controller.handle(.key(.tab), scene: scene)
        XCTAssertEqual(controller.focus, "shape", file: file, line: line)
        return controller
    }
}
