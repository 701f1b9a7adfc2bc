import Foundation
import RewrapTestDrivers
import XCTest

/// The walks Orca is taken on, the same keys on X11 and on Wayland, and
/// what Rewrap must make it say; the oracle is Orca's speech.
enum OrcaWalk {
    /// One step of a walk: what was done, and what Orca said after it.
    struct Step {
        var action: String
        var spoken: [String]

        /// How many utterances contain `text`.
        func said(_ text: String) -> Int {
            spoken.filter { $0.contains(text) }.count
        }
    }

    /// A key, or a resize to a width (the height stays 420).
    enum Action {
        case key(String)
        case resize(Int)
    }

    /// The walk, with what Rewrap makes Orca say at each step: waited for
    /// up to a deadline, so a slow Orca is heard out rather than cut off.
    static let script: [(Action, [String])] = [
        (.key("Tab"), ["tab", "Pattern: Solid combo box"]),
        (.key("Return"), ["return", "Solid check menu item checked"]),
        (.key("Down"), ["Alternating diagonal lines check menu item not checked"]),
        (.key("Return"), ["return", "Pattern: Alternating diagonal lines combo box"]),
        (.key("space"), ["space", "Alternating diagonal lines check menu item checked"]),
        (.key("Escape"), ["escape", "Pattern: Alternating diagonal lines combo box"]),
        (.key("Escape"), ["escape"]),
        (.key("Tab"), ["tab", "Arrangement: Rows combo box"]),
        (.key("KP_Enter"), ["Arrangement: Rows combo box"]),
        (.resize(340), []),
        (.key("Tab"), ["tab", "4 more menu button"]),
        (.resize(520), [" more"]),
        (.resize(340), ["4 more"]),
        (.key("Escape"), ["escape"]),
        (.key("shift+Tab"), ["Arrangement: Rows combo box"]),
        (.resize(680), []),
    ]

    /// Waits for the window and its first control to be announced.
    static func awaitLaunch(_ orca: ScreenReader, since mark: Int,
                            announcing first: String = "Shape: Circle combo box") throws {
        try orca.waitUntil("the launch to be announced", timeout: 30) {
            ScreenReader.heard(["Rewrap frame", first], in: orca.spoken(since: mark))
        }
        orca.waitForSilence(quiet: 0.5, timeout: 4)
    }

    /// Takes Orca on the walk. Without `expecting`, each step waits for a
    /// quiet instead of Rewrap's lines (for another toolkit).
    static func walk(_ orca: ScreenReader, launch: [String], expecting: Bool = true,
                     resize: (Int, [String]) throws -> [String]) throws -> [Step] {
        var steps = [Step(action: "launch", spoken: launch)]
        for (action, lines) in script {
            let expected = expecting ? lines : []
            switch action {
            case .key(let keys):
                steps.append(Step(action: keys, spoken: try orca.press(keys, expecting: expected)))
            case .resize(let width):
                steps.append(Step(action: "resize to \(width)", spoken: try resize(width, expected)))
            }
        }
        return steps
    }

