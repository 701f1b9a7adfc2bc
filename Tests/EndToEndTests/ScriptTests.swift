import Foundation
import RewrapTestDrivers
import XCTest

/// Arabic and Hebrew windows as a person sees them (rules §7): the whole
/// window reads right to left, every layout rule holds mirrored, popups line
/// up with their buttons' right edges, and text is shaped once.
final class ScriptTests: XCTestCase {
    /// The badge's words, written out here from CLDR's plural rules, so the
    /// rules can count hidden chips without asking the program.
    private static let arabicBadges: [String: Int] = [
        "عنصر آخر": 1, "عنصران آخران": 2, "3 عناصر أخرى": 3, "4 عناصر أخرى": 4, "5 عناصر أخرى": 5, "6 عناصر أخرى": 6,
    ]
    private static let hebrewBadges: [String: Int] = [
        "עוד אחד": 1, "עוד שניים": 2, "עוד 3": 3, "עוד 4": 4, "עוד 5": 5, "עוד 6": 6,
    ]

    private func session(_ locale: String, width: Int, arguments: [String] = []) throws -> RewrapSession {
        try RewrapSession(arguments: ["--geometry", "\(width)x420+0+0"] + arguments, environment: ["LANG": locale])
    }

    func testArabicWindowKeepsEveryRuleMirrored() throws {
        try assertMirroredRules(locale: "ar_EG.UTF-8", badges: Self.arabicBadges, heading: "خيارات التخطيط")
    }

    func testHebrewWindowKeepsEveryRuleMirrored() throws {
        try assertMirroredRules(locale: "he_IL.UTF-8", badges: Self.hebrewBadges, heading: "אפשרויות פריסה")
    }

    /// `--direction` overrides the language: English right to left, Arabic
    /// left to right, each keeping its own words.
    func testDirectionOptionOverridesTheLanguage() throws {
        for (locale, direction, heading) in [("en_US.UTF-8", "rtl", "Layout options"), ("ar_EG.UTF-8", "ltr", "خيارات التخطيط")] {
            let frame = try session(locale, width: 700, arguments: ["--direction", direction]).settledFrame()
            let title = try XCTUnwrap(frame.node("menus.heading"))
            let first = try XCTUnwrap(frame.nodes("dropdown").first)
            XCTAssertEqual(title.text, heading)
            if direction == "rtl" {
                XCTAssertEqual([title.rect.maxX, first.rect.maxX], [680, 680], "\(locale): the page starts at the right")
            } else {
                XCTAssertEqual([title.rect.minX, first.rect.minX], [20, 20], "\(locale): the page starts at the left")
            }
        }
    }

    private func assertMirroredRules(locale: String, badges: [String: Int], heading: String,
                                     file: StaticString = #filePath, line: UInt = #line) throws {
        let session = try session(locale, width: 700)
        for width in [700, 520, 340] {
            if width != 700 {
                try session.resize(width: width, height: 420)
                try session.waitUntil("the \(width) px frame") { try session.lastFrame().width == Double(width) }
            }
            let frame = try session.settledFrame()
            XCTAssertEqual(session.mirroredViolations(in: frame) { badges[$0] }, [], "at \(width) px", file: file, line: line)
            let title = try XCTUnwrap(frame.node("menus.heading"), file: file, line: line)
            XCTAssertEqual(title.text, heading, file: file, line: line)
            XCTAssertEqual(title.rect.maxX, Double(width) - 20, "the heading aligns right at \(width) px", file: file, line: line)
            let first = try XCTUnwrap(frame.nodes("dropdown").first, file: file, line: line)
            XCTAssertEqual(first.rect.maxX, Double(width) - 20, "the first dropdown starts the row at the right", file: file, line: line)
            if let badge = frame.node("badge") {
                let chips = frame.nodes("chip")
                XCTAssertLessThan(badge.rect.maxX, chips.map(\.rect.minX).min() ?? .infinity, "the badge is the row's left end",
                                  file: file, line: line)
            }
        }
    }

