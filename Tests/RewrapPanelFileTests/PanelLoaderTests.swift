import Foundation
import RewrapPanelFile
import RewrapScene
import RewrapTestDrivers
import RewrapTestFakes
import XCTest

final class PanelLoaderTests: XCTestCase {
    private let shippedPath = PackagePaths.root + "/assets/panel.json"
    private let corpusPath = PackagePaths.root + "/Tests/Fixtures/bad-panels"

    /// A small valid panel that each schema test breaks in one place.
    private let valid = """
    {"title": "Rewrap",
     "menus": {"heading": "Layout options", "footer": "Narrow the window.",
               "items": [{"id": "shape", "title": "Shape", "options": ["Circle", "Square"], "selected": "Circle"},
                         {"id": "pattern", "title": "Pattern", "options": ["Solid", "Striped"], "selected": "Solid"}]},
     "chips": {"heading": "Sample labels", "footer": "Resize.",
               "items": [{"id": "sketch", "title": "Sketch"}, {"id": "preview", "title": "Preview"}]}}
    """

    private func parse(_ text: String) throws(PanelError) -> Panel {
        try PanelLoader.parse(Array(text.utf8), file: "panel.json", reserving: Scene.reservedIDs)
    }

    /// The message the loader gives once `old` in the valid panel becomes `new`.
    private func rejection(replacing old: String, with new: String,
                           file: StaticString = #filePath, line: UInt = #line) -> String? {
        XCTAssertTrue(valid.contains(old), "the valid panel has no \(old)", file: file, line: line)
        return rejection(of: valid.replacingOccurrences(of: old, with: new), file: file, line: line)
    }

    private func rejection(of text: String, file: StaticString = #filePath, line: UInt = #line) -> String? {
        do throws(PanelError) {
            let panel = try parse(text)
            XCTFail("loaded \(panel)", file: file, line: line)
            return nil
        } catch {
            return error.message
        }
    }

    private func loadError(_ path: String, file: StaticString = #filePath, line: UInt = #line) -> String? {
        do throws(PanelError) {
            let panel = try PanelLoader.load(path: path)
            XCTFail("loaded \(panel)", file: file, line: line)
            return nil
        } catch {
            return error.message
        }
    }

    private func assertRejects(_ old: String, _ new: String, at path: String, _ problem: String,
                               file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(rejection(replacing: old, with: new, file: file, line: line),
                       "rewrap: panel.json: \(path): \(problem)", file: file, line: line)
    }

    // rules §1: the shipped panel is the window's content.
    func testShippedPanelMatchesSpec() throws {
        let panel = try PanelLoader.load(path: shippedPath)
        XCTAssertEqual(panel, Panel(
            title: "Rewrap",
            menus: MenuSection(heading: "Layout options", footer: "Choose a longer option, then narrow the window.", items: [
                DropdownSpec(id: "shape", title: "Shape", options: ["Circle", "Rounded rectangle"], selected: "Circle"),
                DropdownSpec(id: "pattern", title: "Pattern", options: ["Solid", "Alternating diagonal lines"], selected: "Solid"),
                DropdownSpec(id: "arrangement", title: "Arrangement", options: ["Rows", "Evenly spaced columns"], selected: "Rows"),
            ]),
            chips: ChipSection(heading: "Sample labels", footer: "Resize the window to change how many labels fit.", items: [
                ChipSpec(id: "sketch", title: "Sketch"), ChipSpec(id: "color-samples", title: "Color samples"),
                ChipSpec(id: "shapes", title: "Shapes"), ChipSpec(id: "paper-textures", title: "Paper textures"),
                ChipSpec(id: "layout-notes", title: "Layout notes"), ChipSpec(id: "preview", title: "Preview"),
            ])))
    }

    func testEmptyChipItemsAndEmptyHeadingsAreValid() throws {
        let panel = try parse("""
        {"title": "", "menus": {"heading": "", "footer": "", "items": [{"id": "a", "title": "A", "options": ["x"], "selected": "x"}]},
         "chips": {"heading": "", "footer": "", "items": []}}
        """)
        XCTAssertEqual(panel.chips.items, [])
        XCTAssertEqual(panel.menus.heading, "")
        XCTAssertEqual(panel.title, "")
    }

