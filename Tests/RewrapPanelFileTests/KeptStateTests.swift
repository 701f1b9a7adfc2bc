import Foundation
import RewrapPanelFile
import RewrapScene
import RewrapTestDrivers
import XCTest

/// The kept state's reader and writer (rules §12). The oracles are bytes
/// written by hand here and in Tests/Fixtures/bad-states, and Python's json
/// module for what the writer writes.
final class KeptStateTests: XCTestCase {
    private let panel = try! PanelLoader.load(path: PackagePaths.root + "/assets/panel.json")
    private let fixtures = PackagePaths.root + "/Tests/Fixtures/bad-states"

    private func read(_ text: String) -> KeptStateReader.Reading {
        KeptStateReader.read(Array(text.utf8), file: "state.json", panel: panel)
    }

    func testGoodStateIsReadWhole() {
        let reading = read(#"{"version": 1, "panel": "/p", "picks": {"shape": "Rounded rectangle", "pattern": "Solid"}, "size": [500.5, 300], "maximized": true}"#)
        XCTAssertNil(reading.problem)
        XCTAssertEqual(reading.state.picks, ["shape": "Rounded rectangle", "pattern": "Solid"])
        XCTAssertEqual(reading.state.size, KeptState.WindowSize(width: 500.5, height: 300))
        XCTAssertTrue(reading.state.maximized)
    }

    func testNullSizeIsNoSizeKept() {
        let reading = read(#"{"version": 1, "panel": "/p", "picks": {}, "size": null, "maximized": false}"#)
        XCTAssertNil(reading.problem)
        XCTAssertEqual(reading.state, KeptState())
    }

    /// The panel changed since: a pick of a dropdown or option it no longer has goes without a word.
    func testPickThePanelNoLongerOffersIsDroppedQuietly() {
        let reading = read(#"{"version": 1, "panel": "/p", "picks": {"gone": "Circle", "shape": "Hexagon", "arrangement": "Evenly spaced columns"}, "size": null, "maximized": false}"#)
        XCTAssertNil(reading.problem)
        XCTAssertEqual(reading.state.picks, ["arrangement": "Evenly spaced columns"])
    }

    /// One bad member costs only itself: the picks stand when the size is bad.
    func testBadMemberLeavesTheRestStanding() {
        let reading = read(#"{"version": 1, "panel": "/p", "picks": {"shape": "Rounded rectangle"}, "size": [500, "300"], "maximized": true}"#)
        XCTAssertEqual(reading.problem?.message,
                       "rewrap: state.json: $.size[1]: expected a number, found a string; the panel's defaults stand there")
        XCTAssertEqual(reading.state.picks, ["shape": "Rounded rectangle"])
        XCTAssertNil(reading.state.size)
        XCTAssertTrue(reading.state.maximized)
    }

    func testAPickThatIsNoStringCostsOnlyItself() {
        let reading = read(#"{"version": 1, "panel": "/p", "picks": {"pattern": 2, "shape": "Rounded rectangle"}, "size": null, "maximized": false}"#)
        XCTAssertEqual(reading.problem?.message,
                       "rewrap: state.json: $.picks.pattern: expected a string, found a number; the panel's defaults stand there")
        XCTAssertEqual(reading.state.picks, ["shape": "Rounded rectangle"])
    }

    func testFutureVersionIsNotTrusted() {
        let reading = read(#"{"version": 2, "panel": "/p", "picks": {"shape": "Rounded rectangle"}, "size": null, "maximized": false}"#)
        XCTAssertEqual(reading.problem?.message,
                       "rewrap: state.json: $.version: written by a newer Rewrap (version 2; this one reads 1); the panel's defaults stand there")
        XCTAssertEqual(reading.state, KeptState())
    }

    /// Every fixture: one line naming the file and the path, and only what
    /// the file got right kept.
    func testEveryBadStateFileGivesOneLineAndDefaults() throws {
        // Columns count from 1 to the first bad byte, as `xxd` shows it.
        let expected: [String: (path: String, problem: String, keepsPick: Bool, keepsSize: Bool)] = [
            "garbage.json": ("$", "line 1, column 1", false, false),
            "truncated.json": ("$.picks", "line 1, column 52: string never ends", false, false),
            "empty.json": ("$", "file is empty", false, false),
            "whitespace-only.json": ("$", "line 3, column 1", false, false),
            "top-level-array.json": ("$", "expected an object, found an array", false, false),
            "picks-as-array.json": ("$.picks", "expected an object, found an array", false, true),
            "size-as-string.json": ("$.size", "expected [width, height] or null, found a string", true, false),
            "size-out-of-range.json": ("$.size[0]", "0.0 is outside 1...16384", true, false),
            "unknown-key.json": ("$", "unknown key \"position\"", false, false),
            "missing-version.json": ("$", "missing key \"version\"", false, false),
            "not-utf8.json": ("$.picks.shape", "line 1, column 74: invalid UTF-8 (byte 0xFF)", false, false),
            "latin1.json": ("$.picks.shape", "line 1, column 71: invalid UTF-8 (byte 0xE9)", false, false),
            "future-version.json": ("$.version", "written by a newer Rewrap (version 2; this one reads 1)", false, false),
            "huge-version.json": ("$.version", "written by a newer Rewrap (version 1e+300", false, false),
            "maximized-as-string.json": ("$.maximized", "expected true or false, found a string", true, true),
            "deep-nesting.json": ("$[0][0]", "nesting deeper than 64 levels", false, false),
        ]
        let names = try FileManager.default.contentsOfDirectory(atPath: fixtures).sorted()
        XCTAssertEqual(Set(names), Set(expected.keys), "each fixture has its expectation")
        for name in names {
            let path = fixtures + "/" + name
            let reading = KeptStateReader.load(path: path, panel: panel)
            guard let want = expected[name], let message = reading.problem?.message else {
                XCTFail("\(name): no problem reported")
                continue
            }
            XCTAssertFalse(message.contains("\n"), name)
            XCTAssertTrue(message.hasPrefix("rewrap: \(path): \(want.path)"), "\(name): \(message)")
            XCTAssertTrue(message.contains(want.problem), "\(name): \(message)")
            // What the fixture got right stands: its pick and its size, unless that was what was bad.
            XCTAssertEqual(reading.state.picks, want.keepsPick ? ["shape": "Rounded rectangle"] : [:], name)
            XCTAssertEqual(reading.state.size, want.keepsSize ? KeptState.WindowSize(width: 500, height: 300) : nil, name)
        }
    }

    /// 5 MB of brackets: refused by its size without being read, and by
    /// depth when handed over whole.
    func testFiveMegabytesOfBracketsAreRefusedFast() throws {
        let brackets = [UInt8](repeating: UInt8(ascii: "["), count: 5 * 1024 * 1024)
        let file = try TemporaryFile(suffix: ".json", contents: Data(brackets))
        let start = Date()
        let loaded = KeptStateReader.load(path: file.path, panel: panel)
        XCTAssertEqual(loaded.problem?.message,
                       "rewrap: \(file.path): $: file is too large (5242880 bytes; the limit is 4194304); the panel's defaults stand there")
        let parsed = KeptStateReader.read(brackets, file: "b.json", panel: panel)
        XCTAssertTrue(parsed.problem?.message.contains("nesting deeper than 64 levels") == true, parsed.problem?.message ?? "no problem")
        XCTAssertLessThan(Date().timeIntervalSince(start), 5, "a hang, not a refusal")
    }

    func testMissingFileIsNoProblem() {
        let reading = KeptStateReader.load(path: "/nonexistent/rewrap-state.json", panel: panel)
        XCTAssertNil(reading.problem)
        XCTAssertEqual(reading.state, KeptState())
    }

    /// What the writer writes, as Python's json reads it, and read back the same.
    func testWrittenStateIsJSONAndReadsBack() throws {
        var state = KeptState()
        state.picks = ["pattern": "Alternating diagonal lines", "shape": "Rounded rectangle"]
        state.size = KeptState.WindowSize(width: 466.6666666666667, height: 280)
        state.maximized = true
        let bytes = state.encoded(panelFile: "/a \"quoted\" path/panel.json")
        let file = try TemporaryFile(suffix: ".json", contents: Data(bytes))
        let python = try runCommand(["/usr/bin/python3", "-c", """
            import json, sys
            d = json.load(open(sys.argv[1], encoding="utf-8"))
            print(d["version"], d["panel"], sorted(d["picks"].items()), d["size"], d["maximized"])
            """, file.path])
        XCTAssertEqual(python.status, 0, python.stderr)
        XCTAssertEqual(python.stdout,
                       "1 /a \"quoted\" path/panel.json [('pattern', 'Alternating diagonal lines'), ('shape', 'Rounded rectangle')] [466.6666666666667, 280] True\n")
        XCTAssertEqual(KeptStateReader.read(bytes, file: "s", panel: panel), KeptStateReader.Reading(state: state, problem: nil))
    }

    func testSameStateIsSameBytes() {
        var first = KeptState(), second = KeptState()
        first.picks = ["shape": "Circle", "pattern": "Solid", "arrangement": "Rows"]
        second.picks = ["arrangement": "Rows", "shape": "Circle", "pattern": "Solid"]
        XCTAssertEqual(first.encoded(panelFile: "p"), second.encoded(panelFile: "p"))
    }
}
