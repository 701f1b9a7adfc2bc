import CX11
@testable import RewrapX11
import XCTest

/// Rules §8.7: a press the server repeats while a key is held is a repeat,
/// never a new press, whether the server says so (XKB's detectable
/// autorepeat) or only sends a release and a press with one timestamp.
final class AutoRepeatTests: XCTestCase {
    private func key(_ type: Int32, keycode: UInt32, time: UInt, window: Window = 7) -> XEvent {
        var event = XEvent()
        event.xkey.type = type
        event.xkey.keycode = keycode
        event.xkey.time = Time(time)
        event.xkey.window = window
        return event
    }

    func testWithDetectableAutorepeatAPressOfAKeyAlreadyDownIsARepeat() {
        var repeats = AutoRepeat(detectable: true)
        XCTAssertFalse(repeats.pressed(key(KeyPress, keycode: 36, time: 5000).xkey))
        XCTAssertTrue(repeats.pressed(key(KeyPress, keycode: 36, time: 5660).xkey))
        XCTAssertFalse(repeats.pressed(key(KeyPress, keycode: 116, time: 5700).xkey), "another key")
        repeats.released(key(KeyRelease, keycode: 36, time: 5800).xkey)
        XCTAssertFalse(repeats.pressed(key(KeyPress, keycode: 36, time: 5800).xkey), "pressed again in the same millisecond: new")
    }

    func testAKeyLetGoElsewhereIsNoLongerDownOnceTheFocusComesBack() {
        var repeats = AutoRepeat(detectable: true)
        XCTAssertFalse(repeats.pressed(key(KeyPress, keycode: 36, time: 5000).xkey))
        repeats.focusChanged()
        XCTAssertFalse(repeats.pressed(key(KeyPress, keycode: 36, time: 9000).xkey))
    }

    func testWithoutItAPressAtTheTimeOfItsOwnReleaseIsARepeat() {
        var repeats = AutoRepeat(detectable: false)
        XCTAssertFalse(repeats.pressed(key(KeyPress, keycode: 36, time: 5000).xkey), "nothing released yet")
        repeats.released(key(KeyRelease, keycode: 36, time: 5660).xkey)
        XCTAssertTrue(repeats.pressed(key(KeyPress, keycode: 36, time: 5660).xkey))
        repeats.released(key(KeyRelease, keycode: 36, time: 5700).xkey)
        XCTAssertFalse(repeats.pressed(key(KeyPress, keycode: 36, time: 5701).xkey), "pressed again a moment later")
        XCTAssertFalse(repeats.pressed(key(KeyPress, keycode: 116, time: 5700).xkey), "another key at the same time")
    }

    func testOnlyWithoutItIsAReleaseFollowedByItsRepeatingPressDropped() {
        let release = key(KeyRelease, keycode: 36, time: 5660).xkey
        let plain = AutoRepeat(detectable: false)
        XCTAssertTrue(plain.isRepeatRelease(release, before: key(KeyPress, keycode: 36, time: 5660)))
        XCTAssertFalse(plain.isRepeatRelease(release, before: key(KeyPress, keycode: 36, time: 5700)), "a new press")
        XCTAssertFalse(plain.isRepeatRelease(release, before: key(KeyRelease, keycode: 36, time: 5660)))
        XCTAssertFalse(plain.isRepeatRelease(release, before: key(KeyPress, keycode: 36, time: 5660, window: 8)), "another window")
        XCTAssertFalse(AutoRepeat(detectable: true).isRepeatRelease(release, before: key(KeyPress, keycode: 36, time: 5660)),
                       "the server sends no such release")
    }
}
