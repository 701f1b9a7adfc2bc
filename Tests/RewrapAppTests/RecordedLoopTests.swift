import Foundation
import RewrapApp
import RewrapPlatform
import RewrapScene
import RewrapTestSupport
import XCTest

/// The loop run without a display, against a recording platform. Its oracle
/// is the X11 window: the golden session (`Tests/Fixtures/golden`) was
/// recorded from the real program on Xvfb, and the same script played here
/// as platform events must trace the same nodes after every step.
final class RecordedLoopTests: XCTestCase {
    /// Each test's own, so no test starts from another's picks.
    private let stateHome = StateHome()
    private let step = Double(Metrics(scale: 1).scrollStep)

    /// The golden session's steps as the X11 platform reports them: xdotool
    /// moves the pointer before it clicks, and focuses the window before keys.
    private func goldenScript(_ last: @escaping () -> TraceFrame?) -> [() -> [PlatformEvent]] {
        func click(_ id: String) -> [PlatformEvent] {
            guard let center = last()?.node(id)?.center else { return [] }
            return [.pointerMoved(.main, x: center.x, y: center.y), .pressed(.main, x: center.x, y: center.y),
                    .released(.main, x: center.x, y: center.y)]
        }
        /// A point on a popup row, in the popup's own coordinates.
        func onRow(_ index: Int) -> (x: Int, y: Int) {
            guard let popup = last()?.popup else { return (-1, -1) }
            let center = popup.center(of: index)
            return (center.x - Int(popup.frame[0]), center.y - Int(popup.frame[1]))
        }
        func keys(_ keys: Key...) -> [PlatformEvent] { [.focusChanged(true)] + keys.map(RecordingPlatform.press) }
        let wheel = Int(step)
        return [
            { click("pattern") },
            { let row = onRow(1); return [.pointerMoved(.popup, x: row.x, y: row.y)] },
            { let row = onRow(1); return [.pointerMoved(.popup, x: row.x, y: row.y), .pressed(.popup, x: row.x, y: row.y),
                                          .released(.popup, x: row.x, y: row.y)] },
            { keys(.tab, .tab) },
            { keys(.returnKey) },
            { keys(.down, .returnKey) },
            { keys(.escape) },
            { [.configured(width: 400, height: 420), .configured(width: 560, height: 300), .configured(width: 340, height: 240)] },
            { [.pointerMoved(.main, x: 170, y: 200), .scrolled(.main, dx: 0, dy: wheel)] },
            { keys(.pageDown) },
            { keys(.pageUp) },
            { [.pointerMoved(.main, x: 170, y: 200), .scrolled(.main, dx: wheel, dy: 0)] },
            { keys(.tab, .tab, .tab) },
            { keys(.returnKey) },
            { keys(.escape) },
            { keys(.inspector) },
            { [.configured(width: 700, height: 420)] },
        ]
    }

    /// Plays the golden script; returns the newest trace line at each rest,
    /// normalized as GoldenSessionTests normalizes X11's, and what the
    /// platform was asked.
    private func playGoldenSession() throws -> (snapshots: [String], requests: [String]) {
        let trace = try TemporaryFile(suffix: ".jsonl")
        // Each play its own: a second play would otherwise start from the first one's picks.
        let stateHome = StateHome()
        let launch = try Launch(["--panel", PackagePaths.root + "/assets/panel.json", "--locale", "C", "--reduce-motion",
                                 "--geometry", "680x420+0+0", "--trace", trace.path], stateDirectory: stateHome.directory)
        var steps = goldenScript { TraceFrame.read(trace.path).last }
        var snapshots: [String] = []
        let platform = RecordingPlatform {
            snapshots.append((try? Self.lastLine(of: trace.path)) ?? "")
            return steps.isEmpty ? nil : steps.removeFirst()()
        }
        let app = try launch.open(on: platform, clock: Clock { platform.now })
        XCTAssertEqual(app.run(), 0)
        return (snapshots, platform.requests)
    }

    func testGoldenSessionTracesTheNodesTheX11WindowTraced() throws {
        let expected = try String(contentsOfFile: PackagePaths.root + "/Tests/Fixtures/golden/session.jsonl", encoding: .utf8)
            .split(separator: "\n").map(String.init)
        let played = try playGoldenSession()
        XCTAssertEqual(played.snapshots.count, expected.count, "rests")
        for (index, (got, want)) in zip(played.snapshots, expected).enumerated() where got != want {
            XCTFail("after step \(index):\n got  \(got)\n want \(want)")
        }
    }

    func testTheSameEventsGiveTheSameRequestsAndTrace() throws {
        let first = try playGoldenSession(), second = try playGoldenSession()
        XCTAssertEqual(first.snapshots, second.snapshots)
        XCTAssertEqual(first.requests, second.requests)
        // Two popups were opened below their buttons and closed again.
        XCTAssertEqual(first.requests.filter { $0.hasPrefix("open popup") }.count, 3, "\(first.requests)")
        XCTAssertEqual(first.requests.filter { $0 == "close popup" }.count, 3, "\(first.requests)")
        XCTAssertEqual(first.requests.first, "open 680x420 \"Rewrap\"")
    }

