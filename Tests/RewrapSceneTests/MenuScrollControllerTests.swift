import RewrapLayout
import RewrapPanelFile
import RewrapScene
import RewrapTestSupport
import XCTest

/// A menu taller than the screen, cut to 20 rows: the controller scrolls it
/// by wheel, keys and hovered indicators, and keeps the highlight in view.
final class MenuScrollControllerTests: XCTestCase {
    private let options = (1...60).map { "Option \($0)" }

    private func controller(selected: String = "Option 46") -> (PanelController, Scene) {
        let panel = Panel(
            title: "Long",
            menus: MenuSection(heading: "Heading", footer: "Footer", items: [
                DropdownSpec(id: "size", title: "Size", options: options, selected: selected),
            ]),
            chips: ChipSection(heading: "Chips", footer: "Footer", items: []))
        let state = PanelState(panel: panel)
        let scene = PageLayout(metrics: Metrics(), words: .english, measurer: FixedAdvanceMeasurer())
            .scene(for: state, viewportWidth: 600)
        return (PanelController(state: state, metrics: Metrics(), viewport: Size(width: 600, height: 400)), scene)
    }

    /// Opens the menu the way the app does: the open, then where it was placed.
    private func open(_ input: Input, visibleRows: Int = 20, selected: String = "Option 46") -> (PanelController, Scene) {
        var (controller, scene) = controller(selected: selected)
        if input == .key(.returnKey) { _ = controller.handle(.key(.tab), scene: scene) }
        XCTAssertTrue(controller.handle(input, scene: scene).opensPopup)
        _ = controller.handle(.popupPlaced(.showing(visibleRows)), scene: scene)
        return (controller, scene)
    }

    private func scroll(_ controller: PanelController) -> MenuScroll { controller.menu.open!.scroll }

    // MARK: - Opening

    func testOpensWithTheCurrentOptionInTheMiddle() {
        for input in [Input.pointerPressed(on: "size"), .key(.returnKey)] {
            let (controller, _) = open(input)
            XCTAssertEqual(scroll(controller).visible, 20)
            XCTAssertEqual(scroll(controller).first, 35, "\(input): row 45 is the 11th of 20 shown")
            XCTAssertTrue(scroll(controller).shown.contains(45))
        }
        let (nearEnd, _) = open(.pointerPressed(on: "size"), selected: "Option 60")
        XCTAssertEqual(scroll(nearEnd).shown, 40..<60, "the last option: the end shows")
        let (nearStart, _) = open(.pointerPressed(on: "size"), selected: "Option 2")
        XCTAssertEqual(scroll(nearStart).first, 0)
    }

    func testAMenuThatFitsIsNotCut() {
        var (controller, scene) = controller()
        _ = controller.handle(.pointerPressed(on: "size"), scene: scene)
        XCTAssertEqual(controller.handle(.popupPlaced(.showing(60)), scene: scene), [.redrawPopup], "placed: drawn")
        XCTAssertFalse(scroll(controller).isCut)
        XCTAssertEqual(controller.handle(.popupPlaced(.showing(60)), scene: scene), [], "the same place: nothing to redraw")
        XCTAssertEqual(controller.handle(.popupPlaced(.showing(20)), scene: scene), [.redrawPopup],
                       "cut: redrawn with the current option in view")
    }

    // MARK: - Keys keep the highlight in view

    func testArrowsScrollJustEnoughToKeepTheHighlightInView() {
        var (controller, scene) = open(.key(.returnKey))
        XCTAssertEqual(controller.menu.open?.highlighted, 45)
        for _ in 0..<9 { _ = controller.handle(.key(.down), scene: scene) }
        XCTAssertEqual(controller.menu.open?.highlighted, 54)
        XCTAssertEqual(scroll(controller).first, 35, "row 54 is the last shown: no scroll yet")
        _ = controller.handle(.key(.down), scene: scene)
        XCTAssertEqual(scroll(controller).first, 36)
        XCTAssertTrue(scroll(controller).shown.contains(55))
        for _ in 0..<5 { _ = controller.handle(.key(.down), scene: scene) }
        XCTAssertEqual(controller.menu.open?.highlighted, 0, "wrapped round to the top")
        XCTAssertEqual(scroll(controller).first, 0)
        _ = controller.handle(.key(.up), scene: scene)
        XCTAssertEqual(scroll(controller).shown, 40..<60, "and back round to the end")
    }

    func testPageKeysMoveAPageAndStopAtTheEnds() {
        var (controller, scene) = open(.key(.returnKey), selected: "Option 11")
        XCTAssertEqual(scroll(controller).first, 0)
        var seen: [[Int]] = []
        for key in [Key.pageDown, .pageDown, .pageDown, .pageUp, .pageUp, .pageUp, .pageUp] {
            _ = controller.handle(.key(key), scene: scene)
            seen.append([controller.menu.open!.highlighted!, scroll(controller).first])
        }
        // A page is 19 rows: 20 shown, less one kept for context. No wrapping at the ends.
        XCTAssertEqual(seen, [[29, 10], [48, 29], [59, 40], [40, 40], [21, 21], [2, 2], [0, 0]])
    }

