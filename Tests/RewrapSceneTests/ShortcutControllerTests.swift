import RewrapLayout
import RewrapPanelFile
import RewrapScene
import RewrapTestSupport
import XCTest

/// Rules §8.7: Ctrl+Q and Ctrl+W close the window, a menu open or not;
/// Alt+Down opens the focused dropdown's menu and Alt+Up closes it.
final class ShortcutControllerTests: XCTestCase {
    private var scene: Scene { SmallPanel.scene }

    func testQuitAndCloseAskTheWindowToClose() {
        for key in [Key.quit, .closeWindow] {
            var controller = SmallPanel.focusedOnShape()
            XCTAssertEqual(controller.handle(.key(key), scene: scene), [.closeWindow], "\(key) with no menu")
            controller = SmallPanel.focusedOnShape()
            _ = controller.handle(.key(.returnKey), scene: scene)
            XCTAssertEqual(controller.handle(.key(key), scene: scene), [.closePopup, .redraw, .closeWindow], "\(key) with a menu open")
        }
    }

    func testAltUpClosesTheMenuWithNothingPickedAndTheFocusStays() {
        var controller = SmallPanel.focusedOnShape()
        _ = controller.handle(.key(.openMenu), scene: scene)
        XCTAssertNotNil(controller.menu.open, "Alt+Down opens the focused dropdown")
        _ = controller.handle(.key(.down), scene: scene)
        XCTAssertEqual(controller.handle(.key(.closeMenu), scene: scene), [.closePopup, .redraw])
        XCTAssertEqual(controller.state.selection(of: "shape"), "Circle")
        XCTAssertEqual(controller.focus, "shape")
        XCTAssertEqual(controller.handle(.key(.closeMenu), scene: scene), [], "with no menu, nothing to close")
    }

    func testAltDownInAnOpenMenuMovesNothing() {
        var controller = SmallPanel.focusedOnShape()
        _ = controller.handle(.key(.openMenu), scene: scene)
        let before = controller.menu.open
        XCTAssertEqual(controller.handle(.key(.openMenu), scene: scene), [])
        XCTAssertEqual(controller.menu.open, before)
    }
}