    func testAPickAnimatesAtSixtyFramesASecondForAQuarterSecond() throws {
        let trace = try TemporaryFile(suffix: ".jsonl")
        let launch = try Launch(["--panel", PackagePaths.root + "/assets/panel.json", "--locale", "C",
                                 "--geometry", "400x420+0+0", "--trace", trace.path], stateDirectory: stateHome.directory)
        let platform = RecordingPlatform(script: [[.focusChanged(true)] + [Key.tab, .tab, .returnKey].map(RecordingPlatform.press),
                                                  [Key.down, .returnKey].map(RecordingPlatform.press)])
        let app = try launch.open(on: platform, clock: Clock { platform.now })
        XCTAssertEqual(app.run(), 0)
        let frames = TraceFrame.read(trace.path)
        let moving = frames.filter(\.animating)
        XCTAssertGreaterThan(moving.count, 10, "animated frames")
        let times = moving.map(\.time)
        for (earlier, later) in zip(times, times.dropFirst()) {
            XCTAssertEqual(later - earlier, 1.0 / 60, accuracy: 1e-6)
        }
        // The new label shows at once, and the move starts from there.
        let picked = "Pattern: Alternating diagonal lines"
        let start = try XCTUnwrap(frames.first { $0.node("pattern")?.text == picked })
        XCTAssertTrue(start.animating)
        let end = try XCTUnwrap(frames.first { !$0.animating && $0.time > start.time })
        XCTAssertEqual(end.time - start.time, 0.25, accuracy: 1e-6, "the move lasts 0.25 s")
        XCTAssertNotEqual(start.node("arrangement")?.rect, end.node("arrangement")?.rect, "Arrangement moved")
    }

    /// A resize at rest reaches the animator only when something next moves
    /// (Stage.animatorIsCurrent). Each pick after one, at either width, must
    /// start every node from where the resize put it and end on the new plan.
    func testPicksAfterResizesAtRestStartFromTheResizedLayout() throws {
        let trace = try TemporaryFile(suffix: ".jsonl")
        let stateHome = StateHome()
        let launch = try Launch(["--panel", PackagePaths.root + "/assets/panel.json", "--locale", "C",
                                 "--geometry", "900x420+0+0", "--trace", trace.path], stateDirectory: stateHome.directory)
        let open: [PlatformEvent] = [.focusChanged(true)] + [Key.tab, .tab, .returnKey].map(RecordingPlatform.press)
        let platform = RecordingPlatform(script: [[.configured(width: 480, height: 420)], open,
                                                  [Key.down, .returnKey].map(RecordingPlatform.press),
                                                  [.configured(width: 360, height: 420)], [.configured(width: 900, height: 420)],
                                                  [RecordingPlatform.press(.returnKey)],
                                                  [Key.up, .returnKey].map(RecordingPlatform.press)])
        let app = try launch.open(on: platform, clock: Clock { platform.now })
        XCTAssertEqual(app.run(), 0)
        let frames = TraceFrame.read(trace.path)
        var moves = 0
        for (previous, frame) in zip(frames, frames.dropFirst()) where frame.animating && !previous.animating {
            moves += 1
            XCTAssertEqual(frame.window, previous.window, "no resize starts a move")
            for node in frame.nodes {
                guard let shown = previous.node(node.id) else { continue }
                XCTAssertEqual(node.frame, shown.frame, "\(node.id) starts where it was shown, move \(moves)")
            }
        }
        XCTAssertEqual(moves, 2, "two picks, two moves")
        let last = try XCTUnwrap(frames.last)
        XCTAssertEqual(last.window[0], 900)
        XCTAssertFalse(last.animating)
        for node in last.nodes { XCTAssertEqual(node.frame, node.target, "\(node.id) ends on the plan") }
        let wide = try XCTUnwrap(frames.first)
        XCTAssertNotEqual(frames.first { $0.window[0] == 480 && !$0.animating }?.node("arrangement")?.frame,
                          wide.node("arrangement")?.frame, "the resize moved something the picks then start from")
    }

