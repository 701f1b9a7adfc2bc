import Foundation
import RewrapTestDrivers
import XCTest

/// Bad input gets one line naming the problem and a non-zero exit, never a window.
final class BadInputTests: XCTestCase {
    func testNoDisplayFailsWithOneLine() throws {
        let result = try runCommand([PackagePaths.rewrapBinary], environment: ["DISPLAY": ":987"], timeout: 10)
        XCTAssertEqual(result.status, 1)
        // Neither platform: the one line names the missing compositor too.
        XCTAssertEqual(result.stderrLines.count, 1, result.stderr)
        let line = result.stderrLines.first ?? ""
        XCTAssertTrue(line.hasPrefix("rewrap: no display: ") && line.contains("Wayland") && line.hasSuffix("cannot open display \":987\""), line)
    }

    func testUnsetDisplayFailsWithOneLine() throws {
        let result = try runCommand(["/usr/bin/env", "-u", "DISPLAY", PackagePaths.rewrapBinary], timeout: 10)
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.stderrLines.count, 1, result.stderr)
        let line = result.stderrLines.first ?? ""
        XCTAssertTrue(line.hasPrefix("rewrap: no display: ") && line.contains("Wayland") && line.hasSuffix("cannot open display \"\""), line)
    }

    func testMalformedOptionsExitTwo() throws {
        for arguments in [["--geometry", "wide"], ["--scale", "zero"], ["--scale", "9"], ["--bogus"], ["--geometry", "100x100+5"],
                          ["--geometry", "100x100+99999999999+0"], ["--geometry", "99999999999x100"],
                          ["--theme", "blue"], ["--theme", "Dark"], ["--direction", "up"], ["--inspect=no"],
                          ["--reduce-motion=0"], ["--slow-motion=false"], ["coverage", "--bogus"]] {
            let result = try runCommand([PackagePaths.rewrapBinary] + arguments, environment: ["DISPLAY": ":987"])
            XCTAssertEqual(result.status, 2, "\(arguments)")
            XCTAssertEqual(result.stderrLines.count, 1, "\(arguments): \(result.stderr)")
            XCTAssertTrue(result.stderr.contains(arguments.last!), "\(arguments) should be named: \(result.stderr)")
        }
    }

    /// An option given an empty value is named as such, not taken as a file called "".
    func testAnEmptyValueIsNamed() throws {
        for (arguments, option) in [(["--panel="], "--panel"), (["--trace", ""], "--trace"), (["--font", ""], "--font")] {
            let result = try runCommand([PackagePaths.rewrapBinary] + arguments, environment: ["DISPLAY": ":987"])
            XCTAssertEqual(result.status, 2, "\(arguments)")
            XCTAssertEqual(result.stderrLines, ["rewrap options: \(option) needs a value, not an empty one"], "\(arguments)")
        }
    }

    /// What was typed comes back escaped: a newline cannot make two lines,
    /// nor an escape sequence reach the terminal.
    func testWhatWasTypedIsEscapedInTheOneLine() throws {
        for arguments in [["--geometry", "1x\n1"], ["--theme", "\u{1B}]0;TITLE\u{07}"], ["plan", "flow", "\u{1B}[2J"],
                          ["--direction", "r\u{2028}tl"]] {
            let result = try runCommand([PackagePaths.rewrapBinary] + arguments, environment: ["DISPLAY": ":987"])
            XCTAssertEqual(result.status, 2, "\(arguments)")
            XCTAssertEqual(result.stderrLines.count, 1, "\(arguments): \(result.stderr)")
            let controls = result.stderr.unicodeScalars.filter { ($0.value < 0x20 && $0 != "\n") || $0.value == 0x2028 }
            XCTAssertEqual(controls.count, 0, "\(arguments): \(result.stderr)")
        }
    }

    /// Every file of the hostile corpus is refused before any window opens:
    /// the test runs with a display that does not exist, so reaching X would
    /// print a different line.
    func testEveryBadPanelIsRefusedBeforeAnyWindow() throws {
        let directory = PackagePaths.root + "/Tests/Fixtures/bad-panels"
        let expected = try String(contentsOfFile: directory + "/EXPECTED.tsv", encoding: .utf8)
        var checked = 0
        for line in expected.split(separator: "\n") {
            let columns = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard columns.count >= 3 else { continue }
            let path = directory + "/" + columns[0]
            let result = try runCommand([PackagePaths.rewrapBinary, "--panel", path], environment: ["DISPLAY": ":987"])
            XCTAssertEqual(result.status, 1, columns[0])
            XCTAssertEqual(result.stderrLines.count, 1, "\(columns[0]): \(result.stderr)")
            XCTAssertTrue(result.stderr.hasPrefix("rewrap: \(path): \(columns[1]): "), "\(columns[0]): \(result.stderr)")
            XCTAssertTrue(result.stderr.contains(columns[2]), "\(columns[0]): \(result.stderr)")
            checked += 1
        }
        XCTAssertGreaterThanOrEqual(checked, 30)
    }

    /// A trace read through a pipe whose reader goes away: the write fails,
    /// one line says so, and the window carries on without its trace.
    func testATraceReaderGoingAwayEndsTheTraceNotTheProgram() throws {
        let server = try XvfbServer()
        defer { server.stop() }
        let fifo = NSTemporaryDirectory() + "rewrap-fifo-\(UUID().uuidString)"
        XCTAssertEqual(mkfifo(fifo, 0o600), 0)
        defer { try? FileManager.default.removeItem(atPath: fifo) }
        // Reads the first frame, then leaves.
        let reader = try DesktopProcess(["/usr/bin/python3", "-c", "import sys; print(open(sys.argv[1]).readline()[:9], flush=True)", fifo],
                                        server: server)
        defer { reader.stop() }
        let rewrap = try DesktopProcess([PackagePaths.rewrapBinary, "--trace", fifo, "--geometry", "480x420+0+0"], server: server)
        defer { rewrap.stop() }
        try reader.waitUntil("the first frame read") { reader.log.contains("{\"frame\"") }
        try reader.waitUntil("the reader to leave") { !reader.process.isRunning }
        let window = try runCommand(["/usr/bin/xdotool", "search", "--sync", "--pid", "\(rewrap.process.processIdentifier)"],
                                    environment: ["DISPLAY": server.display]).stdout.split(separator: "\n").first.map(String.init) ?? ""
        for key in ["Tab", "Tab", "Tab"] {
            _ = try runCommand(["/usr/bin/xdotool", "key", "--window", window, key], environment: ["DISPLAY": server.display])
        }
        try rewrap.waitUntil("the failed write to be reported") { rewrap.log.contains("no longer writing it") }
        usleep(200_000)
        XCTAssertTrue(rewrap.process.isRunning, "the window carries on")
        XCTAssertEqual(rewrap.log.split(separator: "\n").count, 1, rewrap.log)
        XCTAssertTrue(rewrap.log.hasPrefix("rewrap: cannot write trace file \"\(fifo)\": Broken pipe"), rewrap.log)
    }

    func testMissingPanelFileIsNamed() throws {
        let result = try runCommand([PackagePaths.rewrapBinary, "--panel", "/nonexistent/panel.json"], environment: ["DISPLAY": ":987"])
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.stderrLines.count, 1)
        XCTAssertTrue(result.stderr.contains("/nonexistent/panel.json"), result.stderr)
    }

    func testMissingFontFallsBackWithOneWarning() throws {
        let session = try RewrapSession(arguments: ["--font", "No Such Font Family:pixelsize=14"])
        let frame = try session.settledFrame()
        XCTAssertEqual(frame.nodes("dropdown").count, 3)
        let warnings = session.stderr.split(separator: "\n")
        XCTAssertEqual(warnings.count, 1, session.stderr)
        XCTAssertTrue(warnings.first?.contains("No Such Font Family") == true, session.stderr)
    }

    /// The warning repeats the family as typed, escaped like every other line.
    func testAFontNameWithControlsWarnsInOneEscapedLine() throws {
        let session = try RewrapSession(arguments: ["--font", "No\nSuch \u{1B}[2J Family:pixelsize=14"])
        XCTAssertEqual(try session.settledFrame().nodes("dropdown").count, 3)
        XCTAssertEqual(session.stderr.split(separator: "\n").count, 1, session.stderr)
        XCTAssertTrue(session.stderr.contains("not found"), session.stderr)
        let controls = session.stderr.unicodeScalars.filter { $0.value < 0x20 && $0 != "\n" }
        XCTAssertEqual(controls.count, 0, session.stderr)
    }

    func testEmptyChipListShowsNoItems() throws {
        let source = try String(contentsOfFile: PackagePaths.root + "/assets/panel.json", encoding: .utf8)
        let start = source.range(of: "\"items\": [\n      {\"id\": \"sketch\"")!.lowerBound
        let end = source.range(of: "]", range: start..<source.endIndex)!.upperBound
        let file = try TemporaryFile(suffix: ".json", contents: Data(source.replacingCharacters(in: start..<end, with: "\"items\": []").utf8))
        let session = try RewrapSession(arguments: ["--panel", file.path])
        let frame = try session.settledFrame()
        XCTAssertEqual(frame.node("chips.empty")?.text, "No items")
        XCTAssertEqual(frame.node("chips.empty")?.kind, "empty")
        XCTAssertTrue(frame.nodes("chip").isEmpty)
        XCTAssertNil(frame.node("badge"))
    }
}
