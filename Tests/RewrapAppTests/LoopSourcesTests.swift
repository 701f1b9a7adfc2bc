import Foundation
import RewrapApp
import RewrapLayout
import RewrapPlatform
import RewrapScene
import RewrapTestSupport
import XCTest

/// The loop's sources heard only through the loop, with no display, on the
/// recording platform's manual clock: a stop signal and a screen reader's
/// action through their descriptors, the menu's scroll timer and the bus
/// lookup through their deadlines, and every source at rest through the
/// timer the loop arms (none). The touch
/// scroller, the keeper and the panel file have loop tests of their own
/// (TouchLoopTests, KeptStateLoopTests, PanelEditLoopTests).
final class LoopSourcesTests: XCTestCase {
    private let stateHome = StateHome()

    /// Keys that open Pattern's menu, and keys that then pick its second option.
    private let openPattern: [PlatformEvent] = [.focusChanged(true)] + [Key.tab, .tab, .returnKey].map(RecordingPlatform.press)
    private let pickSecond: [PlatformEvent] = [Key.down, .returnKey].map(RecordingPlatform.press)

    private func launch(_ arguments: [String] = [], trace: TemporaryFile) throws -> Launch {
        try Launch(["--panel", PackagePaths.root + "/assets/panel.json", "--locale", "C", "--reduce-motion",
                    "--trace", trace.path] + arguments, stateDirectory: stateHome.directory)
    }

