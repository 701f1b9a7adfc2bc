import RewrapPlatform
import RewrapScene
import XCTest

/// Rules §8.7: keys are matched as GTK and Qt match them, by the keysym of
/// the layout's own level, then by the Latin keysym the same key has in
/// another group; a modifier never turns a key into another key.
final class ShortcutKeyTests: XCTestCase {
    private let shift: UInt32 = 1, lock: UInt32 = 2, control: UInt32 = 4, alt: UInt32 = 8, numLock: UInt32 = 16

    private func key(_ keysym: UInt32, _ modifiers: UInt32, text: String = "", latin: UInt32? = nil) -> Key? {
        Key(KeyStroke(isPress: true, keysym: keysym, keycode: 24, modifiers: modifiers, text: text, time: 1), latin: latin)
    }

    func testCtrlQAndCtrlWQuitAndClose() {
        XCTAssertEqual(key(0x71, control, text: "\u{11}"), .quit)
        XCTAssertEqual(key(0x77, control, text: "\u{17}"), .closeWindow)
        XCTAssertEqual(key(0x51, control | lock), .quit, "Caps Lock gives Q for q: the same shortcut")
        XCTAssertEqual(key(0x71, control | numLock), .quit, "Num Lock changes nothing")
        XCTAssertNil(key(0x51, control | shift), "Ctrl+Shift+Q is another shortcut, none of ours")
        XCTAssertEqual(key(0x71, 0, text: "q"), .character("q"), "q alone types q")
    }

    func testANonLatinLayoutFallsBackToTheLatinKeysymOfTheSameKey() {
        // ru,us with Russian active: the key that types й is q in the us group.
        XCTAssertEqual(key(0x6ca, control, latin: 0x71), .quit)
        XCTAssertEqual(key(0x6c3, control, latin: 0x77), .closeWindow, "ц is w")
        XCTAssertEqual(key(0x6ca, 0, text: "й", latin: 0x71), .character("й"), "without Control it types й")
        XCTAssertNil(key(0x6ca, control), "no Latin group: no shortcut")
    }

    func testALatinKeysymOfTheLayoutWinsOverAnotherGroup() {
        // AZERTY: the key marked Q gives q, wherever it is; another group's
        // letter for the same key does not count.
        XCTAssertEqual(key(0x71, control, latin: 0x61), .quit)
        XCTAssertNil(key(0x61, control, latin: 0x71), "the key marked A is not Ctrl+Q")
    }

    func testAltUpAndAltDownOpenAndCloseMenus() {
        XCTAssertEqual(key(0xff52, alt), .closeMenu)
        XCTAssertEqual(key(0xff54, alt), .openMenu)
        XCTAssertEqual(key(0xff54, 0), .down)
        XCTAssertEqual(key(0xff54, numLock), .down)
    }

    func testOtherModifiersMakeNoKey() {
        XCTAssertNil(key(0xff54, control), "Ctrl+Down is not Down")
        XCTAssertNil(key(0xff0d, alt), "Alt+Return is not Return")
        XCTAssertNil(key(0xff1b, control), "Ctrl+Esc is not Esc")
        XCTAssertNil(key(0x61, alt, text: "a"), "Alt+a types no letter into a menu")
        XCTAssertNil(key(0xff09, control, text: "\t"), "Ctrl+Tab is not Tab")
        XCTAssertEqual(key(0xff09, shift, text: "\t"), .backTab)
        XCTAssertEqual(key(0x41, shift, text: "A"), .character("A"))
    }
}
