import Foundation
import RewrapApp
import RewrapPlatform
import RewrapScene
import RewrapTestSupport
import XCTest

/// Press, drag and release through the loop, with the release where each
/// platform sends it: to the menu's window (X11's grab) or to the main
/// window, in its pixels, that the press went to (a compositor that keeps
/// the pointer where the button went down). Both must pick alike.
final class PressDragReleaseLoopTests: XCTestCase {
    private let stateHome = StateHome()
    /// Shape with four options, so a drag can pass over some to reach another.
    private let panel: TemporaryFile = {
        let json = """
            {"title": "Rewrap", "menus": {"heading": "Layout options", "footer": "", "items": [
              {"id": "shape", "title": "Shape", "options": ["Circle", "Rounded rectangle", "Square", "Star"], "selected": "Circle"},
              {"id": "pattern", "title": "Pattern", "options": ["Solid", "Dots"], "selected": "Solid"}]},
             "chips": {"heading": "Sample labels", "footer": "", "items": [{"id": "sketch", "title": "Sketch"}]}}
            """
        return try! TemporaryFile(suffix: ".json", contents: Data(json.utf8))
    }()

    /// Plays `steps`, each made when its turn comes from the newest traced
    /// frame; returns the frames and the loop's exit status.
    private func play(_ steps: [(TraceFrame) -> [PlatformEvent]], arguments: [String] = []) throws -> (frames: [TraceFrame], status: Int32) {
        let trace = try TemporaryFile(suffix: ".jsonl")
        let launch = try Launch(["--panel", panel.path, "--locale", "C", "--reduce-motion", "--geometry", "680x420+0+0", "--trace", trace.path]
                                + arguments, stateDirectory: stateHome.directory)
        var steps = steps
        let platform = RecordingPlatform {
            guard !steps.isEmpty, let last = TraceFrame.read(trace.path).last else { return nil }
            return steps.removeFirst()(last)
        }
        let app = try launch.open(on: platform, clock: Clock { platform.now })
        let status = app.run()
        return (TraceFrame.read(trace.path), status)
    }

    private func center(_ id: String, _ frame: TraceFrame) -> (x: Int, y: Int) {
        frame.node(id)?.center ?? (-1, -1)
    }

    /// Row `index` of the open menu in main-window pixels, and in the menu's own.
    private func row(_ index: Int, _ frame: TraceFrame) -> (main: (x: Int, y: Int), popup: (x: Int, y: Int)) {
        guard let popup = frame.popup, popup.nodes.indices.contains(index) else { return ((-1, -1), (-1, -1)) }
        let main = popup.center(of: index)
        return (main, (main.x - Int(popup.frame[0]), main.y - Int(popup.frame[1])))
    }

    private func pressOnShape(_ frame: TraceFrame) -> [PlatformEvent] {
        let shape = center("shape", frame)
        return [.pointerMoved(.main, x: shape.x, y: shape.y), .pressed(.main, x: shape.x, y: shape.y)]
    }

    func testAReleaseOnARowOfTheMenusWindowPicksIt() throws {
        let played = try play([
            pressOnShape,
            { frame in let row = self.row(1, frame).popup; return [.pointerMoved(.popup, x: row.x, y: row.y)] },
            { frame in let row = self.row(1, frame).popup; return [.released(.popup, x: row.x, y: row.y)] },
        ])
        XCTAssertEqual(played.frames.dropLast().last?.popup?.highlighted, played.frames.dropLast().last?.popup?.nodes[1].id, "highlighted while the button is held")
        XCTAssertEqual(played.frames.last?.node("shape")?.text, "Shape: Rounded rectangle")
        XCTAssertNil(played.frames.last?.popup)
    }

