import CX11
import RewrapPlatform
import RewrapScene
@testable import RewrapX11
import XCTest

/// A key as a screen reader must see it (keysym, keycode, modifiers, text,
/// time), and as the app reads it; keysyms and masks are Xlib's own.
final class KeyStrokeTests: XCTestCase {
    private func event(keycode: UInt32, state: UInt32, time: UInt) -> XKeyEvent {
        var event = XKeyEvent()
        event.keycode = keycode
        event.state = state
        event.time = Time(time)
        return event
    }

    func testAStrokeKeepsWhatTheServerSent() {
        let stroke = Toolkit.stroke(event(keycode: 38, state: UInt32(ShiftMask), time: 4321), isPress: true,
                                    keysym: KeySym(XK_A), text: "A")
        XCTAssertEqual(stroke, KeyStroke(isPress: true, keysym: UInt32(XK_A), keycode: 38, modifiers: UInt32(ShiftMask),
                                         text: "A", time: 4321))
    }

    /// XLookupString gives "\t", "\r" and ESC for these; screen readers name them by keysym instead.
    func testControlCharactersAreNoText() {
        for (keysym, typed) in [(XK_Tab, "\t"), (XK_Return, "\r"), (XK_Escape, "\u{1B}")] {
            let stroke = Toolkit.stroke(event(keycode: 23, state: 0, time: 9), isPress: false, keysym: KeySym(keysym), text: typed)
            XCTAssertEqual(stroke.text, "", "\(keysym)")
            XCTAssertFalse(stroke.isPress)
        }
        XCTAssertEqual(Toolkit.stroke(event(keycode: 53, state: 0, time: 9), isPress: true, keysym: 0x6c8, text: "ش").text, "ش")
    }

    /// Orca reads a time of 0 as "no time" and then never consumes the key.
    func testTheTimeIsNeverZero() {
        XCTAssertEqual(Toolkit.stroke(event(keycode: 23, state: 0, time: 0), isPress: true, keysym: KeySym(XK_Tab), text: "").time, 1)
    }

    /// Orca's own keys reach the app as nothing it acts on, except KP_Enter,
    /// which is Return when Orca leaves it: the stroke still goes first.
    func testOrcasKeysAreNotTheAppsExceptKeypadEnter() {
        XCTAssertNil(key(KeySym(XK_Insert), text: "", state: 0))
        XCTAssertNil(key(KeySym(XK_KP_Subtract), text: "-", state: 0))
        XCTAssertNil(key(KeySym(XK_KP_Page_Up), text: "", state: 0))
        XCTAssertEqual(key(KeySym(XK_KP_Enter), text: "\r", state: 0), .returnKey)
        XCTAssertEqual(key(KeySym(XK_Tab), text: "\t", state: UInt32(ShiftMask)), .backTab)
        XCTAssertEqual(key(KeySym(XK_h), text: "h", state: 0), .character("h"))
    }

    /// The app's key for a press read as `keysym` and `text`, as the toolkit decodes it.
    private func key(_ keysym: KeySym, text: String, state: UInt32) -> Key? {
        Key(Toolkit.stroke(event(keycode: 23, state: state, time: 1), isPress: true, keysym: keysym, text: text))
    }
}
