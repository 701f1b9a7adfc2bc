import Foundation
import RewrapApp
import RewrapPlatform
import RewrapScene
import RewrapTestSupport
import XCTest

/// The loop keeps what the person does (rules §12), played on a recording
/// platform whose clock moves only as the loop sleeps. The oracle is the
/// file as Foundation's JSON reader sees it, and what the next run asks
/// the platform for.
final class KeptStateLoopTests: XCTestCase {
    private let stateHome = StateHome()
    private let panel = PackagePaths.root + "/assets/panel.json"

    /// Keys that pick Pattern's second option, as RecordedLoopTests plays them.
    private let pickPattern: [[PlatformEvent]] = [
        [.focusChanged(true)] + [Key.tab, .tab, .returnKey].map(RecordingPlatform.press),
        [Key.down, .returnKey].map(RecordingPlatform.press),
    ]

    /// Runs the loop over `script`; returns what the platform was asked and the trace.
    @discardableResult
    private func run(_ arguments: [String] = [], script: [[PlatformEvent]],
                     idle: ((RecordingPlatform) -> Void)? = nil) throws -> (requests: [String], frames: [TraceFrame]) {
        let trace = try TemporaryFile(suffix: ".jsonl")
        let launch = try Launch(["--panel", panel, "--locale", "C", "--reduce-motion", "--trace", trace.path] + arguments,
                                stateDirectory: stateHome.directory)
        var script = script
        var platform: RecordingPlatform!
        platform = RecordingPlatform {
            idle?(platform)
            return script.isEmpty ? nil : script.removeFirst()
        }
        let app = try launch.open(on: platform, clock: Clock { platform.now })
        XCTAssertEqual(app.run(), 0)
        return (platform.requests, TraceFrame.read(trace.path))
    }

    private func keptFile() throws -> String {
        let files = stateHome.stateFiles
        XCTAssertEqual(files.count, 1, "one state file: \(files)")
        return try XCTUnwrap(files.first)
    }

    private func kept() throws -> [String: Any] {
        let data = try Data(contentsOf: URL(fileURLWithPath: try keptFile()))
        return try XCTUnwrap(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    func testAPickIsWrittenWithinASecondAndOpensTheNextRun() throws {
        var pickedAt: Double?
        var writtenBy: Double?
        try run(script: pickPattern + [[]]) { platform in
            // Idle means every deadline has passed: the save's too.
            if pickedAt == nil, platform.requests.contains(where: { $0.hasPrefix("open popup") }) { pickedAt = platform.now }
            if writtenBy == nil, !self.stateHome.stateFiles.isEmpty { writtenBy = platform.now }
        }
        let picked = try XCTUnwrap(pickedAt), written = try XCTUnwrap(writtenBy, "written before the window closed")
        XCTAssertLessThanOrEqual(written - picked, 1)
        let state = try kept()
        XCTAssertEqual(state["version"] as? Int, 1)
        XCTAssertEqual(state["panel"] as? String, panel)
        XCTAssertEqual(state["picks"] as? [String: String], ["pattern": "Alternating diagonal lines"])
        XCTAssertTrue(state["size"] is NSNull)
        XCTAssertEqual(state["maximized"] as? Bool, false)

        let next = try run(script: [])
        XCTAssertEqual(next.frames.first?.node("pattern")?.text, "Pattern: Alternating diagonal lines")
        XCTAssertEqual(next.frames.first?.node("shape")?.text, "Shape: Circle")
    }

    /// A pick made after the window was asked to close, in the same batch
    /// of events (keys the person typed as the window manager closed it,
    /// which closed the open menu first), is kept too: the keeper saves
    /// when the loop ends, not at the close.
    func testAPickInTheBatchThatClosesTheWindowIsKept() throws {
        try run(script: [pickPattern[0], [.closeRequested] + [Key.returnKey, .down, .returnKey].map(RecordingPlatform.press)])
        XCTAssertEqual(try kept()["picks"] as? [String: String], ["pattern": "Alternating diagonal lines"])
    }

    /// A window manager's configure before the window is shown is the start;
    /// after it, a resize is the person's, kept in logical pixels.
    func testOnlyResizesAfterTheWindowIsShownAreKeptInLogicalPixels() throws {
        try run(["--scale", "2"], script: [[.configured(width: 1000, height: 700)]])
        XCTAssertEqual(stateHome.stateFiles, [], "a start's configure is no change")

        try run(["--scale", "2"], script: [[.configured(width: 1000, height: 700), .windowShown], [.configured(width: 1200, height: 900)]])
        XCTAssertEqual(try kept()["size"] as? [Double], [600, 450])
        XCTAssertEqual(try run(["--scale", "2"], script: []).requests.first, "open 1200x900 \"Rewrap\"")
        XCTAssertEqual(try run(script: []).requests.first, "open 600x450 \"Rewrap\"", "the same logical size at scale 1")
    }

    /// A move, or a new scale's rounding of the same size, is no resize.
    func testTheSameLogicalSizeAgainIsNoChange() throws {
        try run(["--scale", "1.5"], script: [[.windowShown], [.configured(width: 1021, height: 631)], [.configured(width: 1020, height: 630)]])
        XCTAssertEqual(stateHome.stateFiles, [], "680 × 420 at 1.5, give or take a pixel's rounding")
    }

    /// The size kept is the one to unmaximise to, not the maximised one.
    func testMaximisedIsKeptAndTheScreensSizeIsNot() throws {
        try run(script: [[.windowShown, .configured(width: 800, height: 500)], [.configured(width: 1280, height: 1024), .maximizedChanged(true)]])
        let state = try kept()
        XCTAssertEqual(state["size"] as? [Double], [800, 500])
        XCTAssertEqual(state["maximized"] as? Bool, true)
        XCTAssertEqual(try run(script: []).requests.first, "open 800x500 \"Rewrap\" maximized")
    }

    func testGeometryWinsOverTheKeptSizeAndMaximisedState() throws {
        try run(script: [[.windowShown, .configured(width: 800, height: 500)], [.maximizedChanged(true)]])
        XCTAssertEqual(try run(["--geometry", "400x300"], script: []).requests.first, "open 400x300 \"Rewrap\"")
        XCTAssertEqual(try kept()["maximized"] as? Bool, true, "kept as it was: the person changed nothing")
    }

    func testForgetStartsFromDefaultsAndLeavesTheFileUntilAChange() throws {
        try run(script: pickPattern)
        let before = try Data(contentsOf: URL(fileURLWithPath: try keptFile()))
        let forgotten = try run(["--forget"], script: [[.windowShown, .configured(width: 680, height: 420)]])
        XCTAssertEqual(forgotten.frames.first?.node("pattern")?.text, "Pattern: Solid")
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: try keptFile())), before, "left alone")

