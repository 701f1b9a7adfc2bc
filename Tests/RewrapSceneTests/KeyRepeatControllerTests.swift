import RewrapScene
import RewrapTestSupport
import XCTest

/// Rules §8.7: a key the keyboard repeats while it is held moves the focus,
/// the highlight or the scroll as its press does, and never opens, picks or
/// closes: a key held when a menu opens never picks in it.
final class KeyRepeatControllerTests: XCTestCase {
    private var scene: Scene { SmallPanel.scene }

    func testTheRepeatsOfTheKeyThatOpenedAMenuNeitherPickNorClose() {
        for opener in [Key.returnKey, .space, .openMenu] {
            var controller = SmallPanel.focusedOnShape()
            _ = controller.handle(.key(opener), scene: scene)
            XCTAssertNotNil(controller.menu.open, "\(opener) opens the menu")
            for _ in 0..<3 { XCTAssertEqual(controller.handle(.keyRepeated(opener), scene: scene), [], "\(opener) repeated") }
            XCTAssertNotNil(controller.menu.open, "still open after \(opener)'s repeats")
        }
    }

    func testNoRepeatOpensClosesOrQuits() {
        for key in [Key.returnKey, .space, .openMenu] {
            var controller = SmallPanel.focusedOnShape()
            XCTAssertEqual(controller.handle(.keyRepeated(key), scene: scene), [], "\(key) repeated on a closed dropdown")
            XCTAssertNil(controller.menu.open)
        }
        for key in [Key.escape, .closeMenu, .quit, .closeWindow, .inspector, .reload] {
            var controller = SmallPanel.focusedOnShape()
            _ = controller.handle(.key(.returnKey), scene: scene)
            XCTAssertEqual(controller.handle(.keyRepeated(key), scene: scene), [], "\(key) repeated in an open menu")
            XCTAssertNotNil(controller.menu.open)
        }
    }

    func testRepeatsMoveAsPressesDo() throws {
        var controller = SmallPanel.focusedOnShape()
        _ = controller.handle(.keyRepeated(.tab), scene: scene)
        XCTAssertEqual(controller.focus, scene.interactiveIDs[1], "a held Tab goes on moving the focus")
        _ = controller.handle(.key(.backTab), scene: scene)
        _ = controller.handle(.key(.returnKey), scene: scene)
        let menu = try XCTUnwrap(controller.menu.open)
        _ = controller.handle(.keyRepeated(.down), scene: scene)
        XCTAssertEqual(controller.menu.open?.highlighted, 1, "a held Down goes on moving the highlight")
        _ = controller.handle(.keyRepeated(.end), scene: scene)
        XCTAssertEqual(controller.menu.open?.highlighted, menu.entries.count - 1)
        _ = controller.handle(.key(.returnKey), scene: scene)
        XCTAssertNil(controller.menu.open, "a new press of Return picks")
        XCTAssertEqual(controller.state.selection(of: "shape"), menu.entries.last?.text)
    }
}