    /// What Rewrap must make Orca say on the walk; `platform` names the
    /// walk in the failure messages.
    static func check(_ steps: [Step], platform: String = "X11", file: StaticString = #filePath, line: UInt = #line) {
        guard steps.count == script.count + 1 else { return XCTFail("\(platform): \(steps.count) steps", file: file, line: line) }
        func expect(_ index: Int, _ text: String, _ times: Int, _ why: String) {
            XCTAssertEqual(steps[index].said(text), times, "\(platform), \(why): \(steps[index].spoken)", file: file, line: line)
        }
        // Launch: the window, then the first control, as Qt and GTK announce them.
        expect(0, "Rewrap frame", 1, "the window at launch")
        expect(0, "Shape: Circle combo box", 1, "the first control at launch")
        // Orca saw each key: it echoes them.
        expect(1, "en tab", 1, "Orca saw Tab")
        expect(1, "Pattern: Solid combo box", 1, "Tab from the first control")
        expect(2, "Solid check menu item checked", 1, "opening says the current option")
        expect(3, "Alternating diagonal lines check menu item not checked", 1, "Down in the menu")
        expect(4, "Pattern: Alternating diagonal lines", 1, "the pick, said once")
        expect(6, "Pattern: Alternating diagonal lines", 1, "the close, said once")
        XCTAssertEqual(steps[7].spoken.filter { !$0.hasPrefix("en escape") }, [],
                       "\(platform), Escape on a closed dropdown: \(steps[7].spoken)", file: file, line: line)
        expect(8, "Arrangement: Rows combo box", 1, "the focus stayed for Tab to go on")
        expect(9, "Arrangement: Rows combo box", 1, "Where am I")
        expect(9, "return", 0, "Where am I is Orca's, not Return")
        expect(11, "en 4 more menu button", 1, "the badge opens a menu")
        // A reflow that shows a chip renames the focused badge, said once; and back.
        let counts = { (index: Int) in steps[index].spoken.filter { $0.range(of: #"^en [0-9]+ more$"#, options: .regularExpression) != nil } }
        XCTAssertEqual(counts(12).count, 1, "\(platform): \(steps[12].spoken)", file: file, line: line)
        XCTAssertNotEqual(counts(12), ["en 4 more"], "\(platform): wider, fewer are hidden", file: file, line: line)
        XCTAssertEqual(counts(13), ["en 4 more"], "\(platform): \(steps[13].spoken)", file: file, line: line)
        expect(15, "Arrangement: Rows combo box", 1, "Escape kept the badge's focus")
        expect(16, "Arrangement: Rows combo box", 0, "the badge left, the focus was on Arrangement")
    }

    /// The first control in Arabic, as the launch announces it.
    static let arabicFirst = "الشكل: دائرة combo box"

    /// The Arabic walk: a pick, then flat review two lines down.
    static func arabicWalk(_ orca: ScreenReader, launch: [String]) throws -> [Step] {
        let script: [(String, [String])] = [
            ("Tab", ["tab", "النقش: مصمت"]), ("Return", ["return", "expanded"]), ("Down", ["not checked"]),
            ("Return", ["return", "النقش: خطوط قطرية متناوبة"]), ("KP_Subtract", ["Entering flat review"]),
            ("KP_Page_Up", [""]), ("KP_Page_Up", [""]), ("KP_Subtract", ["Leaving flat review"]),
        ]
        var steps = [Step(action: "launch", spoken: launch)]
        for (keys, expected) in script {
            steps.append(Step(action: keys, spoken: try orca.press(keys, expecting: expected)))
        }
        return steps
    }

    /// Arabic comes through whole and in logical order.
    static func checkArabic(_ steps: [Step], platform: String = "X11", file: StaticString = #filePath, line: UInt = #line) {
        guard steps.count == 9 else { return XCTFail("\(platform): \(steps.count) steps", file: file, line: line) }
        func expect(_ index: Int, _ text: String, _ why: String) {
            XCTAssertEqual(steps[index].said(text), 1, "\(platform), \(why): \(steps[index].spoken)", file: file, line: line)
        }
        expect(0, "الشكل: دائرة", "the first dropdown, whole")
        expect(1, "النقش: مصمت", "Tab")
        expect(4, "النقش: خطوط قطرية متناوبة", "the pick, said once")
        expect(6, "اختر خيارًا أطول، ثم ضيّق النافذة.", "flat review reads the footer")
    }

    /// Learn mode, then flat review down every line and back up, on a
    /// window whose trace is `session`'s. Returns what was read each way
    /// and the texts the window drew.
    static func flatReview(_ orca: ScreenReader, _ session: TracedSession, platform: String = "X11",
                           file: StaticString = #filePath, line: UInt = #line) throws -> (down: [String], up: [String], traced: [String]) {
        let frame = try session.settledFrame()
        let traced = frame.nodes.filter { ["heading", "text", "chip", "badge", "dropdown"].contains($0.kind) }.map(\.text)
        func check(_ spoken: [String], _ text: String, _ why: String) {
            XCTAssertTrue(spoken.contains { $0.contains(text) }, "\(platform), \(why): \(spoken)", file: file, line: line)
        }
        check(try orca.press("Insert+h", expecting: ["Entering learn mode"]), "Entering learn mode", "Insert+h")
        check(try orca.press("Tab", expecting: ["tab"]), "tab", "learn mode names the key")
        XCTAssertNil(try session.lastFrame().node("pattern")?.focused, "\(platform): learn mode keeps the key from the window",
                     file: file, line: line)
        check(try orca.press("Escape", expecting: ["Exiting learn mode"]), "Exiting learn mode", "Escape leaves learn mode")
        check(try orca.press("KP_Subtract", expecting: ["Entering flat review"]), "Entering flat review", "KP_Subtract")
        // KP_Home reads the line above, KP_Up this one, KP_Page_Up the one
        // below (the desktop layout). At an edge Orca may say nothing.
        let move = { (keys: String) in try orca.press(keys, expecting: [""], timeout: 3) }
        for _ in 0..<4 { _ = try move("KP_Home") }
        var down = try move("KP_Up")
        for _ in 0..<9 { down += try move("KP_Page_Up") }
        var up = try move("KP_Up")
        for _ in 0..<9 { up += try move("KP_Home") }
        check(try orca.press("KP_Subtract", expecting: ["Leaving flat review"]), "Leaving flat review", "KP_Subtract again")
        return (down, up, traced)
    }

    /// Every text the window drew was read going down and going up.
    static func checkRead(_ review: (down: [String], up: [String], traced: [String]), platform: String = "X11",
                          file: StaticString = #filePath, line: UInt = #line) {
        let read = { (spoken: [String]) in spoken.joined(separator: " ").replacingOccurrences(of: "  ", with: " ") }
        XCTAssertFalse(review.traced.isEmpty, "\(platform): the window drew texts", file: file, line: line)
        for text in review.traced {
            // A wrapped footer is read a drawn line at a time; its words all come, in order.
            XCTAssertTrue(read(review.down).contains(text) || inOrder(text, in: read(review.down)),
                          "\(platform), '\(text)' read going down: \(review.down)", file: file, line: line)
            XCTAssertTrue(read(review.up).contains(text) || inOrder(text, in: read(review.up.reversed())),
                          "\(platform), '\(text)' read going up: \(review.up)", file: file, line: line)
        }
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

    /// Keeps a walk's transcript when REWRAP_ORCA_TRANSCRIPT names a folder.
    static func keep(_ steps: [Step], as name: String) throws {
        guard let directory = ProcessInfo.processInfo.environment["REWRAP_ORCA_TRANSCRIPT"] else { return }
        let text = steps.map { "## \($0.action)\n" + $0.spoken.map { $0 + "\n" }.joined() }.joined()
        try text.write(toFile: directory + "/\(name).txt", atomically: true, encoding: .utf8)
    }
}