    /// Right to left the menu hangs from the button's right edge; the same
    /// gesture picks the same way, mirrored.
    func testRightToLeftADragToARowPicksIt() throws {
        let played = try play([
            pressOnShape,
            { frame in let row = self.row(2, frame).main; return [.pointerMoved(.main, x: row.x, y: row.y)] },
            { frame in let row = self.row(2, frame).popup; return [.released(.popup, x: row.x, y: row.y)] },
        ], arguments: ["--direction", "rtl"])
        let opened = try XCTUnwrap(played.frames.first { $0.popup != nil })
        let button = try XCTUnwrap(opened.node("shape")), menu = try XCTUnwrap(opened.popup)
        XCTAssertEqual(menu.rect.maxX, button.rect.maxX, "the menu lines up with the button's right edge")
        XCTAssertEqual(played.frames.last?.node("shape")?.text, "Shape: Square")
    }

    func testAReleaseOnARowSentToTheMainWindowPicksIt() throws {
        let played = try play([
            pressOnShape,
            { frame in let row = self.row(2, frame).main; return [.pointerMoved(.main, x: row.x, y: row.y)] },
            { frame in let row = self.row(2, frame).main; return [.released(.main, x: row.x, y: row.y)] },
        ])
        XCTAssertEqual(played.frames.dropLast().last?.popup?.highlighted, played.frames.dropLast().last?.popup?.nodes[2].id, "the main window's motion highlights the row under it")
        XCTAssertEqual(played.frames.last?.node("shape")?.text, "Shape: Square")
    }

    func testAPressAndReleaseOnTheDropdownLeavesTheMenuOpen() throws {
        let played = try play([
            pressOnShape,
            { frame in let shape = self.center("shape", frame); return [.released(.main, x: shape.x, y: shape.y)] },
            { frame in let shape = self.center("shape", frame); return [.released(.popup, x: shape.x, y: -shape.y)] },
        ])
        XCTAssertEqual(played.frames.last?.popup?.owner, "shape")
        XCTAssertEqual(played.frames.last?.node("shape")?.text, "Shape: Circle")
    }

    func testADragOutAndAReleaseOnTheEmptyWindowClosesWithNothingPicked() throws {
        let played = try play([
            pressOnShape,
            { frame in let row = self.row(1, frame).main; return [.pointerMoved(.main, x: row.x, y: row.y)] },
            { _ in [.pointerMoved(.main, x: 660, y: 400)] },
            { _ in [.released(.main, x: 660, y: 400)] },
        ])
        XCTAssertNil(played.frames.last?.popup)
        XCTAssertEqual(played.frames.last?.node("shape")?.text, "Shape: Circle")
        XCTAssertEqual(played.frames.last?.nodes.first { $0.focused == true }?.id, "shape", "the focus stays on the dropdown")
    }

    func testInAnOpenMenuAPressOnOneRowAndAReleaseOnAnotherPicksTheSecond() throws {
        let played = try play([
            pressOnShape,
            { frame in let shape = self.center("shape", frame); return [.released(.main, x: shape.x, y: shape.y)] },
            { frame in let row = self.row(1, frame).popup; return [.pointerMoved(.popup, x: row.x, y: row.y), .pressed(.popup, x: row.x, y: row.y)] },
            { frame in let row = self.row(3, frame).popup; return [.pointerMoved(.popup, x: row.x, y: row.y)] },
            { frame in let row = self.row(3, frame).popup; return [.released(.popup, x: row.x, y: row.y)] },
        ])
        XCTAssertEqual(played.frames.last?.node("shape")?.text, "Shape: Star")
    }

    func testCtrlQJustAfterAPickClosesWithStatusZeroAndKeepsThePick() throws {
        let quit = KeyStroke(isPress: true, keysym: 0x71, keycode: 24, modifiers: 4, text: "\u{11}", time: 1)
        let played = try play([
            pressOnShape,
            { frame in let row = self.row(1, frame).popup; return [.released(.popup, x: row.x, y: row.y)] },
            { _ in [.keyPressed(Key(quit), quit)] },
            { _ in XCTFail("the loop went on after Ctrl+Q"); return [] },
        ])
        XCTAssertEqual(played.status, 0)
        let next = try play([])
        XCTAssertEqual(next.frames.first?.node("shape")?.text, "Shape: Rounded rectangle", "the next start shows the pick")
    }
}
