import Foundation
import RewrapTestDrivers
import XCTest

/// Runs the built `rewrap plan` binary as a user would and reads its JSON.
final class PlanCommandTests: XCTestCase {
    private func plan(_ arguments: [String]) throws -> CommandResult {
        try runCommand([PackagePaths.rewrapBinary, "plan"] + arguments)
    }

    private func json(_ arguments: [String], file: StaticString = #filePath, line: UInt = #line) throws -> [String: Any] {
        let result = try plan(arguments)
        XCTAssertEqual(result.status, 0, result.stderr, file: file, line: line)
        XCTAssertEqual(result.stdout.split(separator: "\n").count, 1, "one JSON line", file: file, line: line)
        let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8))
        return try XCTUnwrap(object as? [String: Any], file: file, line: line)
    }

    private func origins(_ object: [String: Any]) -> [[Double]] {
        (object["origins"] as? [[NSNumber]] ?? []).map { $0.map(\.doubleValue) }
    }

    func testFlowWorkedExampleWrapsThirdItem() throws {
        let object = try json(["flow", "--width", "300", "80x24", "150x24", "90x24"])
        XCTAssertEqual(object["width"] as? Double, 300)
        XCTAssertEqual(object["height"] as? Double, 56)
        XCTAssertEqual(origins(object), [[0, 0], [88, 0], [0, 32]])
    }

    func testFlowWorkedExampleFitsOneRow() throws {
        let object = try json(["flow", "--width", "300", "80x24", "100x24", "90x24"])
        XCTAssertEqual(object["height"] as? Double, 24)
        XCTAssertEqual(origins(object), [[0, 0], [88, 0], [196, 0]])
    }

    func testFlowUnspecifiedWidthGivesOneRow() throws {
        let object = try json(["flow", "80x24", "150x30", "90x24"])
        XCTAssertEqual(object["width"] as? Double, 336)
        XCTAssertEqual(object["height"] as? Double, 30)
    }

    func testFlowInfiniteWidthGivesOneRow() throws {
        let object = try json(["flow", "--width", "inf", "--spacing", "4", "80x24", "150x24"])
        XCTAssertEqual(object["width"] as? Double, 234)
        XCTAssertEqual(origins(object), [[0, 0], [84, 0]])
    }

    func testFlowAcceptsDecimalsAndEqualsForm() throws {
        let object = try json(["flow", "--width=300", "--spacing=8", "100.5x24.25", "191.5x20"])
        XCTAssertEqual(object["height"] as? Double, 24.25)
        XCTAssertEqual(origins(object), [[0, 0], [108.5, 0]])
    }

    func testFlowWithNoItemsIsZero() throws {
        let object = try json(["flow", "--width", "300"])
        XCTAssertEqual(object["width"] as? Double, 0)
        XCTAssertEqual(object["height"] as? Double, 0)
        XCTAssertEqual(origins(object), [])
    }

    func testChipsWorkedExample() throws {
        let expected: [(String, Int, Int, Double)] = [
            ("344", 4, 0, 344), ("343", 3, 1, 316), ("300", 2, 2, 244), ("220", 1, 3, 140), ("60", 0, 4, 60),
        ]
        for (width, visible, hidden, chosen) in expected {
            let object = try json(["chips", "--width", width, "--spacing", "8", "--badge", "60", "72", "96", "64", "88"])
            XCTAssertEqual(object["visible"] as? Int, visible, "width \(width)")
            XCTAssertEqual(object["hidden"] as? Int, hidden, "width \(width)")
            XCTAssertEqual(object["width"] as? Double, chosen, "width \(width)")
        }
    }

    func testChipsBadgeWidthPerHiddenCount() throws {
        // With 1 hidden the badge is 100 wide, so 3 chips no longer fit in 343.
        let object = try json(["chips", "--width", "343", "--badge", "100,60,60,60", "72", "96", "64", "88"])
        XCTAssertEqual(object["visible"] as? Int, 2)
        XCTAssertEqual(object["width"] as? Double, 244)
    }

    func testChipsWithNoChipsIsZero() throws {
        let object = try json(["chips", "--width", "100", "--badge", "60"])
        XCTAssertEqual(object["visible"] as? Int, 0)
        XCTAssertEqual(object["hidden"] as? Int, 0)
        XCTAssertEqual(object["width"] as? Double, 0)
    }

    /// rules §6.1: right to left, every origin mirrors inside the reported width.
    func testFlowRightToLeftMirrorsOrigins() throws {
        let object = try json(["flow", "--width", "300", "--direction", "rtl", "80x24", "150x24", "90x24"])
        XCTAssertEqual(object["width"] as? Double, 300)
        XCTAssertEqual(object["height"] as? Double, 56)
        // Left to right: (0, 0), (88, 0), (0, 32); mirrored: x' = 300 − x − w.
        XCTAssertEqual(origins(object), [[220, 0], [62, 0], [210, 32]])
    }

    func testChipsRightToLeftPutTheBadgeAtTheLeftEnd() throws {
        let object = try json(["chips", "--width", "343", "--direction", "rtl", "--badge", "60", "72", "96", "64", "88"])
        XCTAssertEqual(object["visible"] as? Int, 3)
        XCTAssertEqual(object["width"] as? Double, 316)
        // Left to right the chips sit at 0, 80, 184 and the badge at 256.
        XCTAssertEqual(origins(object), [[244, 0], [140, 0], [68, 0], [0, 0]])
        let plain = try json(["chips", "--width", "343", "--badge", "60", "72", "96", "64", "88"])
        XCTAssertNil(plain["origins"], "rules §6.1's three keys when no direction is asked for")
    }

    func testPlanWithoutADirectionIsLeftToRight() throws {
        XCTAssertEqual(origins(try json(["flow", "--width", "300", "80x24", "150x24"])),
                       origins(try json(["flow", "--width", "300", "--direction", "ltr", "80x24", "150x24"])))
    }

    func testMalformedTokensExitTwoNamingTheToken() throws {
        let cases: [([String], String)] = [
            (["flow", "--width", "300", "80y24"], "80y24"),
            (["flow", "--width", "wide", "80x24"], "wide"),
            (["flow", "--spacing", "1e3", "80x24"], "1e3"),
            (["flow", "--bogus", "80x24"], "--bogus"),
            (["flow", "-80x24"], "-80x24"),
            (["chips", "--width", "300", "--badge", "60,x", "72"], "60,x"),
            (["chips", "--width", "300", "--badge", "60,60", "72", "96", "64"], "60,60"),
            (["chips", "--width", "300", "--badge", "60", "seventy"], "seventy"),
            (["chips", "--width", "nan", "--badge", "60", "72"], "nan"),
            (["flow", "--direction", "sideways", "80x24"], "sideways"),
            (["chips", "--width", "300", "--direction", "RTL", "--badge", "60", "72"], "RTL"),
            (["shapes"], "shapes"),
            (["flow", String(repeating: "9", count: 400) + "x24"], "999999"),
            (["chips", "--width", String(repeating: "9", count: 400), "--badge", "60", "72"], "999999"),
        ]
        for (arguments, token) in cases {
            let result = try plan(arguments)
            XCTAssertEqual(result.status, 2, "\(arguments)")
            XCTAssertEqual(result.stdout, "", "\(arguments)")
            XCTAssertEqual(result.stderrLines.count, 1, "\(arguments): \(result.stderr)")
            XCTAssertTrue(result.stderr.contains(token), "\(arguments) should name \(token): \(result.stderr)")
        }
    }

    func testMissingRequiredOptionsExitTwo() throws {
        for arguments in [["chips", "72"], ["chips", "--width", "100", "72"], ["flow", "--width"], []] {
            let result = try plan(arguments)
            XCTAssertEqual(result.status, 2, "\(arguments)")
            XCTAssertEqual(result.stderrLines.count, 1, "\(arguments)")
        }
    }

    /// A plan that could not be written is not a plan written: /dev/full
    /// takes the bytes and fails the flush.
    func testAPlanThatCannotBeWrittenFailsInOneLine() throws {
        let result = try runCommand(["/bin/sh", "-c", "exec \"$0\" plan flow 80x24 > /dev/full", PackagePaths.rewrapBinary])
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.stderrLines, ["rewrap plan: cannot write the plan: No space left on device"])
    }

    func testHelpDescribesBothPlans() throws {
        let result = try runCommand([PackagePaths.rewrapBinary, "--help"])
        XCTAssertEqual(result.status, 0)
        XCTAssertTrue(result.stdout.contains("rewrap plan flow"))
        XCTAssertTrue(result.stdout.contains("rewrap plan chips"))
    }
}
