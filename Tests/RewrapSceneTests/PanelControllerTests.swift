import RewrapLayout
import RewrapPanelFile
import RewrapScene
import RewrapTestSupport
import XCTest

final class PanelControllerTests: XCTestCase {
    /// Shape starts in the middle of its options so "highlight the current
    /// option" cannot pass by highlighting the first one.
    private let shapeOptions = ["Circle", "Rounded rectangle", "Square", "rhombus", "Star"]

    private var panel: Panel {
        Panel(
            title: "Rewrap",
            menus: MenuSection(heading: "Layout options", footer: "Choose a longer option, then narrow the window.", items: [
                DropdownSpec(id: "shape", title: "Shape", options: shapeOptions, selected: "Square"),
                DropdownSpec(id: "pattern", title: "Pattern", options: ["Solid", "Alternating diagonal lines"], selected: "Solid"),
                DropdownSpec(id: "arrangement", title: "Arrangement", options: ["Rows", "Evenly spaced columns"], selected: "Rows"),
            ]),
            chips: ChipSection(heading: "Sample labels", footer: "Resize the window.", items: [
                ChipSpec(id: "sketch", title: "Sketch"), ChipSpec(id: "color", title: "Color samples"),
                ChipSpec(id: "shapes", title: "Shapes"), ChipSpec(id: "notes", title: "Layout notes"),
                ChipSpec(id: "preview", title: "Preview"), ChipSpec(id: "preview-2", title: "Preview"),
            ]))
    }

    private func scene(_ state: PanelState, width: Double) -> Scene {
        PageLayout(metrics: Metrics(), words: .english, measurer: FixedAdvanceMeasurer()).scene(for: state, viewportWidth: width)
    }

    /// At 400 px the chip row has 360: Sketch 62, Color samples 111, Shapes 62
    /// and "3 more" 62 need 321; a fourth chip with "2 more" needs 433.
    private func narrowScene(_ controller: PanelController) -> Scene {
        let scene = scene(controller.state, width: 400)
        XCTAssertEqual(scene.nodes.filter { $0.kind == .chip }.count, 3, "fixture: three chips should show at 400 px")
        return scene
    }

    /// Wide enough for every chip, so there is no badge.
    private func wideScene(_ controller: PanelController) -> Scene {
        let scene = scene(controller.state, width: 1000)
        XCTAssertNil(scene.node("badge"), "fixture: no badge at 1000 px")
        return scene
    }

    private func controller() -> PanelController {
        PanelController(state: PanelState(panel: panel), metrics: Metrics(), viewport: Size(width: 400, height: 300))
    }

    /// Focuses the shape dropdown with Tab and opens it with `key`.
    private func openShapeByKeyboard(_ key: Key = .returnKey) -> PanelController {
        var controller = controller()
        let scene = narrowScene(controller)
        _ = controller.handle(.key(.tab), scene: scene)
        XCTAssertEqual(controller.focus, "shape")
        let effects = controller.handle(.key(key), scene: scene)
        XCTAssertTrue(effects.opensPopup, "\(key) should open the popup")
        return controller
    }

    private func press(_ keys: [Key], _ controller: inout PanelController, _ scene: Scene) {
        for key in keys { _ = controller.handle(.key(key), scene: scene) }
    }

    // MARK: - Opening

    func testClickOpensPopupWithCurrentOptionMarkedAndNothingHighlighted() throws {
        var controller = controller()
        let effects = controller.handle(.pointerPressed(on: "shape"), scene: narrowScene(controller))
        XCTAssertTrue(effects.opensPopup)
        let popup = try XCTUnwrap(controller.menu.open)
        XCTAssertEqual(popup.owner, "shape")
        XCTAssertEqual(popup.entries.map(\.id), shapeOptions.map { NodeID("shape/\($0)") })
        XCTAssertEqual(popup.entries.map(\.text), shapeOptions)
        XCTAssertEqual(popup.entries.map(\.isSelected), [false, false, true, false, false])
        XCTAssertNil(popup.highlighted)
        XCTAssertEqual(controller.focus, "shape")
    }

