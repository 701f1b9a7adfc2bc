import RewrapAccessibility
import RewrapLayout
import RewrapPanelFile
import RewrapScene
import XCTest

final class AccessibleTreeTests: XCTestCase {
    private func outline(_ tree: AccessibleTree) -> [String] {
        tree.inOrder.map { node in
            var depth = 0
            var parent = node.parent
            while let key = parent { depth += 1; parent = tree[key]?.parent }
            return String(repeating: "  ", count: depth) + "\(node.role.name) '\(node.name)'"
        }
    }

    func testTreeReadsLikeTheWindowInReadingOrder() {
        XCTAssertEqual(outline(SceneFixture().tree), [
            "application 'rewrap'",
            "  frame 'Rewrap'",
            "    heading 'Layout options'",
            "    combo box 'Shape: Circle'",
            "    combo box 'Pattern: Solid'",
            "    combo box 'Arrangement: Rows'",
            "    label 'Choose a longer option, then narrow the window.'",
            "    heading 'Sample labels'",
            "    list 'Sample labels'",
            "      list item 'Sketch'",
            "      list item 'Color samples'",
            "      list item 'Shapes'",
            "      list item 'Paper textures'",
            "      list item 'Layout notes'",
            "      list item 'Preview'",
            "    label 'Resize the window to change how many labels fit.'",
        ])
    }

    func testNarrowWindowListsOnlyVisibleChipsThenTheBadgeAsAPushButton() throws {
        var fixture = SceneFixture()
        fixture.viewport = Size(width: 340, height: 420)
        let tree = fixture.tree
        let visible = fixture.trace.nodes.filter { $0.kind == .chip }.map(\.text)
        XCTAssertFalse(visible.isEmpty)
        XCTAssertLessThan(visible.count, 6, "fixture: some chips are hidden at 340 px")
        XCTAssertEqual(tree[.chipList]?.children.compactMap { tree[$0]?.name }, visible)
        let badge = try XCTUnwrap(tree[.node(.badge)])
        XCTAssertEqual(badge.role, .pushButton)
        XCTAssertEqual(badge.name, "\(6 - visible.count) more")
        XCTAssertEqual(badge.parent, .frame)
        XCTAssertEqual(badge.action?.target, .badge)
        let frame = try XCTUnwrap(tree[.frame])
        XCTAssertEqual(frame.children.firstIndex(of: .node(.badge)), frame.children.firstIndex(of: .chipList).map { $0 + 1 },
                       "the badge reads right after the chips")
    }

    /// With no chip shown, the list is an empty rectangle where the row
    /// starts: at the badge's leading edge, the right one right to left.
    func testAnEmptyChipListSitsWhereTheRowStartsInEitherDirection() throws {
        for direction in [LayoutDirection.leftToRight, .rightToLeft] {
            var fixture = SceneFixture()
            fixture.viewport = Size(width: 150, height: 420)
            fixture.direction = direction
            XCTAssertFalse(fixture.trace.nodes.contains { $0.kind == .chip }, "fixture: no chip fits at 150 px")
            let tree = fixture.tree
            let list = try XCTUnwrap(tree[.chipList]?.frame)
            let badge = try XCTUnwrap(tree[.node(.badge)]?.frame)
            XCTAssertEqual(list.width, 0)
            XCTAssertEqual(list.x, direction == .leftToRight ? badge.x : badge.x + badge.width, "\(direction)")
        }
    }

    func testExtentsAreTheTracesFramesAtRestAndScrolled() throws {
        for scroll in [Point.zero, Point(x: 0, y: 48)] {
            var fixture = SceneFixture()
            fixture.viewport = Size(width: 340, height: 200)
            fixture.scroll = scroll
            let tree = fixture.tree
            for node in fixture.trace.nodes {
                let accessible = try XCTUnwrap(tree[.node(node.id)], "\(node.id)")
                XCTAssertEqual(accessible.frame, node.frame, "\(node.id) scrolled by \(scroll.y)")
                XCTAssertEqual(accessible.window, .main)
                XCTAssertEqual(accessible.screenFrame(mainWindowAt: (100, 50)),
                               PixelRect(x: node.frame.x + 100, y: node.frame.y + 50, width: node.frame.width, height: node.frame.height))
            }
        }
    }

    func testNodesScrolledOutOfViewAreVisibleButNotShowing() throws {
        var fixture = SceneFixture()
        fixture.viewport = Size(width: 680, height: 120)
        fixture.scroll = Point(x: 0, y: 90)
        let tree = fixture.tree
        let heading = try XCTUnwrap(tree[.node(.menusHeading)])
        XCTAssertLessThan(heading.frame.y + heading.frame.height, 0, "fixture: the heading is scrolled above the window")
        XCTAssertEqual(heading.states, [.enabled, .sensitive, .visible])
        XCTAssertTrue(try XCTUnwrap(tree[.node(.chipsHeading)]).states.contains(.showing))
    }