    func testPopupAlignsItsRightEdgeWithItsButton() throws {
        let session = try session("he_IL.UTF-8", width: 700)
        let start = try session.settledFrame()
        let button = try XCTUnwrap(start.node("pattern"))
        try session.click(button.center)
        try session.waitUntil("the popup") { try session.lastFrame().popup != nil }
        let popup = try XCTUnwrap(try session.lastFrame().popup)
        XCTAssertEqual(popup.frame[0] + popup.frame[2], button.rect.maxX, "window at 0,0: root and window coordinates agree")
        XCTAssertEqual(popup.nodes.map(\.text), ["אחידה", "קווים אלכסוניים מתחלפים"])
    }

    /// Tab follows reading order, which right to left means leftwards.
    func testTabMovesLeftwardsThroughTheRow() throws {
        let session = try session("ar_EG.UTF-8", width: 700)
        try session.settledFrame()
        var xs: [Double] = []
        for _ in 0..<3 {
            let count = session.frames().count
            try session.key("Tab")
            try session.waitUntil("the focus to move") { session.frames().count > count }
            let focused = try XCTUnwrap(try session.lastFrame().nodes.first { $0.focused == true })
            xs.append(focused.rect.minX)
        }
        XCTAssertEqual(xs, xs.sorted(by: >), "each Tab lands left of the last")
    }

    /// A label wider than the window: right to left, the window starts at the
    /// content's right end, where the text begins.
    func testWideContentStartsScrolledToItsRightEnd() throws {
        let file = try PanelFixture.arrangementSelecting(String(repeating: "خطوط قطرية متناوبة ", count: 80))
        let session = try session("ar_EG.UTF-8", width: 500, arguments: ["--panel", file.path])
        let frame = try session.settledFrame()
        let wide = try XCTUnwrap(frame.node("arrangement"))
        XCTAssertGreaterThan(wide.rect.width, 2_000)
        XCTAssertGreaterThan(frame.scroll[0], 0, "scrolled to the right end")
        XCTAssertEqual(try XCTUnwrap(frame.node("menus.heading")).rect.maxX, 500 - 20, "the heading shows at the right")
    }

    /// Lines are shaped once: moves after a pick and a return to a width
    /// already seen shape nothing (the frame log's last column).
    func testAnimatedFramesAndRevisitedWidthsShapeNothing() throws {
        let log = try TemporaryFile(suffix: ".log")
        let session = try session("ar_EG.UTF-8", width: 600, arguments: ["--frame-log", log.path])
        let start = try session.settledFrame()
        for width in [420, 600, 420, 600] {
            try session.resize(width: width, height: 420)
            try session.waitUntil("the \(width) px frame") { try session.lastFrame().width == Double(width) }
        }
        try session.settledFrame()
        let beforePick = try lines(log)
        XCTAssertEqual(beforePick.suffix(2).map { $0[3] }, ["0", "0"], "widths seen before shape nothing")

        try session.click(try XCTUnwrap(start.node("pattern")).center)
        try session.waitUntil("the popup") { try session.lastFrame().popup != nil }
        let popup = try XCTUnwrap(try session.lastFrame().popup)
        let count = try lines(log).count
        try session.clickRoot(popup.center(of: 1))
        try session.waitUntil("the move to end") {
            let frames = session.frames()
            return frames.contains { $0.animating } && frames.last?.animating == false
        }
        let move = try lines(log).dropFirst(count).filter { $0[1] == "true" }
        XCTAssertGreaterThan(move.count, 5)
        XCTAssertEqual(move.dropFirst().map { $0[3] }, Array(repeating: "0", count: move.count - 1),
                       "no animated frame after the pick shapes anything")
    }

    private func lines(_ file: TemporaryFile) throws -> [[String]] {
        try String(contentsOfFile: file.path, encoding: .utf8).split(separator: "\n").map { $0.split(separator: " ").map(String.init) }
    }
}