    func testKeyboardOpenHighlightsCurrentOption() {
        for key in [Key.returnKey, .space, .down] {
            let controller = openShapeByKeyboard(key)
            XCTAssertEqual(controller.menu.open?.highlighted, 2, "opened with \(key)")
        }
    }

    func testClickOnNonInteractiveNodeOpensNothing() {
        var controller = controller()
        let scene = narrowScene(controller)
        for id: NodeID in ["menus.heading", "sketch", "chips.footer", "nowhere"] {
            XCTAssertEqual(controller.handle(.pointerPressed(on: id), scene: scene), [], "\(id)")
        }
        XCTAssertEqual(controller.handle(.pointerPressed(on: nil), scene: scene), [])
        XCTAssertNil(controller.menu.open)
    }

    // MARK: - Moving the highlight

    func testDownAndUpWrapAround() {
        var controller = openShapeByKeyboard()
        let scene = narrowScene(controller)
        press([.down, .down], &controller, scene)
        XCTAssertEqual(controller.menu.open?.highlighted, 4)
        press([.down], &controller, scene)
        XCTAssertEqual(controller.menu.open?.highlighted, 0, "Down past the last option wraps to the first")
        press([.up], &controller, scene)
        XCTAssertEqual(controller.menu.open?.highlighted, 4, "Up past the first option wraps to the last")
    }

    func testArrowsWithoutHighlightStartAtEitherEnd() {
        var down = controller()
        let scene = narrowScene(down)
        var up = down
        _ = down.handle(.pointerPressed(on: "shape"), scene: scene)
        press([.down], &down, scene)
        XCTAssertEqual(down.menu.open?.highlighted, 0)
        _ = up.handle(.pointerPressed(on: "shape"), scene: scene)
        press([.up], &up, scene)
        XCTAssertEqual(up.menu.open?.highlighted, 4)
    }

    func testHomeAndEndJumpToFirstAndLast() {
        var controller = openShapeByKeyboard()
        let scene = narrowScene(controller)
        press([.end], &controller, scene)
        XCTAssertEqual(controller.menu.open?.highlighted, 4)
        press([.home], &controller, scene)
        XCTAssertEqual(controller.menu.open?.highlighted, 0)
    }

    func testTypingALetterJumpsToNextOptionStartingWithItIgnoringCase() {
        var controller = openShapeByKeyboard()   // on "Square"
        let scene = narrowScene(controller)
        let steps: [(Character, Int)] = [
            ("r", 3),   // rhombus, the next r after Square
            ("R", 1),   // cycles round to Rounded rectangle
            ("s", 2),   // Square
            ("s", 4),   // Star
            ("S", 2),   // back to Square
            ("x", 2),   // nothing starts with x: the highlight stays
        ]
        for (letter, expected) in steps {
            press([.character(letter)], &controller, scene)
            XCTAssertEqual(controller.menu.open?.highlighted, expected, "after typing \(letter)")
        }
    }

    func testPointerOverRowHighlightsIt() {
        var controller = controller()
        let scene = narrowScene(controller)
        _ = controller.handle(.pointerPressed(on: "shape"), scene: scene)
        XCTAssertEqual(controller.handle(.popupPointerMoved(over: .row(1)), scene: scene), [.redrawPopup])
        XCTAssertEqual(controller.menu.open?.highlighted, 1)
        XCTAssertEqual(controller.handle(.popupPointerMoved(over: .row(1)), scene: scene), [], "no change, no redraw")
    }

    // MARK: - Picking and closing

