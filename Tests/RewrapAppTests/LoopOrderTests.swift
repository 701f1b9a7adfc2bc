import Foundation
import RewrapApp
import RewrapPlatform
import RewrapScene
import RewrapTestSupport
import XCTest

/// The order the loop does things in, watched step by step (`DemoApp.watch`)
/// on the recording platform, which places a popup at once as X11 does:
/// each input is handled on its own, never inside the carrying out of
/// another's effects; nothing is handled while a frame is drawn; and every
/// change is drawn in a frame begun after it, so no redraw is wiped.
final class LoopOrderTests: XCTestCase {
    private let stateHome = StateHome()

    /// Plays `steps`, each made from the newest traced frame when the loop
    /// is idle, and returns every step the loop reported.
    private func watch(_ arguments: [String], _ steps: [(TraceFrame) -> [PlatformEvent]]) throws -> [LoopStep] {
        let trace = try TemporaryFile(suffix: ".jsonl")
        let launch = try Launch(["--panel", PackagePaths.root + "/assets/panel.json", "--locale", "C", "--geometry", "680x420+0+0",
                                 "--trace", trace.path] + arguments, stateDirectory: stateHome.directory)
        var steps = steps
        let platform = RecordingPlatform {
            guard !steps.isEmpty, let last = TraceFrame.read(trace.path).last else { return nil }
            return steps.removeFirst()(last)
        }
        let app = try launch.open(on: platform, clock: Clock { platform.now })
        var seen: [LoopStep] = []
        app.watch = { seen.append($0) }
        XCTAssertEqual(app.run(), 0)
        return seen
    }

    private func keys(_ keys: Key...) -> (TraceFrame) -> [PlatformEvent] {
        { _ in [.focusChanged(true)] + keys.map(RecordingPlatform.press) }
    }

    private func click(_ id: String) -> (TraceFrame) -> [PlatformEvent] {
        { frame in
            let at: (x: Int, y: Int) = frame.node(id)?.center ?? (-1, -1)
            return [.pointerMoved(.main, x: at.x, y: at.y), .pressed(.main, x: at.x, y: at.y), .released(.main, x: at.x, y: at.y)]
        }
    }

    /// Row `index` of the open menu, clicked in the menu's own pixels.
    private func clickRow(_ index: Int) -> (TraceFrame) -> [PlatformEvent] {
        { frame in
            guard let popup = frame.popup, popup.nodes.indices.contains(index) else { return [] }
            let main = popup.center(of: index), x = main.x - Int(popup.frame[0]), y = main.y - Int(popup.frame[1])
            return [.pointerMoved(.popup, x: x, y: y), .pressed(.popup, x: x, y: y), .released(.popup, x: x, y: y)]
        }
    }

    /// Menus opened by keys, by a click and by a tap, moved through, picked
    /// from and closed: every input is handled with no other input's
    /// effects being carried out around it, so `carryOut` never nests.
    func testEveryInputIsHandledWithNoCarryOutUnderWay() throws {
        let tap: (TraceFrame) -> [PlatformEvent] = { frame in
            let at: (x: Int, y: Int) = frame.node("shape")?.center ?? (-1, -1)
            return [.touch(Touch(.began, .main, id: 1, x: Double(at.x), y: Double(at.y), time: 10)),
                    .touch(Touch(.ended, .main, id: 1, x: Double(at.x), y: Double(at.y), time: 10.05))]
        }
        let steps = try watch(["--reduce-motion"], [keys(.tab, .tab, .returnKey), keys(.down), keys(.returnKey),
                                                    click("shape"), clickRow(2), tap, keys(.escape), keys(.tab, .returnKey),
                                                    keys(.escape)])
        let handled = steps.compactMap { step -> (Input, Int)? in
            if case let .handled(input, _, underWay) = step { return (input, underWay) }
            return nil
        }
        XCTAssertGreaterThan(handled.filter { if case .popupPlaced = $0.0 { true } else { false } }.count, 2, "menus were placed")
        for (input, underWay) in handled {
            XCTAssertEqual(underWay, 0, "\(input) was handled while another input's effects were carried out")
        }
    }

    /// A menu open on a button that a pick has set moving follows it frame
    /// by frame: the platform is asked to move it, and where it went reaches
    /// the controller before the frame is drawn, not in the middle of it.
    func testNoInputIsHandledWhileAFrameIsDrawn() throws {
        let steps = try watch([], [keys(.tab, .tab, .returnKey), keys(.down, .returnKey, .tab, .returnKey)])
        var drawing = false, placedBetweenFrames = 0, frames = 0
        for step in steps {
            switch step {
            case .frameBegan:
                drawing = true
                frames += 1
            case .framePresented:
                drawing = false
            case .slept:
                break
            case let .handled(input, _, _):
                XCTAssertFalse(drawing, "\(input) was handled while a frame was drawn")
                if case .popupPlaced = input, !drawing { placedBetweenFrames += 1 }
            }
        }
        XCTAssertGreaterThan(frames, 10, "the move was drawn frame by frame")
        XCTAssertGreaterThan(placedBetweenFrames, 5, "the moving menu was placed again and again")
    }

    /// Whatever an input changes is drawn by a frame that began after it was
    /// handled, before the loop sleeps with nothing left to do: a redraw it
    /// asked for is never wiped by a frame under way.
    func testEveryChangeIsDrawnBeforeTheLoopRests() throws {
        let steps = try watch([], [keys(.tab, .tab, .returnKey), keys(.down, .returnKey, .tab, .returnKey), keys(.down),
                                   click("shape"), clickRow(1), keys(.tab)])
        let drawn: Set<Effect.Kind> = [.redraw, .relayout, .openPopup, .redrawPopup, .closePopup]
        var checked = 0
        for (index, step) in steps.enumerated() {
            guard case let .handled(input, effects, _) = step, effects.contains(where: { drawn.contains($0.kind) }),
                  !effects.contains(.closeWindow) else { continue }
            let rest = steps[(index + 1)...].firstIndex(of: .slept(until: nil)) ?? steps.endIndex
            XCTAssertTrue(steps[(index + 1)..<rest].contains(.frameBegan), "\(input)'s \(effects) was not drawn before the loop rested")
            checked += 1
        }
        XCTAssertGreaterThan(checked, 10)
    }
}

private extension Effect {
    enum Kind { case redraw, relayout, openPopup, redrawPopup, scheduleMenuScroll, closePopup, reloadPanel, retitle, closeWindow }

    var kind: Kind {
        switch self {
        case .redraw: .redraw
        case .relayout: .relayout
        case .openPopup: .openPopup
        case .redrawPopup: .redrawPopup
        case .scheduleMenuScroll: .scheduleMenuScroll
        case .closePopup: .closePopup
        case .reloadPanel: .reloadPanel
        case .retitle: .retitle
        case .closeWindow: .closeWindow
        }
    }
}