    func testDropdownIsAFocusableComboBoxWhoseActionOpensIt() throws {
        var fixture = SceneFixture()
        fixture.focus = "pattern"
        let tree = fixture.tree
        let pattern = try XCTUnwrap(tree[.node("pattern")])
        XCTAssertEqual(pattern.role, .comboBox)
        XCTAssertEqual(pattern.states, [.enabled, .sensitive, .visible, .showing, .focusable, .expandable, .hasPopup, .focused])
        XCTAssertEqual(pattern.action, AccessibleAction(name: "press", description: "Opens the menu of options", target: "pattern",
                                                        keyBinding: "<Alt>Down"))
        XCTAssertEqual(pattern.name, "Pattern: Solid")
        XCTAssertNil(pattern.text, "named by its text, with no Text interface, as Qt's combo boxes")
        XCTAssertFalse(try XCTUnwrap(tree[.node("shape")]).states.contains(.focused))
        XCTAssertEqual(tree.focused, .node("pattern"))
    }

    func testOpenMenuHangsFromItsDropdownWithTheCurrentOptionChecked() throws {
        var fixture = SceneFixture()
        fixture.focus = "shape"
        fixture.open("shape")
        let tree = fixture.tree
        let popup = try XCTUnwrap(fixture.popup)
        let shape = try XCTUnwrap(tree[.node("shape")])
        XCTAssertTrue(shape.states.contains(.expanded))
        XCTAssertEqual(shape.children, [.menu(of: "shape")])
        let menu = try XCTUnwrap(tree[.menu(of: "shape")])
        XCTAssertEqual(menu.role, .menu)
        XCTAssertEqual(menu.screenFrame(mainWindowAt: (999, 999)), popup.frame, "the menu is where the popup window is")
        let items = menu.children.compactMap { tree[$0] }
        XCTAssertEqual(items.map(\.role), [.checkMenuItem, .checkMenuItem])
        XCTAssertEqual(items.map(\.name), ["Circle", "Rounded rectangle"])
        XCTAssertEqual(items.map { $0.states.contains(.checked) }, [true, false])
        XCTAssertEqual(items.map { $0.action?.target }, ["shape/Circle", "shape/Rounded rectangle"])
        for (item, row) in zip(items, popup.rows) {
            let row = try XCTUnwrap(row)
            XCTAssertEqual(item.screenFrame(mainWindowAt: (999, 999)),
                           PixelRect(x: popup.frame.x + row.x, y: popup.frame.y + row.y, width: row.width, height: row.height))
        }
        XCTAssertEqual(tree.focused, .node("shape"), "with nothing highlighted the button keeps the focus")
    }

    func testHighlightedOptionHoldsTheFocus() throws {
        var fixture = SceneFixture()
        fixture.focus = "shape"
        fixture.open("shape", highlighted: 1)
        let tree = fixture.tree
        XCTAssertEqual(tree.focused, .node("shape/Rounded rectangle"))
        XCTAssertTrue(try XCTUnwrap(tree[.node("shape/Rounded rectangle")]).states.isSuperset(of: [.focused, .selected]))
        XCTAssertFalse(try XCTUnwrap(tree[.node("shape")]).states.contains(.focused))
    }

    func testBadgeMenuListsHiddenChipsAsPlainItems() throws {
        var fixture = SceneFixture()
        fixture.viewport = Size(width: 340, height: 420)
        fixture.open(.badge)
        let tree = fixture.tree
        let items = try XCTUnwrap(tree[.menu(of: .badge)]).children.compactMap { tree[$0] }
        XCTAssertEqual(items.map(\.name), SceneFixture.panel.chips.items.dropFirst(fixture.scene.chipPlan.visible).map(\.title))
        XCTAssertTrue(items.allSatisfy { $0.role == .menuItem && !$0.states.contains(.checkable) })
        XCTAssertTrue(try XCTUnwrap(tree[.node(.badge)]).states.contains(.expanded))
    }

    func testStateWordsPutStateNInBitNModulo32OfWordNOver32() {
        // enabled 8, visible 30, checkable 41 (atspi-constants.h).
        XCTAssertEqual(AccessibleState.words([.enabled, .visible, .checkable]), [1 << 8 | 1 << 30, 1 << 9])
        XCTAssertEqual(AccessibleState.words([]), [0, 0])
    }
}