    func testReturnPicksHighlightedOptionAndLabelChanges() {
        var controller = openShapeByKeyboard()
        let scene = narrowScene(controller)
        press([.down], &controller, scene)
        let effects = controller.handle(.key(.returnKey), scene: scene)
        XCTAssertTrue(effects.changesSelection)
        XCTAssertEqual(effects.laidOut?.state.selection(of: "shape"), "rhombus", "the relayout carries the new label")
        XCTAssertEqual(effects.laidOut?.viewport, Size(width: 400, height: 300))
        XCTAssertTrue(effects.contains(.closePopup))
        XCTAssertNil(controller.menu.open)
        XCTAssertEqual(controller.state.selection(of: "shape"), "rhombus")
        XCTAssertEqual(self.scene(controller.state, width: 400).node("shape")?.text, "Shape: rhombus")
        XCTAssertEqual(controller.focus, "shape", "focus stays with the id when its label changes")
    }

    func testClickingARowSelectsIt() {
        var controller = controller()
        let scene = narrowScene(controller)
        _ = controller.handle(.pointerPressed(on: "pattern"), scene: scene)
        let effects = controller.handle(.popupClicked(row: 1), scene: scene)
        XCTAssertTrue(effects.changesSelection)
        XCTAssertEqual(controller.state.selection(of: "pattern"), "Alternating diagonal lines")
        XCTAssertNil(controller.menu.open)
    }

    func testPickingTheCurrentOptionIsNotAChange() {
        var controller = openShapeByKeyboard()
        let scene = narrowScene(controller)
        let effects = controller.handle(.key(.returnKey), scene: scene)
        XCTAssertFalse(effects.changesSelection)
        XCTAssertTrue(effects.contains(.closePopup))
        XCTAssertEqual(controller.state.selection(of: "shape"), "Square")
    }

    func testReturnWithNothingHighlightedClosesWithoutChange() {
        var controller = controller()
        let scene = narrowScene(controller)
        _ = controller.handle(.pointerPressed(on: "shape"), scene: scene)
        let effects = controller.handle(.key(.returnKey), scene: scene)
        XCTAssertFalse(effects.changesSelection)
        XCTAssertNil(controller.menu.open)
        XCTAssertEqual(controller.state, PanelState(panel: panel))
    }

    func testEscapeClosesWithNothingChangedAndFocusReturnsToOwner() {
        var controller = openShapeByKeyboard()
        let scene = narrowScene(controller)
        press([.down, .down], &controller, scene)
        let effects = controller.handle(.key(.escape), scene: scene)
        XCTAssertTrue(effects.contains(.closePopup))
        XCTAssertFalse(effects.changesSelection)
        XCTAssertNil(controller.menu.open)
        XCTAssertEqual(controller.focus, "shape")
        XCTAssertEqual(controller.state, PanelState(panel: panel))
    }

    func testPressOutsideClosesWithNothingChanged() {
        var controller = controller()
        let scene = narrowScene(controller)
        _ = controller.handle(.pointerPressed(on: "arrangement"), scene: scene)
        _ = controller.handle(.popupPointerMoved(over: .row(1)), scene: scene)
        let effects = controller.handle(.popupClicked(row: nil), scene: scene)
        XCTAssertTrue(effects.contains(.closePopup))
        XCTAssertFalse(effects.changesSelection)
        XCTAssertNil(controller.menu.open)
        XCTAssertEqual(controller.state.selection(of: "arrangement"), "Rows")
    }

    func testPopupLostClearsThePopupWithoutChange() {
        var controller = controller()
        let scene = narrowScene(controller)
        _ = controller.handle(.pointerPressed(on: "shape"), scene: scene)
        _ = controller.handle(.popupPointerMoved(over: .row(0)), scene: scene)
        let effects = controller.handle(.popupLost, scene: scene)
        XCTAssertTrue(effects.contains(.redraw))
        XCTAssertFalse(effects.changesSelection)
        XCTAssertNil(controller.menu.open)
        XCTAssertEqual(controller.state.selection(of: "shape"), "Square")
    }

    // MARK: - Selection rule

