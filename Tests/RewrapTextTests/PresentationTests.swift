import RewrapText
import XCTest

/// The presentation a cluster asks for (UTS #51), checked against Unicode's
/// own lists, with no font: fully-qualified emoji ask for emoji, VS15 for
/// text, and characters whose default is text ask for nothing.
final class PresentationTests: XCTestCase {
    private func requested(_ scalars: [Unicode.Scalar]) -> Presentation? {
        Presentation.requested(by: scalars)
    }

    private func text(_ scalars: [Unicode.Scalar]) -> String {
        String(String.UnicodeScalarView(scalars))
    }

    func testEveryFullyQualifiedEmojiAndComponentAsksForEmoji() throws {
        var checked = 0
        for fields in try UnicodeEmojiData.lines("emoji-test.txt") where ["fully-qualified", "component"].contains(fields[1]) {
            let scalars = UnicodeEmojiData.scalars(fields[0])
            XCTAssertEqual(requested(scalars), .emoji, "\(fields[0]) \(text(scalars))")
            checked += 1
        }
        XCTAssertGreaterThan(checked, 3600, "emoji-test.txt lists 3,655 fully-qualified emoji and 9 components")
    }

    func testEachVariationSequenceAsksForThePresentationItNames() throws {
        var checked = 0
        for fields in try UnicodeEmojiData.lines("emoji-variation-sequences.txt") {
            let scalars = UnicodeEmojiData.scalars(fields[0])
            let expected: Presentation = fields[1] == "text style" ? .text : .emoji
            XCTAssertEqual(requested(scalars), expected, "\(fields[0]) \(fields[1])")
            checked += 1
        }
        XCTAssertGreaterThan(checked, 700)
        XCTAssertEqual(requested(["1", "\u{FE0E}", "\u{20E3}"]), .text, "a keycap asked to be text")
    }

    func testACharacterAloneAsksForEmojiOnlyWhenItsDefaultIsEmoji() throws {
        let presentation = try UnicodeEmojiData.property("Emoji_Presentation")
        let emoji = try UnicodeEmojiData.property("Emoji")
        for value in emoji.union(presentation).sorted() {
            let scalar = Unicode.Scalar(value)!
            XCTAssertEqual(requested([scalar]), presentation.contains(value) ? .emoji : nil, "U+\(String(value, radix: 16))")
        }
        for plain in "Aé中ك्ष۱ ✓" .unicodeScalars {
            XCTAssertNil(requested([plain]), "U+\(String(plain.value, radix: 16))")
        }
    }

    func testUnicodesSequencesAskForEmoji() throws {
        let sequences = try UnicodeEmojiData.lines("emoji-sequences.txt").filter { $0[1] != "Basic_Emoji" }
            + UnicodeEmojiData.lines("emoji-zwj-sequences.txt")
        for fields in sequences {
            let scalars = UnicodeEmojiData.scalars(fields[0])
            XCTAssertEqual(requested(scalars), .emoji, "\(fields[1]): \(fields[0])")
        }
        // Not fully qualified, as people type them: still one emoji each.
        XCTAssertEqual(requested(["1", "\u{20E3}"]), .emoji, "a keycap without VS16")
        XCTAssertEqual(requested(["\u{1F441}", "\u{200D}", "\u{1F5E8}"]), .emoji, "a ZWJ sequence without VS16")
    }

    func testEachOfUnicodesSequencesIsOneCluster() throws {
        let sequences = try UnicodeEmojiData.lines("emoji-sequences.txt").filter { $0[1] != "Basic_Emoji" }
            + UnicodeEmojiData.lines("emoji-zwj-sequences.txt")
        XCTAssertGreaterThan(sequences.count, 2000)
        for fields in sequences {
            let emoji = text(UnicodeEmojiData.scalars(fields[0]))
            XCTAssertEqual(emoji.count, 1, "\(fields[1]): \(fields[0])")
            // Between words, and beside another of its kind (two flags).
            XCTAssertEqual(Array("a" + emoji + emoji + "b").count, 4, "\(fields[0]) twice between letters")
        }
    }

    func testJoinersAndSelectorsInOtherScriptsAskForNothing() {
        XCTAssertNil(requested(["क", "\u{094D}", "\u{200D}"]), "a half form's joiner in Devanagari")
        XCTAssertNil(requested(["\u{0644}", "\u{200D}"]), "a joiner after an Arabic letter")
        XCTAssertNil(requested(["a", "\u{FE0F}"]), "VS16 after a letter that is no emoji")
        XCTAssertNil(requested(["1", "\u{0301}"]), "a digit with a mark is no keycap")
        XCTAssertNil(requested(["\u{270F}"]), "the pencil alone is text by default")
        XCTAssertEqual(requested(["\u{270F}", "\u{FE0F}"]), .emoji, "and emoji with VS16")
        XCTAssertEqual(requested(["\u{2764}", "\u{FE0E}"]), .text, "the heart with VS15 is text")
    }
}
