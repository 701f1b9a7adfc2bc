import Foundation
import RewrapTestDrivers
import XCTest

/// Orca itself reading Rewrap, driven by keys as a blind user drives it,
/// judged by what was spoken; the same walk against the Qt 6 reference
/// panel says what a mature toolkit makes Orca say.
///
/// Set REWRAP_ORCA_TRANSCRIPT=DIR to keep what was said at each step, one
/// file per application (docs/screen-reader.md has them as tables).
final class ScreenReaderTests: XCTestCase {
    private func start(_ app: (XvfbServer, ScreenReader) throws -> Void) throws -> (XvfbServer, ScreenReader) {
        let server = try XvfbServer()
        let openbox = try Openbox(server: server)
        let orca = try ScreenReader(server: server)
        addTeardownBlock {
            orca.stop()
            orca.removeFiles()
            openbox.stop()
            server.stop()
        }
        try app(server, orca)
        return (server, orca)
    }

    private func rewrap(_ arguments: [String], _ server: XvfbServer, _ orca: ScreenReader,
                        announcing first: String = "Shape: Circle combo box") throws -> RewrapSession {
        let mark = orca.mark
        let session = try RewrapSession(arguments: ["--geometry", "680x420+10+10"] + arguments,
                                        environment: ["DBUS_SESSION_BUS_ADDRESS": ""], server: server)
        addTeardownBlock { session.close() }
        try OrcaWalk.awaitLaunch(orca, since: mark, announcing: first)
        return session
    }

    /// Resizes the window named `title` through the window manager.
    private func resize(_ orca: ScreenReader, _ title: String, to width: Int, expecting: [String]) throws -> [String] {
        try orca.xdotool(["search", "--name", "^\(title)$", "windowsize", String(width), "420"], expecting: expecting)
    }

    func testOrcaHearsEveryKeyAndSaysEachChangeOnceAsQtDoes() throws {
        var rewrapSteps: [OrcaWalk.Step] = []
        let (server, orca) = try start { server, orca in
            let launch = orca.mark
            let session = try self.rewrap([], server, orca)
            rewrapSteps = try OrcaWalk.walk(orca, launch: orca.spoken(since: launch)) { width, expecting in
                try self.resize(orca, "Rewrap", to: width, expecting: expecting)
            }
            let frame = try session.settledFrame()
            XCTAssertNil(frame.popup, "Where am I (KP_Enter) went to Orca, not to the dropdown as Return")
            XCTAssertEqual(session.stderr, "")
        }
        try OrcaWalk.keep(rewrapSteps, as: "rewrap-en")
        OrcaWalk.check(rewrapSteps)

        // The same walk in Qt 6, on the same desktop: the project's shared
        // reference, beside the checkout where the team works.
        let reference = PackagePaths.root + "/../shared/reference/qt6-panel.py"
        guard FileManager.default.fileExists(atPath: reference) else {
            print("ScreenReaderTests: no \(reference); Rewrap was walked, Qt 6 was not")
            return
        }
        let mark = orca.mark
        let qt = try DesktopProcess(["/usr/bin/python3", reference], server: server,
                                    environment: ["QT_LINUX_ACCESSIBILITY_ALWAYS_ON": "1", "DBUS_SESSION_BUS_ADDRESS": orca.sessionAddress])
        addTeardownBlock { qt.stop() }
        try orca.waitUntil("Qt's launch to be announced", timeout: 30) { orca.spoken(since: mark).count >= 2 }
        orca.waitForSilence()
        // Qt says other things: each step waits for a quiet instead.
        let qtSteps = try OrcaWalk.walk(orca, launch: orca.spoken(since: mark), expecting: false) { width, _ in
            try self.resize(orca, "peers-qt6", to: width, expecting: [])
        }
        try OrcaWalk.keep(qtSteps, as: "qt6-en")
        // Wherever Qt names the focused control once, so does Rewrap.
        for (ours, theirs) in zip(rewrapSteps, qtSteps) where ours.action == theirs.action {
            let named = { (step: OrcaWalk.Step) in step.spoken.filter { $0.contains("combo box") }.count }
            XCTAssertLessThanOrEqual(named(ours), max(1, named(theirs)), "\(ours.action): \(ours.spoken) against Qt's \(theirs.spoken)")
        }
    }

    /// An edit of the panel file while Orca reads (rules §12.4): the focus
    /// stays where Orca left it, a renamed control elsewhere is not
    /// announced as a new focus, and Tab goes on from the same place.
    func testOrcaKeepsItsPlaceThroughAnEditOfThePanelFile() throws {
        let shipped = try String(contentsOfFile: PanelFixture.shippedPath, encoding: .utf8)
        let panel = try TemporaryFile(suffix: ".json", contents: Data(shipped.utf8))
        _ = try start { server, orca in
            let session = try self.rewrap(["--panel", panel.path], server, orca)
            try orca.press("Tab", expecting: ["Pattern: Solid combo box"])
            let before = session.frames().count
            let heard = try orca.after {
                try shipped.replacingOccurrences(of: "\"title\": \"Shape\"", with: "\"title\": \"Form\"")
                    .write(toFile: panel.path, atomically: true, encoding: .utf8)
                try session.waitUntil("the edit") { session.frames().dropFirst(before).last?.node("shape")?.text == "Form: Circle" }
            }
            XCTAssertFalse(heard.contains { $0.contains("combo box") }, "the focus did not move, so nothing is announced as focused: \(heard)")
            XCTAssertEqual(try session.lastFrame().node("pattern")?.focused, true)
            try orca.press("Tab", expecting: ["Arrangement: Rows combo box"])
            let back = try orca.press("shift+Tab", expecting: ["Pattern: Solid combo box"])
            XCTAssertFalse(back.contains { $0.contains("Form") }, "\(back)")
            try orca.press("shift+Tab", expecting: ["Form: Circle combo box"])
            XCTAssertEqual(session.stderr, "")
        }
    }

    /// Flat review reads every heading, footer and chip, line by line, down
    /// and back up, with learn mode and its Escape on the way.
    func testFlatReviewReadsEveryLineBothWaysAndLearnModeKeepsTheKeys() throws {
        var review: (down: [String], up: [String], traced: [String]) = ([], [], [])
        _ = try start { server, orca in
            let session = try self.rewrap(["--geometry", "340x420+10+10"], server, orca)
            review = try OrcaWalk.flatReview(orca, session)
            orca.stop()
            // Orca's own record: it saw the keys, and no question about the text went unanswered.
            XCTAssertGreaterThan(orca.log.components(separatedBy: "KEYBOARD_EVENT:").count, 40, "the keys Orca saw")
            XCTAssertFalse(orca.log.contains("Exception getting selected text"), "Text.GetNSelections and GetSelection answer")
            XCTAssertFalse(orca.log.contains("ERROR: Exception getting attributes"), "Text.GetAttributeRun answers")
        }
        OrcaWalk.checkRead(review)
    }

    /// Arabic comes through whole and in logical order. Orca 43 speaks it
    /// with the voice of its own settings, whatever the text's language
    /// (docs/screen-reader.md, "Arabic", says where in Orca).
    func testArabicIsSpokenWholeAndInLogicalOrder() throws {
        var steps: [OrcaWalk.Step] = []
        _ = try start { server, orca in
            let launch = orca.mark
            _ = try self.rewrap(["--locale", "ar"], server, orca, announcing: OrcaWalk.arabicFirst)
            steps = try OrcaWalk.arabicWalk(orca, launch: orca.spoken(since: launch))
        }
        try OrcaWalk.keep(steps, as: "rewrap-ar")
        OrcaWalk.checkArabic(steps)
    }
}