    func testSelectAcceptsOnlyThatDropdownsOptions() {
        var state = PanelState(panel: panel)
        XCTAssertFalse(state.select("Solid", for: "shape"), "an option of another dropdown")
        XCTAssertFalse(state.select("Hexagon", for: "shape"), "an option of no dropdown")
        XCTAssertFalse(state.select("Circle", for: "sketch"), "a chip is not a dropdown")
        XCTAssertFalse(state.select("circle", for: "shape"), "options match exactly")
        XCTAssertEqual(state, PanelState(panel: panel))
        XCTAssertTrue(state.select("Circle", for: "shape"))
        XCTAssertEqual(state.selection(of: "shape"), "Circle")
        XCTAssertFalse(state.select("Circle", for: "shape"), "the same option again is not a change")
    }

    // MARK: - Focus order and the badge

    func testTabCyclesThroughDropdownsThenBadge() {
        var controller = controller()
        let scene = narrowScene(controller)
        var order: [NodeID?] = []
        for _ in 0..<5 {
            _ = controller.handle(.key(.tab), scene: scene)
            order.append(controller.focus)
        }
        XCTAssertEqual(order, ["shape", "pattern", "arrangement", "badge", "shape"])
    }

    func testShiftTabCyclesBackwards() {
        var controller = controller()
        let scene = narrowScene(controller)
        var order: [NodeID?] = []
        for _ in 0..<5 {
            _ = controller.handle(.key(.backTab), scene: scene)
            order.append(controller.focus)
        }
        XCTAssertEqual(order, ["badge", "arrangement", "pattern", "shape", "badge"])
    }

    func testTabSkipsBadgeWhenEveryChipFits() {
        var controller = controller()
        let scene = wideScene(controller)
        var order: [NodeID?] = []
        for _ in 0..<4 {
            _ = controller.handle(.key(.tab), scene: scene)
            order.append(controller.focus)
        }
        XCTAssertEqual(order, ["shape", "pattern", "arrangement", "shape"])
    }

    func testBadgeListsExactlyTheHiddenChips() throws {
        var controller = controller()
        let scene = narrowScene(controller)
        _ = controller.handle(.pointerPressed(on: "badge"), scene: scene)
        let popup = try XCTUnwrap(controller.menu.open)
        XCTAssertEqual(popup.owner, "badge")
        // Both "Preview" chips are listed: ids tell them apart.
        XCTAssertEqual(popup.entries.map(\.id), ["badge/notes", "badge/preview", "badge/preview-2"])
        XCTAssertEqual(popup.entries.map(\.text), ["Layout notes", "Preview", "Preview"])
        XCTAssertFalse(popup.entries.contains(where: \.isSelected))
        XCTAssertEqual(scene.node("badge")?.text, "3 more", "the list agrees with the badge's count")
    }

    func testPickingFromBadgeChangesNoSelection() {
        var controller = controller()
        let scene = narrowScene(controller)
        _ = controller.handle(.pointerPressed(on: "badge"), scene: scene)
        let effects = controller.handle(.popupClicked(row: 1), scene: scene)
        XCTAssertFalse(effects.changesSelection)
        XCTAssertNil(controller.menu.open)
        XCTAssertEqual(controller.state, PanelState(panel: panel))
    }

    /// Rules §4.1: the badge's list takes a press, a drag and a release as
    /// a dropdown's menu does, and the release on a row closes it.
    func testTheBadgesListClosesOnAReleaseOverARowAndStaysForAQuickClick() {
        var controller = controller()
        let scene = narrowScene(controller)
        _ = controller.handle(.pointerPressed(on: "badge"), scene: scene)
        XCTAssertEqual(controller.handle(.popupPointerReleased(at: .outside, onOwner: true), scene: scene), [], "a quick click")
        XCTAssertEqual(controller.menu.open?.owner, "badge")
        _ = controller.handle(.popupPointerPressed(at: .row(0)), scene: scene)
        XCTAssertNotNil(controller.menu.open, "nothing happens on the press")
        let effects = controller.handle(.popupPointerReleased(at: .row(1), onOwner: false), scene: scene)
        XCTAssertEqual(effects, [.closePopup, .redraw])
        XCTAssertEqual(controller.state, PanelState(panel: panel))
    }