    func testHomeEndAndTypedLettersScrollToo() {
        var (controller, scene) = open(.key(.returnKey))
        _ = controller.handle(.key(.home), scene: scene)
        XCTAssertEqual(scroll(controller).first, 0)
        _ = controller.handle(.key(.end), scene: scene)
        XCTAssertEqual(scroll(controller).shown, 40..<60)
        XCTAssertEqual(controller.menu.open?.highlighted, 59)
        _ = controller.handle(.key(.character("o")), scene: scene)
        XCTAssertEqual(controller.menu.open?.highlighted, 0, "the next row starting with o, from the end: the first")
        XCTAssertEqual(scroll(controller).first, 0)
    }

    func testPageKeysWithNothingHighlightedStartFromTheFirstShownRow() {
        var (controller, scene) = open(.pointerPressed(on: "size"))
        XCTAssertNil(controller.menu.open?.highlighted)
        _ = controller.handle(.key(.pageDown), scene: scene)
        XCTAssertEqual(controller.menu.open?.highlighted, 35 + 19)
    }

    // MARK: - Wheel

    func testWheelScrollsTheMenuAndStopsAtTheEnds() {
        var (controller, scene) = open(.pointerPressed(on: "size"))
        let effects = controller.handle(.popupScrolled(rows: 3), scene: scene)
        XCTAssertEqual(effects, [.redrawPopup])
        XCTAssertEqual(scroll(controller).first, 38)
        _ = controller.handle(.popupScrolled(rows: 10), scene: scene)
        XCTAssertEqual(scroll(controller).first, 40)
        XCTAssertEqual(controller.handle(.popupScrolled(rows: 1), scene: scene), [], "nothing left below")
        _ = controller.handle(.popupScrolled(rows: -100), scene: scene)
        XCTAssertEqual(scroll(controller).first, 0)
        XCTAssertEqual(controller.scroll.offset, .zero, "the window does not scroll")
    }

    // MARK: - Hovered indicators

    func testHoveringAnIndicatorScrollsOnATickUntilTheEnd() {
        var (controller, scene) = open(.pointerPressed(on: "size"))
        var effects = controller.handle(.popupPointerMoved(over: .indicator(.bottom)), scene: scene)
        XCTAssertEqual(scroll(controller).first, 36, "one row at once")
        XCTAssertTrue(effects.contains(.scheduleMenuScroll(after: PopupMenu.autoScrollInterval)))
        XCTAssertEqual(controller.handle(.popupPointerMoved(over: .indicator(.bottom)), scene: scene), [], "moving over it again changes nothing")
        var ticks = 0
        repeat {
            effects = controller.handle(.menuScrollTick, scene: scene)
            ticks += 1
        } while effects.contains(.scheduleMenuScroll(after: PopupMenu.autoScrollInterval)) && ticks < 100
        XCTAssertEqual(ticks, 4, "rows 37 to 40")
        XCTAssertEqual(scroll(controller).first, 40)
        XCTAssertNil(controller.menu.open?.autoScroll, "at the end it stops by itself")
        XCTAssertEqual(controller.handle(.menuScrollTick, scene: scene), [], "a late tick does nothing")
    }

    func testLeavingTheIndicatorStopsTheScroll() {
        var (controller, scene) = open(.pointerPressed(on: "size"))
        _ = controller.handle(.popupPointerMoved(over: .indicator(.top)), scene: scene)
        XCTAssertEqual(scroll(controller).first, 34)
        _ = controller.handle(.popupPointerMoved(over: .row(40)), scene: scene)
        XCTAssertNil(controller.menu.open?.autoScroll)
        XCTAssertEqual(controller.menu.open?.highlighted, 40)
        XCTAssertEqual(controller.handle(.menuScrollTick, scene: scene), [], "the pending tick finds nothing to do")
        XCTAssertEqual(scroll(controller).first, 34)
    }

    func testAnIndicatorAtAnEndThatCannotScrollDoesNothing() {
        var (controller, scene) = open(.pointerPressed(on: "size"), selected: "Option 1")
        XCTAssertEqual(scroll(controller).first, 0)
        let effects = controller.handle(.popupPointerMoved(over: .indicator(.top)), scene: scene)
        XCTAssertFalse(effects.contains(.scheduleMenuScroll(after: PopupMenu.autoScrollInterval)))
        XCTAssertEqual(scroll(controller).first, 0)
    }

    func testPickingAScrolledRowSelectsIt() {
        var (controller, scene) = open(.pointerPressed(on: "size"))
        _ = controller.handle(.popupScrolled(rows: 5), scene: scene)
        let effects = controller.handle(.popupClicked(row: 57), scene: scene)
        XCTAssertTrue(effects.changesSelection)
        XCTAssertEqual(controller.state.selection(of: "size"), "Option 58")
    }
}

extension MenuPlace {
    /// A place on the screen for a menu of 60 rows that shows `rows` of them.
    static func showing(_ rows: Int) -> MenuPlace {
        let plan = PopupPlan(size: Size(width: 100, height: 1200), rows: (0..<60).map { Rect(x: 0, y: Double($0) * 20, width: 100, height: 20) })
        return MenuPlace(plan: plan, anchor: PixelRect(x: 0, y: 0, width: 100, height: 30),
                         frame: PixelRect(x: 0, y: 34, width: 100, height: rows * 20), corner: (0, 34), visibleRows: rows)
    }
}
