import Foundation
import RewrapTestDrivers
import RewrapTestFakes
import XCTest

/// X faults: the server dying, a popup destroyed from outside, another
/// client holding the pointer, and damaged panels run through the binary.
final class FaultTests: XCTestCase {
    func testServerKilledMidRunExitsWithinASecondWithOneLine() throws {
        let server = try XvfbServer()
        let session = try RewrapSession(server: server)
        try session.settledFrame()
        server.crash()
        let status = session.waitForExit(timeout: 1)
        XCTAssertNotNil(status, "rewrap exits within 1 s")
        XCTAssertNotEqual(status, 0)
        XCTAssertEqual(session.stderr.split(separator: "\n").count, 1, session.stderr)
        XCTAssertTrue(session.stderr.contains("lost the connection to the X server"), session.stderr)
    }

    func testPopupDestroyedFromOutsideLeavesTheAppWorking() throws {
        let session = try RewrapSession()
        let start = try session.settledFrame()
        try session.click(start.node("pattern")!.center)
        try session.waitUntil("the popup") { try session.lastFrame().popup != nil }
        let popups = try session.helper(["popups"]).stdout.split(separator: "\n").map(String.init)
        XCTAssertEqual(popups.count, 1)
        try session.helper(["destroy", popups[0]])
        try session.waitUntil("the popup to be forgotten") { try session.lastFrame().popup == nil }

        // The app still answers: another menu opens and a pick goes through.
        try session.click(start.node("shape")!.center)
        try session.waitUntil("a new popup") { try session.lastFrame().popup?.owner == "shape" }
        let popup = try XCTUnwrap(try session.lastFrame().popup)
        try session.clickRoot(popup.center(of: 1))
        try session.waitUntil("the pick") { try session.lastFrame().node("shape")?.text == "Shape: Rounded rectangle" }
        XCTAssertTrue(session.process.isRunning)
    }

    /// Any client can send the window a ConfigureNotify claiming a size;
    /// only the server's own notices resize it. Then a key still draws.
    func testASyntheticConfigureClaimingASizeResizesNothing() throws {
        let session = try RewrapSession()
        let start = try session.settledFrame()
        XCTAssertEqual(try session.helper(["configure", session.windowID, "65535", "65535"]).status, 0)
        let count = session.frames().count
        try session.key("Tab")
        try session.waitUntil("the frame for the key") { session.frames().count > count }
        let after = try session.lastFrame()
        XCTAssertEqual([after.width, after.height], [start.width, start.height])
        XCTAssertEqual(session.stderr, "")
    }

    func testForeignPointerGrabStillOpensTheMenuPolitely() throws {
        let session = try RewrapSession(arguments: ["--reduce-motion"])
        try session.settledFrame()
        let grab = try HelperProcess(["grab", "5"], server: session.server)
        defer { grab.stop() }
        XCTAssertEqual(grab.greeting, "grabbed")

        // The pointer is taken, so the keyboard opens the menu.
        let opened = Date()
        try session.key("Tab", "Return")
        try session.waitUntil("the popup", timeout: 3) { try session.lastFrame().popup?.owner == "shape" }
        XCTAssertLessThan(Date().timeIntervalSince(opened), 2, "no hang while the grab is refused")
        XCTAssertTrue(session.stderr.contains("another client holds the pointer"), session.stderr)
        try session.key("Down", "Return")
        try session.waitUntil("the pick") { try session.lastFrame().node("shape")?.text == "Shape: Rounded rectangle" }
        XCTAssertNil(try session.lastFrame().popup)
    }

    /// Damaged panels through the real binary: exit 1 with one line, never a
    /// crash. The display does not exist, so a panel that loads fails there.
    func testDamagedPanelsExitOneWithOneLine() throws {
        let original = Array(try Data(contentsOf: URL(fileURLWithPath: PackagePaths.root + "/assets/panel.json")))
        var generator = SeededGenerator(seed: 7_319)
        for round in 0..<40 {
            let file = try TemporaryFile(suffix: ".json", contents: Data(PanelMutator.mutate(original, using: &generator)))
            let result = try runCommand([PackagePaths.rewrapBinary, "--panel", file.path], environment: ["DISPLAY": ":987"])
            XCTAssertEqual(result.status, 1, "seed 7319 round \(round): \(result.stderr)")
            XCTAssertEqual(result.stderrLines.count, 1, "seed 7319 round \(round): \(result.stderr)")
            XCTAssertTrue(result.stderr.hasPrefix("rewrap: "), "seed 7319 round \(round): \(result.stderr)")
        }
    }

    func testLongLabelStaysWholeAloneAndScrollsSideways() throws {
        let label = String(repeating: "Very long option ", count: 176) + "end"
        let file = try PanelFixture.arrangementSelecting(label)
        let session = try RewrapSession(arguments: ["--panel", file.path])
        let frame = try session.settledFrame()
        let node = try XCTUnwrap(frame.node("arrangement"))
        XCTAssertEqual(node.text, "Arrangement: \(label)", "the label is whole")
        XCTAssertGreaterThan(node.rect.width, 10_000)
        XCTAssertTrue(frame.nodes("dropdown").filter { $0.rect.minY == node.rect.minY }.count == 1, "alone on its row")
        let before = session.frames().count
        try session.xdotool(["mousemove", "300", "300", "keydown", "shift", "click", "5", "keyup", "shift"])
        try session.waitUntil("a sideways scroll") { try session.frames().count > before && session.lastFrame().scroll[0] > 0 }
    }

    /// Wider than X's 16-bit coordinates: drawn and scrolled without a single X error.
    func testLabelWiderThanXCoordinatesDrawsCleanly() throws {
        let file = try PanelFixture.arrangementSelecting(String(repeating: "Wider than sixteen bits ", count: 260))
        let session = try RewrapSession(arguments: ["--panel", file.path])
        let frame = try session.settledFrame()
        XCTAssertGreaterThan(try XCTUnwrap(frame.node("arrangement")).rect.width, 40_000)
        let before = session.frames().count
        try session.xdotool(["mousemove", "300", "300", "keydown", "shift"] + Array(repeating: ["click", "5"], count: 40).flatMap { $0 }
                            + ["keyup", "shift"])
        try session.waitUntil("a sideways scroll") { try session.frames().count > before && session.lastFrame().scroll[0] > 0 }
        usleep(200_000)
        XCTAssertEqual(session.stderr, "", "no X error")
    }

    /// How fast is for `make bench` (bench/extreme.py); this checks it is laid out right.
    func testTwoThousandDropdownsLayOutOnResize() throws {
        let items = (0..<2000).map { "{\"id\": \"d\($0)\", \"title\": \"Item \($0)\", \"options\": [\"A\", \"Longer option\"], \"selected\": \"A\"}" }
        let panel = """
            {"title": "Many", "menus": {"heading": "Many", "footer": "Footer", "items": [\(items.joined(separator: ", "))]},
             "chips": {"heading": "Chips", "footer": "Footer", "items": []}}
            """
        let file = try TemporaryFile(suffix: ".json", contents: Data(panel.utf8))
        let session = try RewrapSession(arguments: ["--panel", file.path])
        let first = try session.settledFrame()
        XCTAssertEqual(first.nodes("dropdown").count, 2000)
        let before = session.frames().count
        try session.resize(width: 900, height: 500)
        try session.waitUntil("the resized frame") { try session.frames().count > before && session.lastFrame().width == 900 }
        XCTAssertEqual(session.violations(in: try session.lastFrame(), chipIDs: []), [])
    }
}
