@testable import RewrapWayland
import XCTest
#if canImport(Glibc)
import Glibc
#endif

/// Keys through a keymap compiled from text, as a compositor sends it.
final class KeyboardTests: XCTestCase {
    /// Two keys: evdev 30 is X's keycode 38, the letter a.
    private let keymap = """
        xkb_keymap {
        xkb_keycodes "k" { minimum = 8; maximum = 255; <AC01> = 38; <LFSH> = 50; };
        xkb_types "t" { type "TWO_LEVEL" { modifiers = Shift; map[Shift] = Level2; level_name[Level1] = "Base"; level_name[Level2] = "Shift"; }; };
        xkb_compat "c" { interpret Shift_L { action = SetMods(modifiers=Shift); }; };
        xkb_symbols "s" { key <AC01> { type = "TWO_LEVEL", [ a, A ] }; key <LFSH> { [ Shift_L ] }; modifier_map Shift { <LFSH> }; };
        };
        """

    private func compiled() throws -> Keyboard {
        let keyboard = Keyboard()
        let refusal = keymap.withCString { keyboard.compileKeymap($0, length: keymap.utf8.count) }
        XCTAssertNil(refusal)
        return keyboard
    }

    func testAKeyCodePastTheLargestKeycodeIsNoKey() throws {
        let keyboard = try compiled()
        XCTAssertNil(keyboard.key(UInt32.max, pressed: true, at: 1))
        XCTAssertNil(keyboard.key(UInt32.max - 7, pressed: false, at: 1))
        let (key, stroke) = try XCTUnwrap(keyboard.key(30, pressed: true, at: 1))
        XCTAssertEqual(stroke.keycode, 38)
        XCTAssertEqual(stroke.text, "a")
        XCTAssertNotNil(key)
    }

    func testKeymapTextThatDoesNotCompileIsRefusedInOneLineAndKeysAreIgnored() {
        let keyboard = Keyboard()
        let text = "xkb_keymap { nothing here };"
        let refusal = text.withCString { keyboard.compileKeymap($0, length: text.utf8.count) }
        XCTAssertEqual(refusal, "rewrap: the compositor's keymap does not compile; the keyboard is ignored")
        XCTAssertNil(keyboard.key(30, pressed: true, at: 1))
    }
}

/// Key repeat as the compositor sets it (found by the wayland-keymap fuzz
/// target: Fuzz/Corpus/wayland-keymap/crash-repeat-turned-off-while-a-key-is-held).
final class KeyRepeatTests: XCTestCase {
    private func holdingA(rate: Int32, delay: Int32) -> Keyboard {
        let keyboard = Keyboard()
        let text = """
            xkb_keymap { xkb_keycodes "k" { minimum = 8; maximum = 255; <AC01> = 38; }; xkb_types "t" { };
            xkb_compat "c" { }; xkb_symbols "s" { key <AC01> { [ a ] }; }; };
            """
        XCTAssertNil(text.withCString { keyboard.compileKeymap($0, length: text.utf8.count) })
        keyboard.repeatInfo(rate: rate, delay: delay)
        XCTAssertNotNil(keyboard.key(30, pressed: true, at: 1))
        return keyboard
    }

    func testRepeatTurnedOffWhileAKeyIsHeldStopsItsRepeat() {
        let keyboard = holdingA(rate: 25, delay: 600)
        XCTAssertEqual(keyboard.repeatDeadline, 1.6)
        keyboard.repeatInfo(rate: 0, delay: 600)
        XCTAssertNil(keyboard.repeatDeadline)
        XCTAssertNil(keyboard.dueRepeat(at: 10))
    }

    func testADeadKeyPressedWhileAKeyRepeatsEndsThatRepeat() throws {
        // The dead key starts a compose sequence, from the locale's table.
        setenv("LC_ALL", "en_US.UTF-8", 1)
        defer { unsetenv("LC_ALL") }
        let keyboard = Keyboard()
        let text = """
            xkb_keymap { xkb_keycodes "k" { minimum = 8; maximum = 255; <AC01> = 38; <AC02> = 39; }; xkb_types "t" { };
            xkb_compat "c" { }; xkb_symbols "s" { key <AC01> { [ a ] }; key <AC02> { [ dead_acute ] }; }; };
            """
        XCTAssertNil(text.withCString { keyboard.compileKeymap($0, length: text.utf8.count) })
        XCTAssertNotNil(try XCTUnwrap(keyboard.key(30, pressed: true, at: 1)).key)
        XCTAssertNotNil(keyboard.repeatDeadline)
        XCTAssertNil(try XCTUnwrap(keyboard.key(31, pressed: true, at: 1.1)).key)
        XCTAssertNil(keyboard.repeatDeadline)
        XCTAssertNil(keyboard.dueRepeat(at: 2))
    }

    /// Rules §8.7: a repeat is marked, so it moves but never picks.
    func testARepeatIsMarkedAsOne() throws {
        let keyboard = holdingA(rate: 25, delay: 600)
        let (_, pressed) = try XCTUnwrap(keyboard.key(30, pressed: true, at: 1))
        XCTAssertFalse(pressed.isRepeat)
        let repeated = try XCTUnwrap(keyboard.dueRepeat(at: 1.6))
        XCTAssertTrue(repeated.stroke.isRepeat)
        XCTAssertEqual(repeated.key, .character("a"))
    }

    func testARepeatDelayOfWeeksIsCutToAMinute() {
        let keyboard = holdingA(rate: 25, delay: .max)
        XCTAssertEqual(keyboard.repeatDeadline, 61)
    }
}
