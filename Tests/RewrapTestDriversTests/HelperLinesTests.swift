import Foundation
import RewrapTestDrivers
import XCTest

/// The one reader of helper processes: a line is whole before it is
/// returned, every read has a deadline, and a helper that ends or hangs
/// fails with its name and what it printed last.
final class HelperLinesTests: XCTestCase {
    /// A shell helper running `script`, stopped by its PID when the test ends.
    private func helper(_ script: String) throws -> (Process, HelperLines) {
        let process = Process()
        let output = Pipe()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", script]
        process.standardOutput = output
        process.standardInput = FileHandle.nullDevice
        try process.run()
        addTeardownBlock { stopProcess(process) }
        return (process, HelperLines(output, helper: "the test's helper", process: process))
    }

    /// The failure `body` throws, and how long it took to throw it.
    private func failure(_ body: () throws -> String) -> (message: String, seconds: Double) {
        let start = Date()
        do {
            let line = try body()
            XCTFail("a line came: \(line)")
            return ("", 0)
        } catch {
            return ("\(error)", Date().timeIntervalSince(start))
        }
    }

    func testALineWrittenInTwoPiecesIsReturnedWhole() throws {
        let (_, lines) = try helper(#"printf 'hel'; sleep 0.3; printf 'lo\nnext\n'; exec sleep 5"#)
        XCTAssertEqual(try lines.next(within: 5), "hello")
        XCTAssertEqual(try lines.next(within: 5), "next")
    }

    func testHalfALineAndAnEndSayWhichHelperEndedAndWhatItPrinted() throws {
        let (_, lines) = try helper(#"printf 'ready\nhalf a li'; exit 3"#)
        XCTAssertEqual(try lines.next(within: 5), "ready")
        let (message, seconds) = failure { try lines.next(within: 5) }
        XCTAssertEqual(message, #"the test's helper ended (exit status 3) before a whole line; the last it printed was "ready", then "half a li" with no newline"#)
        XCTAssertLessThan(seconds, 3, "an end is reported when it comes, not at the deadline")
    }

    func testHalfALineAndSilenceFailWithinTheDeadline() throws {
        let (_, lines) = try helper(#"printf 'half a li'; exec sleep 30"#)
        let (message, seconds) = failure { try lines.next(within: 1) }
        XCTAssertEqual(message, #"the test's helper printed no whole line within 1 s; it printed only "half a li", with no newline"#)
        XCTAssertGreaterThanOrEqual(seconds, 1)
        XCTAssertLessThan(seconds, 3)
    }

    func testAHelperThatHangsFailsWithinTheDeadline() throws {
        let (_, lines) = try helper("exec sleep 30")
        let (message, seconds) = failure { try lines.next(within: 1) }
        XCTAssertEqual(message, "the test's helper printed no whole line within 1 s; it printed nothing")
        XCTAssertGreaterThanOrEqual(seconds, 1)
        XCTAssertLessThan(seconds, 3)
    }

    func testTheRestIsAllItPrintsToItsEnd() throws {
        let (_, lines) = try helper(#"printf 'ready\n'; sleep 0.3; printf 'one\ntwo'"#)
        XCTAssertEqual(try lines.next(within: 5), "ready")
        XCTAssertEqual(lines.rest(within: 5), "one\ntwo")
    }

    func testTheRestOfAHelperThatHangsIsWhatItPrintedByTheDeadline() throws {
        let (_, lines) = try helper(#"printf 'partial'; exec sleep 30"#)
        let start = Date()
        XCTAssertEqual(lines.rest(within: 1), "partial")
        XCTAssertLessThan(Date().timeIntervalSince(start), 3)
    }
}