    func testKeyboardOpenedBadgeHighlightsFirstHiddenChip() {
        var controller = controller()
        let scene = narrowScene(controller)
        press([.backTab, .returnKey], &controller, scene)
        XCTAssertEqual(controller.menu.open?.owner, "badge")
        XCTAssertEqual(controller.menu.open?.highlighted, 0)
    }

    // MARK: - Hover, focus ring, inspector

    func testHoverTracksOnlyDropdownsAndBadge() {
        var controller = controller()
        let scene = narrowScene(controller)
        XCTAssertEqual(controller.handle(.pointerMoved(over: "pattern"), scene: scene), [.redraw])
        XCTAssertEqual(controller.hovered, "pattern")
        XCTAssertEqual(controller.handle(.pointerMoved(over: "pattern"), scene: scene), [], "no change, no redraw")
        _ = controller.handle(.pointerMoved(over: "badge"), scene: scene)
        XCTAssertEqual(controller.hovered, "badge")
        for id: NodeID in ["sketch", "menus.heading", "chips.footer", "notes"] {
            _ = controller.handle(.pointerMoved(over: "shape"), scene: scene)
            _ = controller.handle(.pointerMoved(over: id), scene: scene)
            XCTAssertNil(controller.hovered, "\(id) is not interactive")
        }
        _ = controller.handle(.pointerMoved(over: "shape"), scene: scene)
        _ = controller.handle(.pointerLeft, scene: scene)
        XCTAssertNil(controller.hovered)
    }

    func testFocusRingShowsOnlyAfterKeyboardUse() {
        var controller = controller()
        let scene = narrowScene(controller)
        XCTAssertFalse(controller.focusVisible)
        _ = controller.handle(.key(.tab), scene: scene)
        XCTAssertTrue(controller.focusVisible)
        _ = controller.handle(.pointerPressed(on: "pattern"), scene: scene)
        XCTAssertFalse(controller.focusVisible, "a pointer press hides the ring")
        _ = controller.handle(.key(.escape), scene: scene)
        XCTAssertTrue(controller.focusVisible, "a key in the popup shows it again")
        XCTAssertEqual(controller.focus, "pattern")
    }

    /// A key that does nothing else still shows the ring around the control
    /// a click focused, so the window must be drawn again.
    func testAnIdleKeyAfterAClickRedrawsTheRing() {
        var controller = controller()
        let scene = narrowScene(controller)
        _ = controller.handle(.pointerPressed(on: "pattern"), scene: scene)
        _ = controller.handle(.popupClicked(row: nil), scene: scene)
        XCTAssertNil(controller.menu.open, "a click outside the menu closes it")
        XCTAssertEqual(controller.focus, "pattern")
        XCTAssertFalse(controller.focusVisible)
        XCTAssertEqual(controller.handle(.key(.up), scene: scene), [.redraw])
        XCTAssertTrue(controller.focusVisible)
        XCTAssertEqual(controller.handle(.key(.up), scene: scene), [], "once shown, nothing more to draw")
    }

    func testInspectorKeyTogglesInspecting() {
        var controller = controller()
        let scene = narrowScene(controller)
        XCTAssertFalse(controller.isInspecting)
        _ = controller.handle(.key(.inspector), scene: scene)
        XCTAssertTrue(controller.isInspecting)
        _ = controller.handle(.pointerPressed(on: "shape"), scene: scene)
        _ = controller.handle(.key(.inspector), scene: scene)
        XCTAssertFalse(controller.isInspecting, "toggles while a popup is open too")
        XCTAssertNotNil(controller.menu.open, "and leaves the popup open")
        XCTAssertTrue(PanelController(state: controller.state, metrics: Metrics(), viewport: Size(width: 400, height: 300), inspecting: true).isInspecting)
    }

