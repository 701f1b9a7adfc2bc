import Foundation
import RewrapApp
import RewrapPlatform
import RewrapScene
import RewrapTestSupport
import XCTest

/// The loop follows the panel file on a recording platform, no display and
/// a manual clock (rules §12.4). The oracle for where nodes go is a fresh
/// run of the same program on the edited file, at rest.
final class PanelEditLoopTests: XCTestCase {
    private let stateHome = StateHome()
    private var panelFile: TemporaryFile!
    private var shipped: [String: Any] = [:]

    override func setUpWithError() throws {
        let data = try Data(contentsOf: URL(fileURLWithPath: PanelFixture.shippedPath))
        shipped = try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? [String: Any])
        panelFile = try TemporaryFile(suffix: ".json", contents: data)
    }

    /// The shipped panel with its dropdowns made by `edit`, and its title.
    private func write(title: String = "Rewrap", _ edit: ([[String: Any]]) -> [[String: Any]] = { $0 }) throws {
        var panel = shipped
        var menus = try XCTUnwrap(panel["menus"] as? [String: Any])
        menus["items"] = edit(try XCTUnwrap(menus["items"] as? [[String: Any]]))
        panel["menus"] = menus
        panel["title"] = title
        // Written beside it and renamed over it, as an editor saves.
        let data = try JSONSerialization.data(withJSONObject: panel)
        try data.write(to: panelFile.url, options: .atomic)
    }

    /// Runs the loop over `script`, `idle` run before each batch is given;
    /// returns what the platform was asked, the trace and what went to stderr.
    private func run(_ arguments: [String] = [], script: [[PlatformEvent]], idle: @escaping (Int) throws -> Void = { _ in })
        throws -> (requests: [String], frames: [TraceFrame], stderr: String) {
        let trace = try TemporaryFile(suffix: ".jsonl")
        let launch = try Launch(["--panel", panelFile.path, "--locale", "C", "--trace", trace.path, "--geometry", "480x420"] + arguments,
                                stateDirectory: stateHome.directory)
        var script = script
        var batch = 0
        var failure: Error?
        let platform = RecordingPlatform {
            do { try idle(batch) } catch { failure = error }
            batch += 1
            return script.isEmpty ? nil : script.removeFirst()
        }
        let stderr = try capturingStandardError {
            let app = try launch.open(on: platform, clock: Clock { platform.now }, readsPanelInline: true)
            XCTAssertEqual(app.run(), 0)
        }
        if let failure { throw failure }
        return (platform.requests, TraceFrame.read(trace.path), stderr)
    }

    /// What a fresh start on the file as it is now plans: its first frame.
    private func freshPlan() throws -> TraceFrame {
        let fresh = try run(["--forget", "--reduce-motion"], script: [])
        return try XCTUnwrap(fresh.frames.first)
    }

    private func capturingStandardError(_ body: () throws -> Void) throws -> String {
        let file = try TemporaryFile(suffix: ".txt")
        let saved = dup(2)
        let descriptor = open(file.path, O_WRONLY)
        dup2(descriptor, 2)
        close(descriptor)
        defer {
            dup2(saved, 2)
            close(saved)
        }
        try body()
        return try String(contentsOfFile: file.path, encoding: .utf8)
    }

    private let openPattern: [PlatformEvent] = [.focusChanged(true)] + [Key.tab, .tab, .returnKey].map(RecordingPlatform.press)
    private let pickSecond: [PlatformEvent] = [Key.down, .returnKey].map(RecordingPlatform.press)

    /// A dropdown added, one removed and two swapped, 0.1 s into a pick's
    /// move: every frame after plans what a fresh start on the edited file
    /// plans, and the move ends there.
    func testEditsDuringAMovePlanWhatAFreshStartPlans() throws {
        let edit: ([[String: Any]]) -> [[String: Any]] = { items in
            var pattern = items[1]
            pattern["selected"] = "Alternating diagonal lines"
            let size: [String: Any] = ["id": "size", "title": "Size", "options": ["Small", "Extra large"], "selected": "Extra large"]
            return [size, items[2], pattern]
        }
        let result = try run(script: [openPattern, pickSecond]) { batch in
            // The edit lands as the pick is given: it settles 0.1 s into the move.
            if batch == 1 { try self.write(edit) }
        }
        XCTAssertEqual(result.stderr, "")
        let frames = result.frames
        let editedAt = try XCTUnwrap(frames.firstIndex { $0.node("size") != nil }, "the edit shows")
        let pickedAt = try XCTUnwrap(frames.firstIndex { $0.node("pattern")?.text == "Pattern: Alternating diagonal lines" })
        XCTAssertTrue(frames[editedAt - 1].animating, "the edit came during the pick's move")
        XCTAssertLessThan(pickedAt, editedAt)
        let plan = try freshPlan()
        for frame in frames[editedAt...] {
            XCTAssertEqual(frame.nodes.map(\.id), plan.nodes.map(\.id))
            for node in frame.nodes {
                XCTAssertEqual(node.target, plan.node(node.id)?.target, "frame \(frame.frame): \(node.id) is planned as fresh")
            }
        }
        let last = try XCTUnwrap(frames.last)
        XCTAssertFalse(last.animating)
        for node in last.nodes { XCTAssertEqual(node.frame, node.target, "\(node.id) reaches its plan") }
        // Moved nodes keep moving: arrangement's move is continued, not jumped.
        let arrangement = frames[editedAt...].compactMap { $0.node("arrangement")?.frame[0] }
        XCTAssertGreaterThan(Set(arrangement).count, 3, "arrangement eases to its new place: \(arrangement)")
    }

    func testAPickSurvivesAnEditThatRemovesItsDropdownAndOneThatBringsItBack() throws {
        let result = try run(script: [openPattern, pickSecond, [], []]) { batch in
            if batch == 2 { try self.write { items in items.filter { $0["id"] as? String != "pattern" } } }
            if batch == 3 { try self.write() }
        }
        let frames = result.frames
        let removed = try XCTUnwrap(frames.firstIndex { $0.node("pattern") == nil })
        let back = try XCTUnwrap(frames[removed...].firstIndex { $0.node("pattern") != nil })
        XCTAssertEqual(frames[back].node("pattern")?.text, "Pattern: Alternating diagonal lines", "the pick comes back with its dropdown")
    }

    func testABadEditKeepsThePanelSaysOneLineAndShowsTheNoticeUntilTheFileIsGood() throws {
        let result = try run(script: [[], [], []]) { batch in
            if batch == 1 { try Data("{\n  \"title\": 3,".utf8).write(to: self.panelFile.url, options: .atomic) }
            if batch == 2 { try self.write(title: "Good again") }
        }
        XCTAssertEqual(result.stderr.split(separator: "\n"),
                       ["rewrap: \(panelFile.path): $: line 2, column 14: expected a key in double quotes, found the end of the file"])
        let frames = result.frames
        let bad = try XCTUnwrap(frames.firstIndex { $0.node("notice") != nil }, "the notice shows")
        let notice = try XCTUnwrap(frames[bad].node("notice"))
        XCTAssertEqual(notice.kind, "notice")
        XCTAssertTrue(notice.text.hasPrefix("The panel file has an error: \(panelFile.path): $: line 2, column 14"), notice.text)
        XCTAssertEqual(notice.frame, notice.target)
        XCTAssertEqual(notice.frame[1] + notice.frame[3], 420 - 10, "over the window's bottom edge, inside half the padding")
        // Nothing else moved for it.
        let before = frames[bad - 1]
        for node in before.nodes { XCTAssertEqual(frames[bad].node(node.id)?.frame, node.frame, node.id) }
        let good = try XCTUnwrap(frames[bad...].firstIndex { $0.node("notice") == nil })
        XCTAssertTrue(frames[good...].allSatisfy { $0.node("notice") == nil }, "the notice goes with the error")
        XCTAssertTrue(result.requests.contains("title \"Good again\""), "the window is retitled")
    }

    func testNoWatchChangesNothingUntilF5() throws {
        let result = try run(["--no-watch"], script: [[], [RecordingPlatform.press(.reload)]]) { batch in
            if batch == 1 { try self.write { items in Array(items.dropFirst()) } }
        }
        let frames = result.frames
        let f5 = try XCTUnwrap(frames.firstIndex { $0.node("shape") == nil }, "F5 reads the edit")
        XCTAssertGreaterThan(f5, 0)
        // Every frame before F5 (the edit was saved during them) shows the old panel.
        XCTAssertTrue(frames[..<f5].allSatisfy { $0.node("shape") != nil })
        XCTAssertEqual(result.stderr, "")
    }

    /// The loop sleeps until the earliest deadline any source gives: here
    /// the watcher's settle time, on the manual clock, with nothing else due.
    func testTheLoopWakesWhenTheWatcherSaysTheSaveHasSettled() throws {
        var savedAt: Double?
        var platform: RecordingPlatform?
        let trace = try TemporaryFile(suffix: ".jsonl")
        let launch = try Launch(["--panel", panelFile.path, "--locale", "C", "--trace", trace.path, "--reduce-motion"],
                                stateDirectory: stateHome.directory)
        var batches = 0
        platform = RecordingPlatform {
            batches += 1
            guard batches == 2 else { return batches < 2 ? [] : nil }
            savedAt = platform?.now
            try? self.write { items in Array(items.dropFirst()) }
            return []
        }
        let app = try launch.open(on: platform!, clock: Clock { platform!.now }, readsPanelInline: true)
        XCTAssertEqual(app.run(), 0)
        let frames = TraceFrame.read(trace.path)
        let edited = try XCTUnwrap(frames.first { $0.node("shape") == nil })
        let saved = try XCTUnwrap(savedAt)
        XCTAssertEqual(edited.time - saved, 0.1, accuracy: 1e-6, "drawn when the save settled, not before nor later")
    }

    func testWithReducedMotionAnEditHappensAtOnce() throws {
        let result = try run(["--reduce-motion"], script: [[], []]) { batch in
            if batch == 1 { try self.write { items in Array(items.dropFirst()) } }
        }
        XCTAssertNotNil(result.frames.first { $0.node("shape") == nil })
        XCTAssertFalse(result.frames.contains(where: \.animating))
    }

    /// The edit is read on a thread of its own, as in a real run, while
    /// the loop goes round asking the watcher each pass: what the thread
    /// finds reaches the window through the loop, and `make test-tsan` sees
    /// the two threads meet only where the result is handed over.
    func testAnEditReadOnItsOwnThreadReachesTheWindowWhileTheLoopGoesOn() throws {
        let launch = try Launch(["--panel", panelFile.path, "--locale", "C", "--reduce-motion"], stateDirectory: stateHome.directory)
        let giveUp = Date().addingTimeInterval(10)
        var batches = 0
        var platform: RecordingPlatform?
        platform = RecordingPlatform {
            batches += 1
            if batches == 2 { try? self.write(title: "Read off the loop") }
            guard batches > 2 else { return [] }
            guard platform?.requests.contains("title \"Read off the loop\"") == false, Date() < giveUp else { return nil }
            // Idle while the thread reads: the loop comes round again without waiting for it.
            usleep(200)
            return []
        }
        let app = try launch.open(on: platform!, clock: Clock { platform!.now })
        XCTAssertEqual(app.run(), 0)
        XCTAssertTrue(platform!.requests.contains("title \"Read off the loop\""), "\(platform!.requests)")
    }
}