    func testMissingKeyIsNamedAtItsObject() {
        assertRejects(#"{"title": "Rewrap","#, "{", at: "$", #"missing key "title""#)
        assertRejects(#""footer": "Resize.","#, "", at: "$.chips", #"missing key "footer""#)
        assertRejects(#", "selected": "Solid""#, "", at: "$.menus.items[1]", #"missing key "selected""#)
        assertRejects(#""options": ["Circle", "Square"], "#, "", at: "$.menus.items[0]", #"missing key "options""#)
        assertRejects(#"{"id": "preview", "#, "{", at: "$.chips.items[1]", #"missing key "id""#)
        XCTAssertEqual(rejection(of: "{}"), #"rewrap: panel.json: $: missing key "title""#)
    }

    func testUnknownKeyIsNamedAtItself() {
        let top = "(known keys: title, menus, chips)"
        assertRejects(#"{"title": "Rewrap","#, #"{"title": "Rewrap", "colour": "red","#, at: "$.colour", #"unknown key "colour" \#(top)"#)
        assertRejects(#""title": "Sketch""#, #""title": "Sketch", "icon": 1"#, at: "$.chips.items[0].icon",
                      #"unknown key "icon" (known keys: id, title)"#)
        assertRejects(#""selected": "Solid""#, #""selected": "Solid", "Selected": "Solid""#, at: "$.menus.items[1].Selected",
                      #"unknown key "Selected" (known keys: id, title, options, selected)"#)
        assertRejects(#""footer": "Resize.","#, #""footer": "Resize.", "two words": 1,"#, at: #"$.chips["two words"]"#,
                      #"unknown key "two words" (known keys: heading, footer, items)"#)
    }

    func testUnknownKeyComesBeforeMissingKey() {
        assertRejects(#""title": "Sketch""#, #""name": "Sketch""#, at: "$.chips.items[0].name", #"unknown key "name" (known keys: id, title)"#)
    }

    func testWrongTypeNamesExpectedAndFound() {
        assertRejects(#""title": "Rewrap""#, #""title": 42"#, at: "$.title", "expected a string, found a number")
        assertRejects(#""title": "Rewrap""#, #""title": ["Rewrap"]"#, at: "$.title", "expected a string, found an array")
        assertRejects(#""heading": "Layout options""#, #""heading": true"#, at: "$.menus.heading", "expected a string, found a boolean")
        assertRejects(#""selected": "Circle""#, #""selected": null"#, at: "$.menus.items[0].selected", "expected a string, found null")
        assertRejects(#"["Solid", "Striped"]"#, #"["Solid", 2]"#, at: "$.menus.items[1].options[1]", "expected a string, found a number")
        assertRejects(#"["Solid", "Striped"]"#, #"{"Solid": 1}"#, at: "$.menus.items[1].options", "expected an array, found an object")
        assertRejects(#"{"id": "sketch", "title": "Sketch"}"#, #""sketch""#, at: "$.chips.items[0]", "expected an object, found a string")
        assertRejects(#""id": "sketch""#, #""id": 7"#, at: "$.chips.items[0].id", "expected a string, found a number")
        XCTAssertEqual(rejection(of: "[]"), "rewrap: panel.json: $: expected an object, found an array")
        XCTAssertEqual(rejection(of: #"{"title": "", "menus": "none", "chips": {}}"#),
                       "rewrap: panel.json: $.menus: expected an object, found a string")
    }

    func testEmptyIDIsRejected() {
        assertRejects(#""id": "pattern""#, #""id": """#, at: "$.menus.items[1].id", "id is empty")
        assertRejects(#""id": "preview""#, #""id": """#, at: "$.chips.items[1].id", "id is empty")
    }

    func testIDsAreUniqueAcrossDropdownsAndChips() {
        assertRejects(#""id": "pattern""#, #""id": "shape""#, at: "$.menus.items[1].id",
                      #"duplicate id "shape" (first used at $.menus.items[0].id)"#)
        assertRejects(#""id": "preview""#, #""id": "sketch""#, at: "$.chips.items[1].id",
                      #"duplicate id "sketch" (first used at $.chips.items[0].id)"#)
        assertRejects(#""id": "preview""#, #""id": "pattern""#, at: "$.chips.items[1].id",
                      #"duplicate id "pattern" (first used at $.menus.items[1].id)"#)
    }

    func testChipsMayShareATitle() throws {
        let panel = try parse(valid.replacingOccurrences(of: #""title": "Preview""#, with: #""title": "Sketch""#))
        XCTAssertEqual(panel.chips.items.map(\.title), ["Sketch", "Sketch"])
    }

    func testEveryReservedIDIsRejected() {
        for id in Scene.reservedIDs.sorted() {
            assertRejects(#""id": "shape""#, #""id": "\#(id)""#, at: "$.menus.items[0].id", #"id "\#(id)" is reserved"#)
            assertRejects(#""id": "preview""#, #""id": "\#(id)""#, at: "$.chips.items[1].id", #"id "\#(id)" is reserved"#)
        }
    }

    func testDropdownNeedsAnOption() {
        assertRejects(#"["Circle", "Square"], "selected": "Circle""#, #"[], "selected": "Circle""#,
                      at: "$.menus.items[0].options", "a dropdown needs at least one option")
    }

    func testOptionsAreUniqueAndNotEmpty() {
        assertRejects(#"["Solid", "Striped"]"#, #"["Solid", "Striped", "Solid"]"#, at: "$.menus.items[1].options[2]", #"duplicate option "Solid""#)
        assertRejects(#"["Solid", "Striped"]"#, #"["Solid", ""]"#, at: "$.menus.items[1].options[1]", "option is empty")
    }

    func testSelectedMustBeAnOption() {
        assertRejects(#""selected": "Solid""#, #""selected": "Square""#, at: "$.menus.items[1].selected", #""Square" is not among the options"#)
        assertRejects(#""selected": "Solid""#, #""selected": "solid""#, at: "$.menus.items[1].selected", #""solid" is not among the options"#)
    }

    func testDropdownAndChipTitlesMustNotBeEmpty() {
        assertRejects(#""title": "Shape""#, #""title": """#, at: "$.menus.items[0].title", "title is empty")
        assertRejects(#""title": "Preview""#, #""title": """#, at: "$.chips.items[1].title", "title is empty")
    }

    func testLineAndParagraphSeparatorsAreRejected() {
        for (escape, code) in [(#"\u2028"#, "U+2028"), (#"\u2029"#, "U+2029"), (#"\u0085"#, "U+0085")] {
            assertRejects(#""title": "Sketch""#, #""title": "Sk\#(escape)etch""#, at: "$.chips.items[0].title",
                          "text contains a control character (\(code))")
        }
    }

    func testControlCharactersInTextAreRejected() {
        let places: [(old: String, new: String, path: String, codePoint: String)] = [
            (#""title": "Rewrap""#, #""title": "Re\twrap""#, "$.title", "U+0009"),
            (#""heading": "Layout options""#, #""heading": "Layout\noptions""#, "$.menus.heading", "U+000A"),
            (#""footer": "Resize.""#, #""footer": "Resize.\r""#, "$.chips.footer", "U+000D"),
            (#""id": "shape""#, #""id": "sha\u0000pe""#, "$.menus.items[0].id", "U+0000"),
            (#""title": "Shape""#, #""title": "Shape\u001b[31m""#, "$.menus.items[0].title", "U+001B"),
            (#"["Circle", "Square"]"#, #"["Circle", "Squ\u007fare"]"#, "$.menus.items[0].options[1]", "U+007F"),
            (#""selected": "Solid""#, #""selected": "Sol\u001fid""#, "$.menus.items[1].selected", "U+001F"),
        ]
        for place in places {
            assertRejects(place.old, place.new, at: place.path, "text contains a control character (\(place.codePoint))")
        }
    }

    func testSyntaxErrorNamesPathLineAndColumn() {
        let text = valid.replacingOccurrences(of: #""title": "Pattern","#, with: #""title": "Pattern""#)
        XCTAssertEqual(rejection(of: text), #"rewrap: panel.json: $.menus.items[1]: line 4, column 59: expected ',' or '}', found '"'"#)
        XCTAssertEqual(rejection(of: ""), "rewrap: panel.json: $: line 1, column 1: file is empty")
    }

    func testEchoedTextIsQuotedEscapedAndCut() {
        let long = String(repeating: "x", count: 45)
        assertRejects(#""selected": "Solid""#, #""selected": "\#(long)""#, at: "$.menus.items[1].selected",
                      #""\#(String(repeating: "x", count: 40))…" is not among the options"#)
        assertRejects(#""selected": "Solid""#, #""selected": "a\"b\\c\u202Ed""#, at: "$.menus.items[1].selected",
                      #""a\"b\\c\u202Ed" is not among the options"#)
        assertRejects(#"{"title": "Rewrap","#, #"{"title": "Rewrap", "a\nb": 1,"#, at: #"$["a\nb"]"#,
                      #"unknown key "a\nb" (known keys: title, menus, chips)"#)
    }

    func testFileNameCannotBreakTheLine() {
        do throws(PanelError) {
            _ = try PanelLoader.parse(Array("[]".utf8), file: "odd\nname\u{202E}.json", reserving: Scene.reservedIDs)
            XCTFail("loaded a top-level array")
        } catch {
            XCTAssertEqual(error.message, #"rewrap: odd\nname\u202E.json: $: expected an object, found an array"#)
        }
    }

    func testMissingFileNamesTheSystemError() {
        XCTAssertEqual(loadError("/nonexistent/panel.json"),
                       "rewrap: /nonexistent/panel.json: $: cannot read file: No such file or directory")
    }

    func testDirectoryIsNotAPanel() {
        XCTAssertEqual(loadError(corpusPath), "rewrap: \(corpusPath): $: cannot read file: Is a directory")
    }

    func testHugeFileIsRefusedFromItsSize() throws {
        // A sparse file: 50 MB long on paper, so the test writes almost nothing.
        let huge = try TemporaryFile(suffix: ".json")
        XCTAssertEqual(truncate(huge.path, 52_428_800), 0)
        XCTAssertEqual(loadError(huge.path), "rewrap: \(huge.path): $: file is too large (52428800 bytes; the limit is 4194304)")
    }

    func testSizeLimitIsInclusive() throws {
        let file = try TemporaryFile(suffix: ".json")
        XCTAssertEqual(truncate(file.path, off_t(PanelLoader.sizeLimit)), 0)
        // Read in full, so the problem is its content, not its size.
        XCTAssertEqual(loadError(file.path), "rewrap: \(file.path): $: line 1, column 1: expected a value, found U+0000")
        XCTAssertEqual(truncate(file.path, off_t(PanelLoader.sizeLimit + 1)), 0)
        XCTAssertEqual(loadError(file.path), "rewrap: \(file.path): $: file is too large (4194305 bytes; the limit is 4194304)")
    }

    /// 200,000 options, the last a repeat: found in one pass, not by
    /// comparing each option with all before it.
    func testARepeatAmongVeryManyOptionsIsFoundInLinearTime() {
        let options = (0..<200_000).map { "\"o\($0)\"" }.joined(separator: ",") + ",\"o7\""
        XCTAssertEqual(rejection(replacing: #""options": ["Circle", "Square"]"#, with: #""options": ["Circle", "#
                                 + options + "]"),
                       "rewrap: panel.json: $.menus.items[0].options[200001]: duplicate option \"o7\"")
    }

    func testEndlessStreamIsCutAtTheLimit() {
        XCTAssertEqual(loadError("/dev/zero"), "rewrap: /dev/zero: $: file is too large (the limit is 4194304 bytes)")
    }

    /// Every file in the corpus gives the path and problem EXPECTED.tsv lists
    /// for it, and the corpus and its list name the same files.
    func testBadPanelCorpus() throws {
        let table = try String(contentsOfFile: corpusPath + "/EXPECTED.tsv", encoding: .utf8)
        var listed: Set<String> = []
        for row in table.split(separator: "\n") {
            let fields = row.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard fields.count == 3 else {
                XCTFail("malformed row: \(row)")
                continue
            }
            let (name, path, problem) = (fields[0], fields[1], fields[2])
            XCTAssertTrue(listed.insert(name).inserted, "\(name) is listed twice")
            let file = corpusPath + "/" + name
            guard let message = loadError(file) else { continue }
            XCTAssertTrue(message.hasPrefix("rewrap: \(file): \(path): "), "\(name): \(message)")
            XCTAssertTrue(message.contains(problem), "\(name): \(message)")
            XCTAssertFalse(message.contains("\n"), "\(name): \(message)")
        }
        let files = try FileManager.default.contentsOfDirectory(atPath: corpusPath).filter { $0.hasSuffix(".json") }
        XCTAssertEqual(Set(files), listed)
        XCTAssertGreaterThanOrEqual(listed.count, 32)
    }

    /// Random damage to the shipped panel either still loads or gives the
    /// usual one-line error; it never crashes or hangs. `make soak` raises
    /// the count through PANEL_FUZZ_CASES.
    func testMutatedPanelsLoadOrFailCleanly() throws {
        let original = try XCTUnwrap(FileManager.default.contents(atPath: shippedPath))
        let cases = ProcessInfo.processInfo.environment["PANEL_FUZZ_CASES"].flatMap(Int.init) ?? 500
        var generator = SeededGenerator(seed: 20_240_611)
        var refused = 0
        for round in 0..<cases {
            let damaged = PanelMutator.mutate(Array(original), using: &generator)
            do throws(PanelError) {
                _ = try PanelLoader.parse(damaged, file: "fuzz.json", reserving: Scene.reservedIDs)
            } catch {
                refused += 1
                XCTAssertTrue(error.message.hasPrefix("rewrap: fuzz.json: $"), "round \(round): \(error.message)")
                XCTAssertFalse(error.message.contains("\n") || error.message.contains("\r"), "round \(round): \(error.message)")
            }
        }
        XCTAssertGreaterThan(refused, cases * 4 / 5, "the mutations should break most panels")
    }
}