        // A change writes what the window shows: the old pick is gone.
        try run(["--forget"], script: [[.windowShown, .configured(width: 500, height: 400)]])
        XCTAssertEqual(try kept()["picks"] as? [String: String], [:])
        XCTAssertEqual(try kept()["size"] as? [Double], [500, 400])
    }

    func testAFileThatCouldNotBeReadIsKeptUntilTheyChangeSomething() throws {
        try run(script: pickPattern)
        let file = try keptFile()
        let garbage = Data("{\"version\": 1, \"picks\": {\"pattern\": \"Alt".utf8)
        try garbage.write(to: URL(fileURLWithPath: file))
        let unread = try run(script: [[.windowShown], [.configured(width: 680, height: 420)]])
        XCTAssertEqual(unread.frames.first?.node("pattern")?.text, "Pattern: Solid", "the panel's defaults")
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: file)), garbage, "not overwritten: nothing changed")

        try run(script: pickPattern)
        XCTAssertEqual(try kept()["picks"] as? [String: String], ["pattern": "Alternating diagonal lines"])
    }

    /// A new file left by a Rewrap killed mid-write is cleared by the next
    /// write; one of a process still writing, or of another panel, is not.
    func testTheNextWriteClearsTheNewFileOfAKilledWrite() throws {
        try run(script: pickPattern)
        let file = try keptFile()
        let ended = Process()
        ended.executableURL = URL(fileURLWithPath: "/bin/true")
        try ended.run()
        ended.waitUntilExit()
        let killed = "\(file).\(ended.processIdentifier).new"
        let running = "\(file).1.new"
        let otherPanel = stateHome.directory + "/other-0123456789abcdef.json.\(ended.processIdentifier).new"
        for leftover in [killed, running, otherPanel] {
            XCTAssertTrue(FileManager.default.createFile(atPath: leftover, contents: Data("{\"version\": 1, \"pic".utf8)))
        }

        try run(script: [[.windowShown], [.configured(width: 500, height: 400)]])
        XCTAssertEqual(try kept()["size"] as? [Double], [500, 400])
        XCTAssertFalse(FileManager.default.fileExists(atPath: killed), "the killed write's file")
        XCTAssertTrue(FileManager.default.fileExists(atPath: running), "a write that may be under way")
        XCTAssertTrue(FileManager.default.fileExists(atPath: otherPanel), "another panel's, cleared by its own writes")
    }

    /// Another panel file starts fresh, and keeps its own.
    func testEachPanelFileHasItsOwnState() throws {
        try run(script: pickPattern)
        let other = try TemporaryFile(suffix: ".json", contents: try Data(contentsOf: URL(fileURLWithPath: panel)))
        let fresh = try run(["--panel", other.path], script: [])
        XCTAssertEqual(fresh.frames.first?.node("pattern")?.text, "Pattern: Solid")
        XCTAssertEqual(stateHome.stateFiles.count, 1)
    }
}
