import Foundation
import RewrapTestSupport
import XCTest

/// Orca itself reading Rewrap, driven by keys as a blind user drives it,
/// judged by what was spoken; the same walk against the Qt 6 reference
/// panel says what a mature toolkit makes Orca say.
///
/// Set REWRAP_ORCA_TRANSCRIPT=DIR to keep what was said at each step, one
/// file per application (README's "What Orca says").
final class ScreenReaderTests: XCTestCase {
    /// One step of the walk: what was done, and what Orca said after it.
    struct Step {
        var action: String
        var spoken: [String]

        /// What was said apart from the key's own echo ("tab", "return").
        func said(_ text: String) -> Int {
            spoken.filter { $0.contains(text) }.count
        }
    }

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

    private func rewrap(_ arguments: [String], _ server: XvfbServer, _ orca: ScreenReader) throws -> RewrapSession {
        let mark = orca.mark
        let session = try RewrapSession(arguments: ["--geometry", "680x420+10+10"] + arguments,
                                        environment: ["DBUS_SESSION_BUS_ADDRESS": ""], server: server)
        addTeardownBlock { session.close() }
        try orca.waitUntil("the launch to be announced", timeout: 20) { orca.spoken(since: mark).count >= 2 }
        orca.waitForSilence()
        return session
    }

    /// The keys of the walk, the same for both toolkits. The window is
    /// named `title`, for the resizes.
    private func walk(_ orca: ScreenReader, title: String, launch: [String]) throws -> [Step] {
        var steps = [Step(action: "launch", spoken: launch)]
        func press(_ keys: String) throws { steps.append(Step(action: keys, spoken: try orca.press(keys))) }
        func resize(_ width: Int) throws {
            steps.append(Step(action: "resize to \(width)", spoken: try orca.xdotool(
                ["search", "--name", "^\(title)$", "windowsize", String(width), "420"])))
        }
        for keys in ["Tab", "Return", "Down", "Return", "space", "Escape", "Escape", "Tab", "KP_Enter"] { try press(keys) }
        try resize(340)
        try press("Tab")
        try resize(520)
        try resize(340)
        for keys in ["Escape", "shift+Tab"] { try press(keys) }
        try resize(680)
        return steps
    }

    private func keep(_ steps: [Step], as name: String) throws {
        guard let directory = ProcessInfo.processInfo.environment["REWRAP_ORCA_TRANSCRIPT"] else { return }
        let text = steps.map { "## \($0.action)\n" + $0.spoken.map { $0 + "\n" }.joined() }.joined()
        try text.write(toFile: directory + "/\(name).txt", atomically: true, encoding: .utf8)
    }

