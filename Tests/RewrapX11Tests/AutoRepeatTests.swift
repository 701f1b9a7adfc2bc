import CX11
@testable import RewrapX11
import XCTest

/// Rules §8.7: the server repeats a held key as a release and a press with
/// one timestamp; such a press is a repeat, never a new press.
final class AutoRepeatTests: XCTestCase {
    private func key(_ type: Int32, keycode: UInt32, time: UInt, window: Window = 7) -> XEvent {
        var event = XEvent()
        event.xkey.type = type
        event.xkey.keycode = keycode
        event.xkey.time = Time(time)
        event.xkey.window = window
        return event
    }

    func testAPressAtTheTimeOfItsOwnReleaseIsARepeat() {
        var repeats = AutoRepeat()
        XCTAssertFalse(repeats.isRepeat(key(KeyPress, keycode: 36, time: 5000).xkey), "nothing released yet")
        repeats.released(key(KeyRelease, keycode: 36, time: 5660).xkey)
        XCTAssertTrue(repeats.isRepeat(key(KeyPress, keycode: 36, time: 5660).xkey))
    }

    func testAPressLaterOrOfAnotherKeyIsNew() {
        var repeats = AutoRepeat()
        repeats.released(key(KeyRelease, keycode: 36, time: 5660).xkey)
        XCTAssertFalse(repeats.isRepeat(key(KeyPress, keycode: 36, time: 5661).xkey), "pressed again a moment later")
        XCTAssertFalse(repeats.isRepeat(key(KeyPress, keycode: 116, time: 5660).xkey), "another key at the same time")
    }

    func testOnlyAReleaseFollowedByItsRepeatingPressIsDropped() {
        let release = key(KeyRelease, keycode: 36, time: 5660).xkey
        XCTAssertTrue(AutoRepeat.isRepeatRelease(release, before: key(KeyPress, keycode: 36, time: 5660)))
        XCTAssertFalse(AutoRepeat.isRepeatRelease(release, before: key(KeyPress, keycode: 36, time: 5700)), "a new press")
        XCTAssertFalse(AutoRepeat.isRepeatRelease(release, before: key(KeyRelease, keycode: 36, time: 5660)))
        XCTAssertFalse(AutoRepeat.isRepeatRelease(release, before: key(KeyPress, keycode: 36, time: 5660, window: 8)), "another window")
    }
}
