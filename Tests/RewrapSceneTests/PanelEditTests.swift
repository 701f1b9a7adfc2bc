import RewrapLayout
import RewrapPanelFile
import RewrapScene
import RewrapTestSupport
import XCTest

/// An edit of the panel file (rules §12.4): picks survive it, focus stays
/// or moves to the nearest neighbour, and an open menu follows or closes.
final class PanelEditTests: XCTestCase {
    private func dropdown(_ id: NodeID, _ title: String, _ options: [String], _ selected: String) -> DropdownSpec {
        DropdownSpec(id: id, title: title, options: options, selected: selected)
    }

    private func panel(_ dropdowns: [DropdownSpec], title: String = "Rewrap", chips: [ChipSpec] = [ChipSpec(id: "sketch", title: "Sketch")])
        -> Panel {
        Panel(title: title, menus: MenuSection(heading: "Layout options", footer: "Footer.", items: dropdowns),
              chips: ChipSection(heading: "Sample labels", footer: "Resize.", items: chips))
    }

    private var shape: DropdownSpec { dropdown("shape", "Shape", ["Circle", "Square", "Star"], "Circle") }
    private var pattern: DropdownSpec { dropdown("pattern", "Pattern", ["Solid", "Dotted"], "Solid") }
    private var size: DropdownSpec { dropdown("size", "Size", ["Small", "Large"], "Small") }
    private var weight: DropdownSpec { dropdown("weight", "Weight", ["Light", "Bold"], "Light") }

    private func scene(_ state: PanelState) -> Scene {
        PageLayout(metrics: Metrics(), words: .english, measurer: FixedAdvanceMeasurer()).scene(for: state, viewportWidth: 1000)
    }

    private func controller(_ panel: Panel) -> PanelController {
        var controller = PanelController(state: PanelState(panel: panel), metrics: Metrics(), viewport: Size(width: 1000, height: 400))
        _ = controller.handle(.laidOut, scene: scene(controller.state))
        return controller
    }

    /// The edit, then the new scene, as the loop carries them out.
    private func edit(_ controller: inout PanelController, to next: Panel) -> [Effect] {
        let effects = controller.panelEdited(next)
        _ = controller.handle(.laidOut, scene: scene(controller.state))
        return effects
    }

    // MARK: - The file's inputs

    func testABadFileShowsTheNoticeUntilAGoodOneComesEvenAnUnchangedOne() {
        var controller = controller(panel([shape, pattern]))
        let scene = scene(controller.state)
        XCTAssertEqual(controller.handle(.panelFileFailed(notice: "at 3:7"), scene: scene), [.redraw])
        XCTAssertEqual(controller.notice, "at 3:7")
        XCTAssertEqual(controller.state.panel, panel([shape, pattern]), "the last good panel stays")
        XCTAssertEqual(controller.handle(.panelEdited(panel([shape, pattern])), scene: scene), [.redraw],
                       "the same panel as before, good again: only the notice goes")
        XCTAssertNil(controller.notice)
        XCTAssertEqual(controller.handle(.panelEdited(panel([shape, pattern])), scene: scene), [], "nothing changed, nothing to do")
    }

    func testANewTitleRetitlesTheWindowBeforeTheRelayout() {
        var controller = controller(panel([shape]))
        let effects = controller.handle(.panelEdited(panel([shape], title: "Mine")), scene: scene(controller.state))
        XCTAssertEqual(effects.first, .retitle("Mine"))
        XCTAssertTrue(effects.contains { if case .relayout = $0 { true } else { false } })
    }

    func testACloseRequestClosesTheOpenMenuWithTheWindow() {
        var controller = controller(panel([shape]))
        let scene = scene(controller.state)
        _ = controller.handle(.pointerPressed(on: "shape"), scene: scene)
        XCTAssertNotNil(controller.menu.open)
        XCTAssertEqual(controller.handle(.closeRequested, scene: scene), [.closePopup, .redraw, .closeWindow])
        XCTAssertNil(controller.menu.open)
    }

    // MARK: - Picks

    func testAPickSurvivesItsDropdownsRemovalAndReturn() {
        var state = PanelState(panel: panel([shape, pattern]))
        XCTAssertTrue(state.select("Star", for: "shape"))
        let without = state.replacingPanel(panel([pattern]))
        XCTAssertNil(without.selection(of: "shape"))
        XCTAssertEqual(without.picks["shape"], "Star", "the pick outlives its dropdown")
        let back = without.replacingPanel(panel([shape, pattern]))
        XCTAssertEqual(back.selection(of: "shape"), "Star")
        XCTAssertEqual(back.labels, ["Shape: Star", "Pattern: Solid"])
    }

    func testAPickWhoseOptionIsGoneShowsTheFilesSelectedUntilItReturns() {
        var state = PanelState(panel: panel([shape]))
        state.select("Star", for: "shape")
        let noStar = state.replacingPanel(panel([dropdown("shape", "Shape", ["Circle", "Square"], "Square")]))
        XCTAssertEqual(noStar.selection(of: "shape"), "Square", "the file's selected while the option is gone")
        XCTAssertEqual(noStar.replacingPanel(panel([shape])).selection(of: "shape"), "Star")
    }