    /// Where the platform paces frames (Wayland's frame callbacks), a move's
    /// frames come at its pace, not also at the loop's timer: here a
    /// compositor asking for 120 frames a second on a 60 Hz output.
    func testAPlatformThatPacesFramesGetsThemAtItsPace() throws {
        let trace = try TemporaryFile(suffix: ".jsonl")
        let launch = try Launch(["--panel", PackagePaths.root + "/assets/panel.json", "--locale", "C",
                                 "--geometry", "400x420+0+0", "--trace", trace.path], stateDirectory: stateHome.directory)
        let platform = RecordingPlatform(script: [[.focusChanged(true)] + [Key.tab, .tab, .returnKey].map(RecordingPlatform.press),
                                                  [Key.down, .returnKey].map(RecordingPlatform.press)])
        platform.frameCallbackInterval = 1.0 / 120
        let app = try launch.open(on: platform, clock: Clock { platform.now })
        XCTAssertEqual(app.run(), 0)
        let moving = TraceFrame.read(trace.path).filter(\.animating)
        XCTAssertGreaterThan(moving.count, 20, "animated frames")
        for (earlier, later) in zip(moving, moving.dropFirst()) {
            XCTAssertEqual(later.time - earlier.time, 1.0 / 120, accuracy: 1e-6)
        }
    }

    /// A menu opened on a button that a pick has just set moving goes with
    /// the button, frame by frame, and ends below it.
    func testAMenuOpenOnAMovingButtonFollowsIt() throws {
        let trace = try TemporaryFile(suffix: ".jsonl")
        let launch = try Launch(["--panel", PackagePaths.root + "/assets/panel.json", "--locale", "C",
                                 "--geometry", "680x420+0+0", "--trace", trace.path], stateDirectory: stateHome.directory)
        // The pick widens Pattern and sets Arrangement moving; its menu opens at once.
        let platform = RecordingPlatform(script: [[.focusChanged(true)] + [Key.tab, .tab, .returnKey].map(RecordingPlatform.press),
                                                  [Key.down, .returnKey, .tab, .returnKey].map(RecordingPlatform.press)])
        let app = try launch.open(on: platform, clock: Clock { platform.now })
        XCTAssertEqual(app.run(), 0)
        let frames = TraceFrame.read(trace.path).filter { $0.popup?.owner == "arrangement" }
        let moving = frames.filter(\.animating)
        XCTAssertGreaterThan(moving.count, 10, "the menu is open while Arrangement moves")
        for frame in frames {
            let button = try XCTUnwrap(frame.node("arrangement")), popup = try XCTUnwrap(frame.popup)
            XCTAssertEqual(popup.rect.minX, button.rect.minX, "lined up with the button at \(frame.time)")
            XCTAssertEqual(popup.rect.minY, button.rect.maxY + 4, "just below the button at \(frame.time)")
        }
        XCTAssertGreaterThan(Set(moving.compactMap { $0.popup?.rect.minX }).count, 5, "the menu moved")
        XCTAssertGreaterThan(platform.requests.filter { $0.hasPrefix("move popup") }.count, 5, "\(platform.requests)")
    }

    func testThePlatformIsToldWhereTheKeysGoForAnInputMethod() throws {
        let trace = try TemporaryFile(suffix: ".jsonl")
        let launch = try Launch(["--panel", PackagePaths.root + "/assets/panel.json", "--locale", "C", "--reduce-motion",
                                 "--geometry", "680x420+0+0", "--trace", trace.path], stateDirectory: stateHome.directory)
        var focused: [(role: WindowRole, rect: PixelRect)?] = []
        var script = [[.focusChanged(true), RecordingPlatform.press(.tab)], [RecordingPlatform.press(.returnKey)],
                      [RecordingPlatform.press(.down)]]
        var platform: RecordingPlatform!
        platform = RecordingPlatform {
            focused.append(platform.focusMoves.last)
            return script.isEmpty ? nil : script.removeFirst()
        }
        let app = try launch.open(on: platform, clock: Clock { platform.now })
        XCTAssertEqual(app.run(), 0)
        let frames = TraceFrame.read(trace.path)
        let button = try XCTUnwrap(frames.last?.node("shape"))
        XCTAssertNil(focused[0]?.role, "no control has the focus before Tab")
        XCTAssertEqual(focused[1]?.role, .main)
        XCTAssertEqual(focused[1]?.rect, PixelRect(x: Int(button.frame[0]), y: Int(button.frame[1]),
                                                   width: Int(button.frame[2]), height: Int(button.frame[3])), "the focused button")
        let popup = try XCTUnwrap(frames.last?.popup)
        for (step, row) in [(2, 0), (3, 1)] {
            let frame = popup.nodes[row].frame
            XCTAssertEqual(focused[step]?.role, .popup, "step \(step)")
            XCTAssertEqual(focused[step]?.rect, PixelRect(x: Int(frame[0]), y: Int(frame[1]), width: Int(frame[2]), height: Int(frame[3])),
                           "the highlighted row, in the popup's pixels, after step \(step)")
        }
    }

    private static func lastLine(of path: String) throws -> String {
        let text = try String(contentsOfFile: path, encoding: .utf8)
        guard let line = text.split(separator: "\n").last,
              var object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else { return "" }
        object["frame"] = nil
        object["time"] = nil
        return String(decoding: try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]), as: UTF8.self)
    }
}