    func testFocusLeavesTheBadgeWhenItDisappears() {
        var controller = controller()
        let narrow = narrowScene(controller)
        for _ in 0..<4 { _ = controller.handle(.key(.tab), scene: narrow) }
        XCTAssertEqual(controller.focus, "badge")
        _ = controller.handle(.laidOut, scene: wideScene(controller))
        XCTAssertEqual(controller.focus, "arrangement", "focus falls back to the control before the badge")
        XCTAssertTrue(controller.focusVisible)
    }

    func testHoverIsForgottenWhenItsNodeDisappears() {
        var controller = controller()
        let narrow = narrowScene(controller)
        _ = controller.handle(.pointerMoved(over: "badge"), scene: narrow)
        XCTAssertEqual(controller.hovered, "badge")
        _ = controller.handle(.laidOut, scene: wideScene(controller))
        XCTAssertNil(controller.hovered)
    }

    func testResizeClosesThePopupWithNothingChanged() {
        var controller = controller()
        let scene = narrowScene(controller)
        _ = controller.handle(.pointerPressed(on: "pattern"), scene: scene)
        let effects = controller.handle(.resized(Size(width: 500, height: 300)), scene: scene)
        XCTAssertEqual(effects.last, .relayout(PanelState(panel: panel), viewport: Size(width: 500, height: 300), animated: false),
                       "a resize lays out the same state again in the new viewport, without motion")
        XCTAssertTrue(effects.contains(.closePopup))
        XCTAssertFalse(effects.changesSelection)
        XCTAssertNil(controller.menu.open)
        XCTAssertEqual(controller.state.selection(of: "pattern"), "Solid")
    }

    func testAResizeToTheSameSizeChangesNothing() {
        var controller = controller()
        let scene = narrowScene(controller)
        _ = controller.handle(.pointerPressed(on: "pattern"), scene: scene)
        XCTAssertEqual(controller.handle(.resized(Size(width: 400, height: 300)), scene: scene), [])
        XCTAssertNotNil(controller.menu.open, "a configure that keeps the size leaves the menu open")
    }

    // MARK: - A new scale

    /// The desktop's DPI doubles with a menu open, focus on Shape and the
    /// content scrolled: the menu closes as on a resize, the selection and
    /// focus stay, and the scroll keeps its place in the doubled content.
    func testANewScaleKeepsSelectionFocusAndPlace() {
        var (controller, scene) = shortWindow()
        _ = controller.handle(.pointerPressed(on: "pattern"), scene: scene)
        _ = controller.handle(.popupClicked(row: 1), scene: scene)
        _ = controller.handle(.key(.tab), scene: scene)
        _ = controller.handle(.scrolled(by: Point(x: 0, y: 30)), scene: scene)
        _ = controller.handle(.pointerPressed(on: "shape"), scene: scene)
        let focus = controller.focus, ring = controller.ring, place = controller.scroll.offset
        XCTAssertNotNil(controller.menu.open)
        XCTAssertGreaterThan(place.y, 0, "fixture: scrolled")

        let doubled = Metrics(scale: 2), window = Size(width: 800, height: 240)
        let effects = controller.handle(.rescaled(doubled, viewport: window), scene: scene)
        XCTAssertEqual(effects.last, .relayout(controller.state, viewport: window, animated: false), "laid out again, without motion")
        XCTAssertTrue(effects.contains(.closePopup))
        XCTAssertEqual(controller.metrics, doubled)
        XCTAssertEqual(controller.viewport, window)
        XCTAssertEqual(controller.state.selection(of: "pattern"), "Alternating diagonal lines")
        XCTAssertEqual(controller.focus, focus)
        XCTAssertEqual(controller.ring, ring)
        let big = PageLayout(metrics: doubled, words: .english, measurer: FixedAdvanceMeasurer(advance: 14, boldAdvance: 16, ascent: 26, descent: 8))
            .scene(for: controller.state, viewportWidth: 800)
        _ = controller.handle(.laidOut, scene: big)
        XCTAssertEqual(controller.scroll.offset, Point(x: 0, y: 2 * place.y), "the same place, twice as far down")
        XCTAssertEqual(controller.handle(.rescaled(doubled, viewport: window), scene: big), [], "the same scale again changes nothing")
    }

