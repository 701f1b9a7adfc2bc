import RewrapAccessibility
import RewrapLayout
import RewrapPanelFile
import RewrapScene
import XCTest

final class AccessibleEventsTests: XCTestCase {
    func testNothingChangedSendsNothing() {
        let tree = SceneFixture().tree
        XCTAssertEqual(tree.events(since: tree, boundsSince: tree), [])
    }

    func testSelectionRenamesItsDropdownAndBoundsWaitForTheSettledTree() {
        let before = SceneFixture()
        var after = before
        after.state.select("Rounded rectangle", for: "shape")
        let events = after.tree.events(since: before.tree, boundsSince: nil)
        XCTAssertEqual(events, [.nameChanged(.node("shape"), "Shape: Rounded rectangle")], "mid-move: the name, no bounds")

        let settled = after.tree.events(since: after.tree, boundsSince: before.tree)
        XCTAssertTrue(settled.contains(.boundsChanged(.node("shape"))), "Shape grew")
        XCTAssertTrue(settled.contains(.boundsChanged(.node("pattern"))), "Pattern moved right")
        XCTAssertFalse(settled.contains(.boundsChanged(.node(.menusHeading))), "the heading did not move")
        XCTAssertTrue(settled.allSatisfy { if case .boundsChanged = $0 { true } else { false } })
    }

    func testLargeTextAnnouncesNothing() {
        // The desktop's large text lays the page out at 1.5 in the same
        // window: things move and fewer chips fit, but no focus, name or
        // state changes, so a screen reader has nothing to say.
        var normal = SceneFixture()
        normal.focus = "shape"
        var large = normal
        large.scale = 1.5
        let events = large.tree.events(since: normal.tree, boundsSince: normal.tree)
        XCTAssertTrue(events.contains(.boundsChanged(.node("shape"))), "fixture: the page changed")
        for event in events {
            switch event {
            case .boundsChanged, .childAdded, .childRemoved: continue
            default: XCTFail("announced: \(event)")
            }
        }
    }

    func testNarrowerWindowRemovesTheChipsThatNoLongerFitFromTheEnd() throws {
        let wide = SceneFixture()
        var narrow = wide
        narrow.viewport = Size(width: 340, height: 420)
        let visible = narrow.scene.chipPlan.visible
        let events = narrow.tree.events(since: wide.tree, boundsSince: nil)
        let removed = events.compactMap { event -> Int? in
            if case .childRemoved(.chipList, let index, _) = event { return index } else { return nil }
        }
        XCTAssertEqual(removed, Array((visible..<6).reversed()), "highest index first, so each index is still right when read")
        let frame = try XCTUnwrap(narrow.tree[.frame])
        XCTAssertTrue(events.contains(.childAdded(parent: .frame, index: frame.children.firstIndex(of: .node(.badge))!,
                                                  child: .node(.badge))))
    }

    func testOpeningAMenuAddsItExpandsTheButtonAndMovesFocusToTheHighlight() {
        var closed = SceneFixture()
        closed.focus = "shape"
        var open = closed
        open.open("shape", highlighted: 0)
        XCTAssertEqual(open.tree.events(since: closed.tree, boundsSince: nil), [
            .childAdded(parent: .node("shape"), index: 0, child: .menu(of: "shape")),
            .stateChanged(.node("shape"), .expanded, true),
            .stateChanged(.node("shape"), .focused, false),
            .stateChanged(.node("shape/Circle"), .focused, true),
            .focus(.node("shape/Circle")),
        ])
    }

    /// The focus event announces the button anew; its collapse is not
    /// announced as well, or Orca says the button twice (Qt says it once).
    func testClosingTheMenuRemovesItAndFocusReturnsSaidOnce() {
        var open = SceneFixture()
        open.focus = "shape"
        open.open("shape", highlighted: 0)
        var closed = open
        closed.popup = nil
        XCTAssertEqual(closed.tree.events(since: open.tree, boundsSince: open.tree), [
            .childRemoved(parent: .node("shape"), index: 0, child: .menu(of: "shape")),
            .stateChanged(.node("shape"), .focused, true),
            .focus(.node("shape")),
        ])
        XCTAssertFalse(try XCTUnwrap(closed.tree[.node("shape")]).states.contains(.expanded), "asked, it says collapsed")
    }

    /// A menu that closes while its button has lost the focus (the window
    /// lost it) is announced as a collapse: no focus event says it.
    func testACollapseWithoutTheFocusComingBackIsAnnounced() {
        var open = SceneFixture()
        open.focus = "shape"
        open.open("shape", highlighted: 0)
        var closed = open
        closed.popup = nil
        closed.active = false
        XCTAssertTrue(closed.tree.events(since: open.tree, boundsSince: nil).contains(.stateChanged(.node("shape"), .expanded, false)))
    }

    func testAPickRenamesTheButtonOnceAsTheFocusComesBack() {
        var open = SceneFixture()
        open.focus = "shape"
        open.open("shape", highlighted: 1)
        var picked = open
        picked.popup = nil
        picked.state.select("Rounded rectangle", for: "shape")
        let events = picked.tree.events(since: open.tree, boundsSince: nil)
        XCTAssertEqual(events.filter { if case .nameChanged = $0 { true } else { false } },
                       [.nameChanged(.node("shape"), "Shape: Rounded rectangle")])
        XCTAssertEqual(events.filter { if case .focus = $0 { true } else { false } }, [.focus(.node("shape"))])
    }

    func testLosingTheDesktopsFocusDeactivatesTheWindowAndGainingItFocusesTheControlAgain() {
        var active = SceneFixture()
        active.focus = "pattern"
        var inactive = active
        inactive.active = false
        XCTAssertNil(inactive.tree.focused, "no control is focused in a window that is not active")
        XCTAssertEqual(inactive.tree.events(since: active.tree, boundsSince: nil), [
            .stateChanged(.frame, .active, false),
            .windowActivated(.frame, false),
            .stateChanged(.node("pattern"), .focused, false),
        ])
        XCTAssertEqual(active.tree.events(since: inactive.tree, boundsSince: nil), [
            .stateChanged(.frame, .active, true),
            .windowActivated(.frame, true),
            .stateChanged(.node("pattern"), .focused, true),
            .focus(.node("pattern")),
        ])
    }

    func testScrollingAnnouncesWhatLeftTheWindow() {
        var top = SceneFixture()
        top.viewport = Size(width: 680, height: 120)
        var scrolled = top
        scrolled.scroll = Point(x: 0, y: 90)
        let events = scrolled.tree.events(since: top.tree, boundsSince: nil)
        XCTAssertTrue(events.contains(.stateChanged(.node(.menusHeading), .showing, false)))
    }
}