    func testAFilesNewSelectedEqualToAPickKeepsItThePersonsPick() {
        var state = PanelState(panel: panel([shape]))
        state.select("Star", for: "shape")
        let same = state.replacingPanel(panel([dropdown("shape", "Shape", ["Circle", "Square", "Star"], "Star")]))
        XCTAssertEqual(same.picks["shape"], "Star")
        // The file moves on; the person's pick stays shown.
        let moved = same.replacingPanel(panel([dropdown("shape", "Shape", ["Circle", "Square", "Star"], "Square")]))
        XCTAssertEqual(moved.selection(of: "shape"), "Star")
    }

    func testAnEditIsNoPick() {
        let state = PanelState(panel: panel([shape]))
        let edited = state.replacingPanel(panel([dropdown("shape", "Form", ["Circle", "Square"], "Square")]))
        XCTAssertEqual(edited.picks, [:])
        XCTAssertEqual(edited.labels, ["Form: Square"])
    }

    func testAnEditAnimatesItsRelayoutAndAnUnchangedFileDoesNothing() {
        var controller = controller(panel([shape, pattern]))
        XCTAssertEqual(controller.panelEdited(panel([shape, pattern])), [])
        let effects = controller.panelEdited(panel([dropdown("shape", "Form", ["Circle"], "Circle"), pattern]))
        guard case .relayout(let state, _, let animated)? = effects.first(where: { if case .relayout = $0 { true } else { false } }) else {
            return XCTFail("no relayout in \(effects)")
        }
        XCTAssertTrue(animated, "an edit moves as a pick does")
        XCTAssertEqual(state.labels, ["Form: Circle", "Pattern: Solid"])
    }

    // MARK: - Focus

    func testFocusStaysOnItsControlWhenItsLabelChanges() {
        var controller = controller(panel([shape, pattern, size]))
        _ = controller.handle(.key(.tab), scene: scene(controller.state))
        _ = controller.handle(.key(.tab), scene: scene(controller.state))
        XCTAssertEqual(controller.focus, "pattern")
        _ = edit(&controller, to: panel([size, dropdown("pattern", "A much longer pattern title", ["Solid"], "Solid"), shape]))
        XCTAssertEqual(controller.focus, "pattern")
    }

    func testFocusMovesToTheNextControlWhenItsControlGoes() {
        var controller = controller(panel([shape, pattern, size, weight]))
        _ = controller.handle(.focus("pattern"), scene: scene(controller.state))
        _ = edit(&controller, to: panel([shape, size, weight]))
        XCTAssertEqual(controller.focus, "size", "the neighbour after it takes its place, not the last control")
    }

    func testFocusMovesToTheControlBeforeWhenTheLastGoes() {
        var controller = controller(panel([shape, pattern, size]))
        _ = controller.handle(.focus("size"), scene: scene(controller.state))
        _ = edit(&controller, to: panel([shape, pattern]))
        XCTAssertEqual(controller.focus, "pattern")
    }

    func testFocusSkipsNeighboursThatWentToo() {
        var controller = controller(panel([shape, pattern, size]))
        _ = controller.handle(.focus("pattern"), scene: scene(controller.state))
        _ = edit(&controller, to: panel([shape]))
        XCTAssertEqual(controller.focus, "shape")
    }

    // MARK: - An open menu

    func testAnOpenMenuShowsTheEditedOptionsKeepingItsHighlight() {
        var controller = controller(panel([shape, pattern]))
        _ = controller.handle(.focus("shape"), scene: scene(controller.state))
        _ = controller.handle(.key(.returnKey), scene: scene(controller.state))
        _ = controller.handle(.key(.down), scene: scene(controller.state))
        XCTAssertEqual(controller.menu.open?.highlighted, 1, "Square")
        let effects = edit(&controller, to: panel([dropdown("shape", "Shape", ["Hexagon", "Square", "Star"], "Hexagon"), pattern]))
        XCTAssertEqual(controller.menu.open?.entries.map(\.text), ["Hexagon", "Square", "Star"])
        XCTAssertEqual(controller.menu.open?.highlighted, 1, "still on Square")
        XCTAssertTrue(effects.contains { if case .redrawPopup = $0 { true } else { false } }, "\(effects)")
        XCTAssertFalse(effects.contains(.closePopup))
    }

    func testAMenuOfAnotherLengthOpensAgain() {
        var controller = controller(panel([shape, pattern]))
        _ = controller.handle(.pointerPressed(on: "shape"), scene: scene(controller.state))
        let effects = edit(&controller, to: panel([dropdown("shape", "Shape", ["Circle", "Square"], "Circle"), pattern]))
        XCTAssertEqual(controller.menu.open?.entries.map(\.text), ["Circle", "Square"])
        XCTAssertEqual(effects.prefix(2).map { if case .openPopup = $0 { "open" } else { "\($0)" } }, ["closePopup", "open"])
    }

    func testAMenuWhoseDropdownIsGoneCloses() {
        var controller = controller(panel([shape, pattern]))
        _ = controller.handle(.pointerPressed(on: "shape"), scene: scene(controller.state))
        XCTAssertNotNil(controller.menu.open)
        let effects = edit(&controller, to: panel([pattern]))
        XCTAssertNil(controller.menu.open)
        XCTAssertTrue(effects.contains(.closePopup))
        XCTAssertEqual(controller.focus, "pattern", "the focus the menu gave back moves on")
    }

    // MARK: - Keys

    func testF5AsksForAReloadAndShowsNoRing() {
        var controller = controller(panel([shape]))
        XCTAssertEqual(controller.handle(.key(.reload), scene: scene(controller.state)), [.reloadPanel])
        XCTAssertFalse(controller.focusVisible)
    }
}