    func testOrcaHearsEveryKeyAndSaysEachChangeOnceAsQtDoes() throws {
        var rewrapSteps: [Step] = []
        let (server, orca) = try start { server, orca in
            let launch = orca.mark
            let session = try self.rewrap([], server, orca)
            rewrapSteps = try self.walk(orca, title: "Rewrap", launch: orca.spoken(since: launch))
            let frame = try session.settledFrame()
            XCTAssertNil(frame.popup, "Where am I (KP_Enter) went to Orca, not to the dropdown as Return")
            XCTAssertEqual(session.stderr, "")
        }
        try keep(rewrapSteps, as: "rewrap-en")
        let step = { (index: Int) in rewrapSteps[index] }

        // Launch: the window, then the first control, as Qt and GTK announce them.
        XCTAssertEqual(step(0).said("Rewrap frame"), 1, "\(step(0).spoken)")
        XCTAssertEqual(step(0).said("Shape: Circle combo box"), 1, "\(step(0).spoken)")
        // Orca saw each key: it echoes them.
        XCTAssertEqual(step(1).said("en tab"), 1, "\(step(1).spoken)")
        XCTAssertEqual(step(1).said("Pattern: Solid combo box"), 1, "Tab from the first control: \(step(1).spoken)")
        XCTAssertEqual(step(2).said("Solid check menu item checked"), 1, "opening says the current option: \(step(2).spoken)")
        XCTAssertEqual(step(3).said("Alternating diagonal lines check menu item not checked"), 1, "\(step(3).spoken)")
        XCTAssertEqual(step(4).said("Pattern: Alternating diagonal lines"), 1, "the pick, said once: \(step(4).spoken)")
        XCTAssertEqual(step(6).said("Pattern: Alternating diagonal lines"), 1, "the close, said once: \(step(6).spoken)")
        XCTAssertEqual(step(7).spoken.filter { !$0.hasPrefix("en escape") }, [], "Escape on a closed dropdown: \(step(7).spoken)")
        XCTAssertEqual(step(8).said("Arrangement: Rows combo box"), 1, "the focus stayed for Tab to go on: \(step(8).spoken)")
        XCTAssertEqual(step(9).said("Arrangement: Rows combo box"), 1, "Where am I: \(step(9).spoken)")
        XCTAssertEqual(step(11).said("en 4 more menu button"), 1, "the badge opens a menu: \(step(11).spoken)")
        // A reflow that shows a chip renames the focused badge, said once; and back.
        let counts = { (index: Int) in step(index).spoken.filter { $0.range(of: #"^en [0-9]+ more$"#, options: .regularExpression) != nil } }
        XCTAssertEqual(counts(12).count, 1, "\(step(12).spoken)")
        XCTAssertNotEqual(counts(12), ["en 4 more"], "wider, fewer are hidden")
        XCTAssertEqual(counts(13), ["en 4 more"], "\(step(13).spoken)")
        XCTAssertEqual(step(15).said("Arrangement: Rows combo box"), 1, "Escape kept the badge's focus: \(step(15).spoken)")
        XCTAssertEqual(step(16).said("Arrangement: Rows combo box"), 0, "the badge left, focus was on Arrangement: \(step(16).spoken)")

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
        let qtSteps = try walk(orca, title: "peers-qt6", launch: orca.spoken(since: mark))
        try keep(qtSteps, as: "qt6-en")
        // Wherever Qt names the focused control once, so does Rewrap.
        for (ours, theirs) in zip(rewrapSteps, qtSteps) where ours.action == theirs.action {
            let named = { (step: Step) in step.spoken.filter { $0.contains("combo box") }.count }
            XCTAssertLessThanOrEqual(named(ours), max(1, named(theirs)), "\(ours.action): \(ours.spoken) against Qt's \(theirs.spoken)")
        }
    }

    /// Flat review reads every heading, footer and chip, line by line, down
    /// and back up, with learn mode and its Escape on the way.
    func testFlatReviewReadsEveryLineBothWaysAndLearnModeKeepsTheKeys() throws {
        var down: [String] = []
        var up: [String] = []
        var traced: [String] = []
        _ = try start { server, orca in
            let session = try self.rewrap(["--geometry", "340x420+10+10"], server, orca)
            let frame = try session.settledFrame()
            traced = frame.nodes.filter { ["heading", "text", "chip", "badge", "dropdown"].contains($0.kind) }.map(\.text)

            let learn = try orca.press("Insert+h")
            XCTAssertTrue(learn.contains { $0.contains("Entering learn mode") }, "\(learn)")
            XCTAssertTrue(try orca.press("Tab").contains { $0.contains("tab") }, "learn mode names the key")
            XCTAssertNil(try session.lastFrame().node("pattern")?.focused, "and keeps it from the window")
            XCTAssertTrue(try orca.press("Escape").contains { $0.contains("Exiting learn mode") })

            XCTAssertTrue(try orca.press("KP_Subtract").contains { $0.contains("Entering flat review") })
            // KP_Home reads the line above, KP_Up this one, KP_Page_Up the one below (the desktop layout).
            for _ in 0..<4 { try orca.press("KP_Home") }
            down = try orca.press("KP_Up")
            for _ in 0..<9 { down += try orca.press("KP_Page_Up") }
            up = try orca.press("KP_Up")
            for _ in 0..<9 { up += try orca.press("KP_Home") }
            XCTAssertTrue(try orca.press("KP_Subtract").contains { $0.contains("Leaving flat review") })
            orca.stop()
            // Orca's own record: it saw the keys, and no question about the text went unanswered.
            XCTAssertGreaterThan(orca.log.components(separatedBy: "KEYBOARD_EVENT:").count, 40, "the keys Orca saw")
            XCTAssertFalse(orca.log.contains("Exception getting selected text"), "Text.GetNSelections and GetSelection answer")
            XCTAssertFalse(orca.log.contains("ERROR: Exception getting attributes"), "Text.GetAttributeRun answers")
        }
        let read = { (spoken: [String]) in spoken.joined(separator: " ").replacingOccurrences(of: "  ", with: " ") }
        for text in traced {
            // A wrapped footer is read a drawn line at a time; its words all come, in order.
            XCTAssertTrue(read(down).contains(text) || Self.inOrder(text, in: read(down)), "'\(text)' read going down: \(down)")
            XCTAssertTrue(read(up).contains(text) || Self.inOrder(text, in: read(up.reversed())), "'\(text)' read going up: \(up)")
        }
    }

    /// Arabic comes through whole, in logical order, and every object and
    /// text says it is Arabic (Orca 43 itself speaks with the voice of its
    /// own locale, whatever the text's language: its log shows which).
    func testArabicIsSpokenWholeAndInLogicalOrder() throws {
        var steps: [Step] = []
        _ = try start { server, orca in
            let launch = orca.mark
            _ = try self.rewrap(["--locale", "ar"], server, orca)
            steps = [Step(action: "launch", spoken: orca.spoken(since: launch))]
            for keys in ["Tab", "Return", "Down", "Return", "KP_Subtract", "KP_Page_Up", "KP_Page_Up", "KP_Subtract"] {
                steps.append(Step(action: keys, spoken: try orca.press(keys)))
            }
        }
        try keep(steps, as: "rewrap-ar")
        XCTAssertEqual(steps[0].said("الشكل: دائرة"), 1, "the first dropdown, whole: \(steps[0].spoken)")
        XCTAssertEqual(steps[1].said("النقش: مصمت"), 1, "\(steps[1].spoken)")
        XCTAssertEqual(steps[4].said("النقش: خطوط قطرية متناوبة"), 1, "the pick, said once: \(steps[4].spoken)")
        XCTAssertEqual(steps[6].said("اختر خيارًا أطول، ثم ضيّق النافذة."), 1, "flat review reads the footer: \(steps[6].spoken)")
    }

    /// Whether every word of `text` appears in `spoken`, in order.
    static func inOrder(_ text: String, in spoken: String) -> Bool {
        var rest = Substring(spoken)
        for word in text.split(separator: " ") {
            guard let found = rest.range(of: word) else { return false }
            rest = rest[found.upperBound...]
        }
        return true
    }
}
