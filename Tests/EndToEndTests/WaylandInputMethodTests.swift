import Foundation
import RewrapTestDrivers
import XCTest

/// Input methods through zwp_text_input_v3 on a private sway, with
/// `rewrap-wlhelper input-method` as the seat's input method: text it
/// commits is typed as keys are, so type-ahead in an open menu takes it,
/// and typing the same text with wtype is the oracle.
final class WaylandInputMethodTests: XCTestCase {
    private var sway: SwayServer!

    override func setUpWithError() throws {
        sway = try SwayServer()
    }

    override func tearDown() {
        sway?.stop()
    }

    /// The highlighted row of each frame's open menu, each change once.
    private func highlights(_ session: WaylandSession) -> [String] {
        var rows: [String] = []
        for frame in session.frames() {
            guard let popup = frame.popup, let row = popup.nodes.first(where: { $0.highlighted == true })?.text else { continue }
            if rows.last != row { rows.append(row) }
        }
        return rows
    }

    /// Opens the first menu with the keyboard on the panel in `locale` (or `panel`),
    /// then types `text`: committed by the input method (after `preedit`),
    /// or with wtype's keys when `byKeys`. Returns the menu's highlights,
    /// the content type the input method was told, and the session, its
    /// menu still open.
    private func typeIntoMenu(locale: String, panel: String? = nil, _ text: String, preedit: String? = nil,
                              byKeys: Bool = false, until expected: String)
        throws -> (rows: [String], contentType: String, session: WaylandSession, keyboard: Process) {
        let session = try WaylandSession(sway: sway, arguments: ["--locale", locale, "--geometry", "680x420"]
                                         + (panel.map { ["--panel", $0] } ?? []))
        try session.settledFrame()
        // The keyboard stays on the seat while the test looks: the window loses the focus, and the menu, when it goes.
        let keyboard = try sway.startTyping(["-s", "300", "-k", "Tab", "-s", "200", "-k", "space", "-s", "8000"])
        do {
            try session.waitUntil("the menu") { try session.lastFrame().popup != nil }
            var contentType = ""
            if byKeys {
                try sway.type(["-s", "300", text, "-s", "300"])
            } else {
                contentType = try sway.commitText(text, preedit: preedit)
            }
            try session.waitUntil("the highlight on \(expected)") { self.highlights(session).last == expected }
            // Long enough for a doubled key to move the highlight on.
            usleep(500_000)
            return (highlights(session), contentType, session, keyboard)
        } catch {
            stopProcess(keyboard)
            session.close()
            throw error
        }
    }

    func testCommittedChineseHighlightsTheOptionAsTypingItDoesAndOnce() throws {
        // Both options start with 圓: one 圓 moves to the second, a doubled one back to the first.
        let typed = try typeIntoMenu(locale: "zh-Hant", "圓", byKeys: true, until: "圓角矩形")
        typed.session.close()
        stopProcess(typed.keyboard)
        XCTAssertEqual(typed.rows, ["圓形", "圓角矩形"], "fixture: typing 圓 moves to the next option starting with it")
        let committed = try typeIntoMenu(locale: "zh-Hant", "圓", preedit: "yuan", until: "圓角矩形")
        defer { committed.session.close() }
        defer { stopProcess(committed.keyboard) }
        XCTAssertEqual(committed.rows, typed.rows, "the input method's 圓 moves the highlight as the key does, once")
        XCTAssertEqual(committed.contentType, "content type: hint 0 purpose 0", "enabled as plain text with no hints")
        let folder = NSTemporaryDirectory() + "rewrap-input-method-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try committed.session.capture(to: folder + "/zh-Hant-menu.png")
        print("the menu after the input method committed 圓: \(folder)/zh-Hant-menu.png")
        // Return picks the highlighted option, as after typing.
        try sway.type(["-s", "300", "-k", "Return", "-s", "300"])
        try committed.session.waitUntil("the pick") { try committed.session.lastFrame().popup == nil }
        XCTAssertEqual(try committed.session.lastFrame().node("shape")?.text, "形狀: 圓角矩形")
        XCTAssertEqual(committed.session.stderr, "")
    }

    func testCommittedArabicWordHighlightsTheOptionItStartsWith() throws {
        let typed = try typeIntoMenu(locale: "ar", "مستطيل", byKeys: true, until: "مستطيل مستدير الزوايا")
        typed.session.close()
        stopProcess(typed.keyboard)
        let committed = try typeIntoMenu(locale: "ar", "مستطيل", until: "مستطيل مستدير الزوايا")
        defer { committed.session.close() }
        defer { stopProcess(committed.keyboard) }
        XCTAssertEqual(committed.rows, typed.rows, "a word is typed letter by letter, as its keys are")
        XCTAssertEqual(committed.rows, ["دائرة", "مستطيل مستدير الزوايا"])
    }

    func testCommittedLatinLetterHighlightsTheOptionItStartsWith() throws {
        let panel = try TemporaryFile(suffix: ".json", contents: Data("""
            {"title": "Umlauts", "menus": {"heading": "Type-ahead", "footer": "Footer",
              "items": [{"id": "word", "title": "Word", "options": ["Zeta", "Ölçü", "Ünal"], "selected": "Zeta"}]},
             "chips": {"heading": "Chips", "footer": "Footer", "items": []}}
            """.utf8))
        let committed = try typeIntoMenu(locale: "C", panel: panel.path, "Ü", until: "Ünal")
        defer { committed.session.close() }
        defer { stopProcess(committed.keyboard) }
        XCTAssertEqual(committed.rows, ["Zeta", "Ünal"], "Ü, not the Ö before it")
    }
}