    func testAStopSignalClosesTheOpenMenuAndTheWindowAndKeepsWhatWasPicked() throws {
        let trace = try TemporaryFile(suffix: ".jsonl")
        let signals = try StopSignals()
        defer {
            // The mask StopSignals set is the test thread's: give SIGTERM, SIGINT and SIGHUP back.
            var set = sigset_t()
            sigemptyset(&set)
            for number in [SIGTERM, SIGINT, SIGHUP] { sigaddset(&set, number) }
            pthread_sigmask(SIG_UNBLOCK, &set, nil)
        }
        var batches: [[PlatformEvent]] = [openPattern, pickSecond, openPattern]
        var signalled = false
        var platform: RecordingPlatform!
        platform = RecordingPlatform {
            if let batch = batches.first {
                batches.removeFirst()
                return batch
            }
            guard !signalled else { return nil }
            // The menu is open: a stop comes, as from `kill`, while the loop sleeps.
            XCTAssertNotNil(platform.popup, "the menu is open when the signal comes")
            signalled = true
            pthread_kill(pthread_self(), SIGTERM)
            // Keys that would pick again, were the signal not heard first.
            batches = [[Key.down, .returnKey].map(RecordingPlatform.press)]
            return []
        }
        let app = try launch(trace: trace).open(on: platform, clock: Clock { platform.now }, stopSignals: signals)
        XCTAssertEqual(app.run(), 0, "asked to stop, not failing")
        XCTAssertTrue(signalled)
        XCTAssertEqual(batches.count, 1, "nothing is played after the signal")
        XCTAssertEqual(platform.requests.last, "close popup", "the open menu closes with the window")
        let last = try XCTUnwrap(TraceFrame.read(trace.path).last)
        XCTAssertEqual(last.node("pattern")?.text, "Pattern: Alternating diagonal lines")
        let file = try XCTUnwrap(stateHome.stateFiles.first, "kept before the window closed")
        let kept = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: file))) as? [String: Any])
        XCTAssertEqual((kept["picks"] as? [String: String])?["pattern"], "Alternating diagonal lines")
    }

    func testAHoveredIndicatorScrollsTheMenuARowAtATimeOnTheClock() throws {
        let options = (1...80).map { "\"Option \($0)\"" }.joined(separator: ", ")
        let panel = try TemporaryFile(suffix: ".json", contents: Data("""
            {"title": "Rewrap", "menus": {"heading": "Options", "footer": "", "items": [
              {"id": "size", "title": "Size", "options": [\(options)], "selected": "Option 1"}]},
             "chips": {"heading": "Labels", "footer": "", "items": []}}
            """.utf8))
        let trace = try TemporaryFile(suffix: ".jsonl")
        let launch = try Launch(["--panel", panel.path, "--locale", "C", "--reduce-motion", "--geometry", "400x200+0+0",
                                 "--trace", trace.path], stateDirectory: stateHome.directory)
        var steps: [(TraceFrame) -> [PlatformEvent]] = [
            { frame in
                let size: (x: Int, y: Int) = frame.node("size")?.center ?? (-1, -1)
                return [.pointerMoved(.main, x: size.x, y: size.y), .pressed(.main, x: size.x, y: size.y),
                        .released(.main, x: size.x, y: size.y)]
            },
            // Resting on the bottom edge's indicator, in the menu's own pixels.
            { frame in
                guard let popup = frame.popup else { return [] }
                return [.pointerMoved(.popup, x: Int(popup.frame[2] / 2), y: Int(popup.frame[3]) - 10)]
            },
        ]
        let platform = RecordingPlatform(screen: Rect(x: 0, y: 0, width: 1280, height: 400)) {
            guard !steps.isEmpty, let last = TraceFrame.read(trace.path).last else { return nil }
            return steps.removeFirst()(last)
        }
        let app = try launch.open(on: platform, clock: Clock { platform.now })
        XCTAssertEqual(app.run(), 0)
        let menus = TraceFrame.read(trace.path).compactMap { frame in frame.popup.map { (time: frame.time, hidden: $0.hidden) } }
        let first = try XCTUnwrap(menus.first, "the menu opened")
        XCTAssertGreaterThan(first.hidden[1], 10, "cut to fit: \(first.hidden)")
        XCTAssertEqual(menus.last?.hidden[1], 0, "scrolled to the end by the timer alone")
        // A row at a time, each when its deadline came on the clock, never all at once.
        let scrolled = zip(menus, menus.dropFirst()).filter { $0.hidden[0] != $1.hidden[0] }
        XCTAssertEqual(scrolled.count, first.hidden[1], "one frame for each row")
        XCTAssertTrue(scrolled.allSatisfy { $1.hidden[0] == $0.hidden[0] + 1 }, "\(scrolled.map { $1.hidden })")
        // The first row goes as the pointer arrives; each next one when the timer's deadline comes.
        let times = scrolled.map { $1.time }
        let gaps = zip(times, times.dropFirst()).map { $1 - $0 }
        XCTAssertTrue(gaps.allSatisfy { abs($0 - PopupMenu.autoScrollInterval) < 1e-6 }, "\(gaps)")
    }

    /// A screen reader presses Shape through AT-SPI2's Action on a bus of
    /// the test's own, which the window joins when its clock says: the call
    /// comes in through the bus's descriptor, and its answer is the menu.
    func testAScreenReadersActionComesInThroughTheAccessibilityBus() throws {
        let bus = try PrivateSessionBus(name: "loop-accessibility")
        defer { bus.stop() }
        let trace = try TemporaryFile(suffix: ".jsonl")
        let reader = Process()
        reader.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        reader.arguments = [PackagePaths.root + "/Tests/Fixtures/accessibility/do-action.py", bus.address, "shape"]
        let said = Pipe()
        reader.standardOutput = said
        reader.standardError = said
        defer { stopProcess(reader) }
        let giveUp = Date().addingTimeInterval(20)
        var platform: RecordingPlatform!
        platform = RecordingPlatform {
            // Idle, with the bus joined: the reader starts, and the loop
            // waits on its descriptors until the menu opens or the reader ends.
            if !reader.isRunning && reader.processIdentifier == 0 { try? reader.run() }
            guard platform.popup == nil, reader.isRunning, Date() < giveUp else { return nil }
            usleep(1_000)
            return []
        }
        platform.accessibilityBusAddress = bus.address
        let app = try launch(trace: trace).open(on: platform, clock: Clock { platform.now })
        XCTAssertEqual(app.run(), 0)
        guard waitForExit(reader, timeout: 10) else { return XCTFail("the screen reader's script is still running") }
        let answer = String(decoding: said.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        XCTAssertEqual(reader.terminationStatus, 0, answer)
        XCTAssertEqual(answer, "done Shape: Circle\n")
        XCTAssertTrue(platform.requests.contains { $0.hasPrefix("open popup") }, "\(platform.requests)")
        XCTAssertTrue(TraceFrame.read(trace.path).contains { $0.popup?.owner == "shape" }, "Shape's menu drawn")
        let firstFrame = try XCTUnwrap(TraceFrame.read(trace.path).first).time
        XCTAssertTrue(platform.sleeps.contains { $0.map { abs($0 - (firstFrame + 0.1)) < 1e-9 } ?? false },
                      "joined when the clock said: \(platform.sleeps)")
    }

    /// With nothing moving, the only timers a run arms are the bus lookup,
    /// once, 0.1 s after the first frame, and the keeper's write of a pick:
    /// a source that armed one on every pass would show here as many.
    func testTheBusIsLookedForOnceAfterTheFirstFrameAndNothingElseTicks() throws {
        let trace = try TemporaryFile(suffix: ".jsonl")
        var batches: [[PlatformEvent]] = [openPattern, pickSecond]
        let platform = RecordingPlatform { batches.isEmpty ? nil : batches.removeFirst() }
        let app = try launch(trace: trace).open(on: platform, clock: Clock { platform.now })
        XCTAssertEqual(app.run(), 0)
        let firstFrame = try XCTUnwrap(TraceFrame.read(trace.path).first).time
        let timers = platform.sleeps.compactMap { $0 }
        XCTAssertEqual(timers.filter { abs($0 - (firstFrame + 0.1)) < 1e-9 }.count, 1,
                       "the bus looked for once, 0.1 s after the first frame: \(timers)")
        XCTAssertEqual(timers.count, 2, "the lookup and the pick's write, and nothing else: \(timers)")
    }
}
