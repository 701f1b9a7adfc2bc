import Foundation
import RewrapTestDrivers
import XCTest

/// Keys typed as soon as the window has the focus all arrive, in order,
/// whatever the start still has to set up after its first frame (the input
/// method, the keymap): a menu opened by keys in the first frames, then 20
/// letters of type-ahead, each moving the highlight to the next row that
/// starts with it (rules §4). The rows and letters were chosen so that 39
/// of the 40 ways to lose or double one letter, and 11 of the 12 ways to
/// swap two neighbours, leave another row highlighted at the end.
final class TypeAheadTests: XCTestCase {
    private static let options = ["Ash", "Birch", "Cedar", "Alder", "Beech", "Aspen", "Boxwood", "Cherry", "Acacia", "Cypress"]
    /// 20 letters whose end row depends on nearly every one of them.
    private static let letters = Array("cbbaccaabaacbbaacbba")

    /// The shipped panel with Shape's options replaced by trees, the first selected.
    private func panel() throws -> TemporaryFile {
        let source = try String(contentsOfFile: PanelFixture.shippedPath, encoding: .utf8)
        let trees = Self.options.map { "\"\($0)\"" }.joined(separator: ", ")
        let text = source.replacingOccurrences(of: "[\"Circle\", \"Rounded rectangle\"], \"selected\": \"Circle\"",
                                               with: "[\(trees)], \"selected\": \"\(Self.options[0])\"")
        XCTAssertNotEqual(text, source, "the shipped panel's Shape changed; this fixture needs it")
        return try TemporaryFile(suffix: ".json", contents: Data(text.utf8))
    }

    /// The row the rule leaves highlighted, worked out here from the rule
    /// itself: from the selected row, each letter moves to the next row
    /// after the highlighted one whose text starts with it, round the end.
    private static func expectedRow() -> String {
        var row = 0
        for letter in letters {
            row = (1...options.count).map { (row + $0) % options.count }
                .first { options[$0].lowercased().hasPrefix(String(letter)) } ?? row
        }
        return options[row]
    }

    private func highlighted(in frame: TraceFrame) -> String? {
        frame.popup?.nodes.first { $0.highlighted == true }?.text
    }

    func testTypeAheadFromTheFirstFramesArrivesWholeOnX11() throws {
        let file = try panel()
        let session = try RewrapSession(arguments: ["--panel", file.path, "--geometry", "680x420+0+0", "--reduce-motion"])
        defer { session.close() }
        // At once: no wait for the frame to settle or the start to finish.
        try session.xdotool(["windowfocus", "--sync", session.windowID])
        try session.xdotool(["key", "--delay", "0", "Tab", "space"] + Self.letters.map(String.init))
        try session.waitUntil("the last letter to be drawn") {
            session.frames().last.flatMap(highlighted(in:)) == Self.expectedRow()
        }
        XCTAssertEqual(session.stderr, "")
    }

    func testTypeAheadFromTheFirstFramesArrivesWholeOnSway() throws {
        let sway = try SwayServer()
        defer { sway.stop() }
        let file = try panel()
        let session = try WaylandSession(sway: sway, arguments: ["--panel", file.path, "--geometry", "680x420", "--reduce-motion"])
        defer { session.close() }
        // wtype's own keymap reaches sway only after a pause (docs in
        // ../shared/NOTES.md); after it, every key goes at once.
        try sway.type(["-s", "300", "-k", "Tab", "-k", "space"] + Self.letters.flatMap { ["-k", String($0)] })
        try session.waitUntil("the last letter to be drawn") {
            session.frames().last.flatMap(highlighted(in:)) == Self.expectedRow()
        }
        XCTAssertEqual(session.stderr, "")
    }
}
