import Foundation
import RewrapTestDrivers
import XCTest

/// A scripted session and two screenshots, compared with what the program
/// showed before a refactor: node for node, and pixel for pixel. A change
/// that should alter none of it (a new module boundary, a faster resize)
/// must leave both exactly as they were.
///
/// `REWRAP_RECORD_GOLDEN=1 swift test --filter GoldenSessionTests` writes
/// the references afresh into `Tests/Fixtures/golden/` and fails, so a run
/// that records can never pass: a new reference is a diff a person reads
/// and commits.
final class GoldenSessionTests: XCTestCase {
    private let directory = PackagePaths.root + "/Tests/Fixtures/golden/"
    private var recording: Bool { ProcessInfo.processInfo.environment["REWRAP_RECORD_GOLDEN"] == "1" }

    func testScriptedSessionTracesTheSameNodes() throws {
        let session = try RewrapSession(arguments: ["--reduce-motion", "--geometry", "680x420+0+0"], environment: ["LANG": "C"])
        try session.parkPointer()
        try session.settledFrame()
        try step(session) {}

        // Clicks: open Pattern, hover its second row, pick it.
        try step(session) { try session.click(session.lastFrame().node("pattern")!.center) }
        let popup = try XCTUnwrap(try session.lastFrame().popup)
        try step(session) { try session.xdotool(["mousemove", String(popup.center(of: 1).x), String(popup.center(of: 1).y)]) }
        try step(session) { try session.clickRoot(popup.center(of: 1)) }

        // Keys: Tab twice (round to Shape), open its menu, move, pick; Escape, which keeps the focus.
        try step(session) { try session.key("Tab", "Tab") }
        try step(session) { try session.key("Return") }
        try step(session) { try session.key("Down", "Return") }
        try step(session) { try session.key("Escape") }

        // A burst of resizes, then a scroll by wheel and by keys.
        try step(session) {
            try session.xdotool(["windowsize", session.windowID, "400", "420", "windowsize", session.windowID, "560", "300",
                                 "windowsize", session.windowID, "340", "240"])
        }
        try step(session) { try session.click((170, 200), button: 5) }
        try step(session) { try session.key("Next") }
        try step(session) { try session.key("Prior") }
        try step(session) { try session.click((170, 200), button: 7) }

        // The badge's popup, reached by the keyboard from Shape, which scrolls it into view.
        try step(session) { try session.key("Tab", "Tab", "Tab") }
        try step(session) { try session.key("Return") }
        try step(session) { try session.key("Escape") }
        try step(session) { try session.key("F12") }
        try step(session) { try session.resize(width: 700, height: 420) }

        let trace = snapshots
        let reference = directory + "session.jsonl"
        if recording {
            try trace.joined(separator: "\n").appending("\n").write(toFile: reference, atomically: true, encoding: .utf8)
            return XCTFail("recorded \(reference): review `git diff` and commit it")
        }
        let expected = try String(contentsOfFile: reference, encoding: .utf8).split(separator: "\n").map(String.init)
        XCTAssertEqual(trace.count, expected.count, "steps")
        for (index, (got, want)) in zip(trace, expected).enumerated() where got != want {
            XCTFail("after step \(index):\n got  \(got)\n want \(want)")
        }
    }

    func testWindowAt700And340PixelsLooksTheSame() throws {
        for width in [700, 340] {
            let session = try RewrapSession(arguments: ["--geometry", "\(width)x420+0+0"], environment: ["LANG": "C"])
            try session.parkPointer()
            try session.settledFrame()
            usleep(200_000)
            let shot = directory + "window-\(width).png"
            let target = recording ? shot : NSTemporaryDirectory() + "rewrap-golden-\(UUID().uuidString).png"
            defer { if !recording { try? FileManager.default.removeItem(atPath: target) } }
            try session.capture(to: target)
            session.stop()
            if recording {
                XCTFail("recorded \(shot): look at it, then commit it")
                continue
            }
            // ImageMagick's compare prints the number of differing pixels on stderr.
            let compare = try runCommand(["/usr/bin/compare", "-metric", "AE", shot, target, "null:"])
            XCTAssertEqual(compare.stderr.trimmingCharacters(in: .whitespacesAndNewlines), "0",
                           "pixels that differ at \(width) px")
        }
    }

    /// The newest frame after each step of the scripted session.
    private var snapshots: [String] = []

    /// Runs `action`, waits until the program has been quiet for a moment,
    /// then keeps the newest frame. How many frames a step draws depends on
    /// timing (a burst of resizes may show a size in between); where it ends does not.
    private func step(_ session: RewrapSession, _ action: () throws -> Void) throws {
        try action()
        var count = session.frames().count
        var quietSince = Date()
        while Date().timeIntervalSince(quietSince) < 0.3 {
            usleep(20_000)
            let now = session.frames().count
            if now != count {
                count = now
                quietSince = Date()
            }
        }
        snapshots.append(try normalized(String(contentsOfFile: session.tracePath, encoding: .utf8)
            .split(separator: "\n").last.map(String.init) ?? ""))
    }

    /// A trace line without its frame index and time, with sorted keys.
    private func normalized(_ line: String) throws -> String {
        guard var object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else {
            throw TestFailure("not a trace line: \(line)")
        }
        object["frame"] = nil
        object["time"] = nil
        return String(decoding: try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]), as: UTF8.self)
    }
}