    // MARK: - Scrolling

    /// A 400 × 120 window onto the narrow scene, which is taller than that.
    private func shortWindow() -> (PanelController, Scene) {
        var controller = PanelController(state: PanelState(panel: panel), metrics: Metrics(), viewport: Size(width: 400, height: 300))
        _ = controller.handle(.resized(Size(width: 400, height: 120)), scene: narrowScene(controller))
        let scene = narrowScene(controller)
        _ = controller.handle(.laidOut, scene: scene)
        XCTAssertGreaterThan(scene.contentSize.height, 240, "fixture: content is taller than two windows")
        return (controller, scene)
    }

    func testWheelScrollsAndStopsAtTheContentsEnd() {
        var (controller, scene) = shortWindow()
        XCTAssertEqual(controller.handle(.scrolled(by: Point(x: 0, y: 30)), scene: scene), [.redraw])
        XCTAssertEqual(controller.scroll.offset, Point(x: 0, y: 30))
        _ = controller.handle(.scrolled(by: Point(x: 0, y: 10_000)), scene: scene)
        XCTAssertEqual(controller.scroll.offset.y, scene.contentSize.height - 120)
        XCTAssertEqual(controller.handle(.scrolled(by: Point(x: 0, y: 5)), scene: scene), [], "nothing left to scroll")
    }

    func testPageDownScrollsAWindowLessOneStep() {
        var (controller, scene) = shortWindow()
        _ = controller.handle(.key(.pageDown), scene: scene)
        XCTAssertEqual(controller.scroll.offset.y, 120 - Metrics().scrollStep)
        _ = controller.handle(.key(.pageUp), scene: scene)
        XCTAssertEqual(controller.scroll.offset.y, 0)
    }

    func testScrollKeysMoveTheMenuNotTheWindowWhileItIsOpen() {
        var (controller, scene) = shortWindow()
        _ = controller.handle(.pointerPressed(on: "shape"), scene: scene)
        let effects = controller.handle(.key(.pageDown), scene: scene)
        XCTAssertEqual(effects, [.redrawPopup], "the highlight moves a page")
        XCTAssertEqual(controller.menu.open?.highlighted, 4, "five rows show: the page is four")
        XCTAssertEqual(controller.scroll.offset.y, 0)
    }

    /// Tab to the badge, below the window: the scroll brings it and its ring into view.
    func testKeyboardFocusIsScrolledIntoView() throws {
        var (controller, scene) = shortWindow()
        let badge = try XCTUnwrap(scene.node(.badge)).frame
        XCTAssertGreaterThan(badge.maxY, 120, "fixture: the badge starts out of view")
        for _ in 0..<4 { _ = controller.handle(.key(.tab), scene: scene) }
        XCTAssertEqual(controller.focus, .badge)
        let ring = Metrics().focusRingGap + Metrics().focusRingWidth
        XCTAssertEqual(controller.scroll.offset.y, badge.maxY + ring - 120)
    }

    func testOpeningAMenuScrollsItsButtonIntoView() throws {
        var (controller, scene) = shortWindow()
        _ = controller.handle(.scrolled(by: Point(x: 0, y: 10_000)), scene: scene)
        let effects = controller.handle(.pointerPressed(on: "shape"), scene: scene)
        let shape = try XCTUnwrap(scene.node("shape")).frame
        XCTAssertEqual(controller.scroll.offset.y, shape.minY - Metrics().focusRingGap - Metrics().focusRingWidth)
        let opened = effects.compactMap { if case .openPopup(_, let scroll) = $0 { scroll } else { nil } }
        XCTAssertEqual(opened, [controller.scroll.offset], "the menu hangs from its button as scrolled into view")
    }

