import Foundation
import RewrapApp
import RewrapPlatform
import RewrapScene
import RewrapTestSupport
import XCTest

/// Rules §8.7 through the loop: the platform marks the keyboard's repeats of
/// a held key, and the key held when its menu opened repeats into it
/// without closing it or picking, while a held Down goes on moving.
final class HeldKeyLoopTests: XCTestCase {
    private let stateHome = StateHome()
    private let panel: TemporaryFile = {
        let json = """
            {"title": "Rewrap", "menus": {"heading": "Layout options", "footer": "", "items": [
              {"id": "shape", "title": "Shape", "options": ["Circle", "Rounded rectangle", "Square", "Star"], "selected": "Circle"}]},
             "chips": {"heading": "Sample labels", "footer": "", "items": [{"id": "sketch", "title": "Sketch"}]}}
            """
        return try! TemporaryFile(suffix: ".json", contents: Data(json.utf8))
    }()

    private func stroke(_ keysym: UInt32, repeated: Bool = false) -> PlatformEvent {
        let stroke = KeyStroke(isPress: true, keysym: keysym, keycode: 36, modifiers: 0, text: "", time: 1, isRepeat: repeated)
        return .keyPressed(Key(stroke), stroke)
    }

    private let tab: UInt32 = 0xff09, returnKey: UInt32 = 0xff0d, down: UInt32 = 0xff54

    func testAHeldReturnOpensItsMenuOnceAndAHeldDownMovesInIt() throws {
        let trace = try TemporaryFile(suffix: ".jsonl")
        let launch = try Launch(["--panel", panel.path, "--locale", "C", "--reduce-motion", "--geometry", "680x420+0+0", "--trace", trace.path],
                                stateDirectory: stateHome.directory)
        var steps: [[PlatformEvent]] = [
            [stroke(tab)],
            [stroke(returnKey)],
            [stroke(returnKey, repeated: true)],
            [stroke(returnKey, repeated: true), stroke(returnKey, repeated: true)],
            [stroke(down)],
            [stroke(down, repeated: true)],
            [stroke(returnKey)],
            [.closeRequested],
        ]
        let platform = RecordingPlatform {
            guard !steps.isEmpty, !TraceFrame.read(trace.path).isEmpty else { return nil }
            return steps.removeFirst()
        }
        _ = try launch.open(on: platform, clock: Clock { platform.now }).run()
        let frames = TraceFrame.read(trace.path)
        let opened = try XCTUnwrap(frames.firstIndex { $0.popup != nil }, "Return opens the menu")
        let whileOpen = frames[opened...].prefix { $0.popup != nil }
        XCTAssertEqual(whileOpen.compactMap { $0.popup?.highlighted }.reduce(into: [String]()) { if $0.last != $1 { $0.append($1) } },
                       ["shape/Circle", "shape/Rounded rectangle", "shape/Square"],
                       "Return's repeats leave the highlight; Down and its repeat move it")
        XCTAssertEqual(frames.last?.node("shape")?.text, "Shape: Square", "the new press of Return picks")
    }
}
