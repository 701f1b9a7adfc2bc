import RewrapAccessibility
import RewrapLayout
import RewrapPanelFile
import RewrapScene
import XCTest

/// Extents as a screen reader reads them, against the trace's frames (what
/// the painter drew): in both directions, scrolled, and at scale 2.
final class AccessibleExtentsTests: XCTestCase {
    private func fixtures() -> [SceneFixture] {
        var all: [SceneFixture] = []
        for direction in [LayoutDirection.leftToRight, .rightToLeft] {
            for scroll in [Point.zero, Point(x: 0, y: 48)] {
                for scale in [1.0, 2.0] {
                    var fixture = SceneFixture()
                    fixture.viewport = Size(width: 340, height: 200)
                    fixture.direction = direction
                    fixture.scroll = scroll
                    fixture.scale = scale
                    all.append(fixture)
                }
            }
        }
        return all
    }

    func testNodeExtentsAreTheDrawnFramesInEveryDirectionScrollAndScale() throws {
        for fixture in fixtures() {
            let tree = fixture.tree
            let label = "\(fixture.direction) scrolled \(fixture.scroll.y) at \(fixture.scale)"
            for node in fixture.trace.nodes {
                XCTAssertEqual(try XCTUnwrap(tree[.node(node.id)]).frame, node.frame, "\(node.id) \(label)")
            }
        }
    }

    /// Each drawn line of a wrapped footer gets its own band of the node,
    /// top to bottom, and its first character sits at the start edge: the
    /// left one, or the right one in right-to-left text.
    func testLineRangesTileTheNodeAndStartAtTheStartEdge() throws {
        for fixture in fixtures() {
            let tree = fixture.tree
            let label = "\(fixture.direction) scrolled \(fixture.scroll.y) at \(fixture.scale)"
            let footer = try XCTUnwrap(tree[.node(.menusFooter)])
            XCTAssertGreaterThan(footer.lines.count, 1, "fixture: the footer wraps at 340 px (\(label))")
            XCTAssertEqual(footer.rightToLeft, fixture.direction == .rightToLeft)
            let text = AccessibleText(try XCTUnwrap(footer.text), lines: footer.lines)
            var top = footer.frame.y
            var offset = 0
            for line in footer.lines {
                let segment = text.segment(at: offset, .line)
                let box = try XCTUnwrap(text.rangeBox(from: segment.start, to: segment.end, in: footer.frame,
                                                      rightToLeft: footer.rightToLeft), label)
                XCTAssertEqual(box.y, top, "\(line) \(label)")
                XCTAssertTrue(box.x >= footer.frame.x && box.x + box.width <= footer.frame.x + footer.frame.width, "\(line) \(label)")
                let first = try XCTUnwrap(text.characterBox(segment.start, in: footer.frame, rightToLeft: footer.rightToLeft))
                if footer.rightToLeft {
                    XCTAssertEqual(first.x + first.width, footer.frame.x + footer.frame.width, "\(line) \(label)")
                } else {
                    XCTAssertEqual(first.x, footer.frame.x, "\(line) \(label)")
                }
                XCTAssertEqual(text.offset(atX: first.x + first.width / 2, y: first.y + first.height / 2, in: footer.frame,
                                           rightToLeft: footer.rightToLeft), segment.start, "\(line) \(label)")
                top = box.y + box.height
                offset = segment.end
            }
            XCTAssertEqual(top, footer.frame.y + footer.frame.height, "the lines fill the node (\(label))")
        }
    }

    func testNoCharacterOutsideTheTextHasABox() {
        let text = AccessibleText("Sketch", lines: ["Sketch"])
        let frame = PixelRect(x: 20, y: 10, width: 60, height: 20)
        XCTAssertEqual(text.characterBox(0, in: frame, rightToLeft: false), PixelRect(x: 20, y: 10, width: 10, height: 20))
        XCTAssertEqual(text.characterBox(0, in: frame, rightToLeft: true), PixelRect(x: 70, y: 10, width: 10, height: 20))
        XCTAssertNil(text.characterBox(6, in: frame, rightToLeft: false))
        XCTAssertNil(text.rangeBox(from: 3, to: 3, in: frame, rightToLeft: false))
        XCTAssertEqual(text.offset(atX: 5, y: 15, in: frame, rightToLeft: false), -1)
    }

    /// The badge's list hangs from it while closed too, enabled but not
    /// shown, as a menu button's does, so Orca says it opens a menu.
    func testTheBadgeHoldsItsMenuWhetherOpenOrNot() throws {
        var fixture = SceneFixture()
        fixture.viewport = Size(width: 340, height: 420)
        let closed = try XCTUnwrap(fixture.tree[.menu(of: .badge)])
        XCTAssertEqual(closed.role, .menu)
        XCTAssertEqual(closed.parent, .node(.badge))
        XCTAssertTrue(closed.states.contains(.enabled))
        XCTAssertFalse(closed.states.contains(.showing))
        XCTAssertTrue(try XCTUnwrap(fixture.tree[.node(.badge)]).states.contains(.hasPopup))
        fixture.open(.badge)
        XCTAssertTrue(try XCTUnwrap(fixture.tree[.menu(of: .badge)]).states.contains(.showing))
        XCTAssertNil(SceneFixture().tree[.menu(of: .badge)], "no badge, no menu: every chip fits at 680 px")
    }

    /// Buttons are named by their text and have no Text interface, as in Qt:
    /// Orca reads both otherwise, and says the name twice.
    func testOnlyWhatIsNotAButtonHasText() throws {
        var fixture = SceneFixture()
        fixture.viewport = Size(width: 340, height: 420)
        let tree = fixture.tree
        XCTAssertNil(try XCTUnwrap(tree[.node("shape")]).text)
        XCTAssertNil(try XCTUnwrap(tree[.node(.badge)]).text)
        XCTAssertEqual(try XCTUnwrap(tree[.node(.menusHeading)]).text, "Layout options")
        XCTAssertTrue(try XCTUnwrap(tree[.node(.menusHeading)]).isBold)
    }
}