    func testALayoutThatShortensTheContentClampsTheScroll() {
        var (controller, scene) = shortWindow()
        _ = controller.handle(.scrolled(by: Point(x: 0, y: 10_000)), scene: scene)
        _ = controller.handle(.resized(Size(width: 1000, height: 120)), scene: scene)
        let wide = wideScene(controller)
        _ = controller.handle(.laidOut, scene: wide)
        XCTAssertEqual(controller.scroll.offset.y, wide.contentSize.height - 120)
        XCTAssertLessThan(wide.contentSize.height, scene.contentSize.height)
    }

    // MARK: - Assistive technology

    func testActivatingADropdownOpensItAsTheKeyboardWouldWithTheRing() throws {
        var controller = controller()
        let effects = controller.handle(.activate("shape"), scene: narrowScene(controller))
        XCTAssertTrue(effects.opensPopup)
        XCTAssertEqual(controller.menu.open?.owner, "shape")
        XCTAssertEqual(controller.menu.open?.highlighted, 2, "the current option, as Return highlights it")
        XCTAssertEqual(controller.focus, "shape")
        XCTAssertTrue(controller.focusVisible)
    }

    func testActivatingAnOptionPicksItLikeAClickWithMotion() {
        var controller = controller()
        let scene = narrowScene(controller)
        var clicked = controller
        _ = controller.handle(.activate("pattern"), scene: scene)
        _ = clicked.handle(.pointerPressed(on: "pattern"), scene: scene)
        let effects = controller.handle(.activate("pattern/Alternating diagonal lines"), scene: scene)
        XCTAssertEqual(effects, clicked.handle(.popupClicked(row: 1), scene: scene), "the same effects as a click")
        XCTAssertTrue(effects.changesSelection)
        XCTAssertEqual(controller.state.selection(of: "pattern"), "Alternating diagonal lines")
        XCTAssertNil(controller.menu.open)
    }

    func testActivatingTheOpenMenusButtonClosesItAndAnotherOpensThatOne() {
        var controller = controller()
        let scene = narrowScene(controller)
        _ = controller.handle(.activate("shape"), scene: scene)
        XCTAssertEqual(controller.handle(.activate("shape"), scene: scene), [.closePopup, .redraw])
        XCTAssertNil(controller.menu.open)
        _ = controller.handle(.activate("shape"), scene: scene)
        let effects = controller.handle(.activate("pattern"), scene: scene)
        XCTAssertEqual(effects.first, .closePopup)
        XCTAssertEqual(controller.menu.open?.owner, "pattern")
    }

    func testActivatingTheBadgeOpensItsListAndAStaleOptionDoesNothing() {
        var controller = controller()
        let scene = narrowScene(controller)
        XCTAssertEqual(controller.handle(.activate("shape/Star"), scene: scene), [], "no menu is open")
        XCTAssertEqual(controller.handle(.activate("sketch"), scene: scene), [], "a chip has no action")
        XCTAssertTrue(controller.handle(.activate(.badge), scene: scene).opensPopup)
        XCTAssertEqual(controller.menu.open?.owner, .badge)
    }

    func testFocusInputMovesTheFocusToInteractiveNodesOnly() {
        var controller = controller()
        let scene = narrowScene(controller)
        XCTAssertEqual(controller.handle(.focus("sketch"), scene: scene), [])
        XCTAssertNil(controller.focus)
        XCTAssertEqual(controller.handle(.focus(.badge), scene: scene).last, .redraw)
        XCTAssertEqual(controller.focus, .badge)
        XCTAssertTrue(controller.focusVisible)
    }
}

extension [Effect] {
    var opensPopup: Bool { contains { if case .openPopup = $0 { true } else { false } } }
    /// A pick that changed a label lays out again with motion.
    var changesSelection: Bool { contains { if case .relayout(_, _, animated: true) = $0 { true } else { false } } }
    /// The state and viewport a relayout carries, so the app never reads them back.
    var laidOut: (state: PanelState, viewport: Size)? {
        for case .relayout(let state, let viewport, _) in self { return (state, viewport) }
        return nil
    }
}
