import RewrapPanelFile
import XCTest

final class JSONParserTests: XCTestCase {
    private func parse(_ text: String) throws(JSONSyntaxError) -> JSONValue {
        try JSONParser.parse(Array(text.utf8))
    }

    /// The error `bytes` give, failing the test if they parse.
    private func syntaxError(_ bytes: [UInt8], file: StaticString = #filePath, line: UInt = #line) -> JSONSyntaxError? {
        do throws(JSONSyntaxError) {
            let value = try JSONParser.parse(bytes)
            XCTFail("parsed as \(value)", file: file, line: line)
            return nil
        } catch {
            return error
        }
    }

    private func syntaxError(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> JSONSyntaxError? {
        syntaxError(Array(text.utf8), file: file, line: line)
    }

    private func assertError(_ text: String, _ expected: JSONSyntaxError, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(syntaxError(text, file: file, line: line), expected, "input: \(text)", file: file, line: line)
    }

    func testParsesEveryKindOfValue() throws {
        let value = try parse(#" {"n": null, "t": true, "f": false, "x": -1.5e2, "s": "hi", "a": [1, []], "o": {}} "#)
        XCTAssertEqual(value, .object([
            (key: "n", value: .null), (key: "t", value: .bool(true)), (key: "f", value: .bool(false)),
            (key: "x", value: .number(-150)), (key: "s", value: .string("hi")),
            (key: "a", value: .array([.number(1), .array([])])), (key: "o", value: .object([])),
        ]))
        XCTAssertEqual(try parse("\t\r\n 7 \n"), .number(7))
    }

    func testObjectsKeepMemberOrder() throws {
        let value = try parse(#"{"z": 1, "a": 2, "m": 3}"#)
        guard case .object(let members) = value else { return XCTFail("not an object: \(value)") }
        XCTAssertEqual(members.map(\.key), ["z", "a", "m"])
        XCTAssertNotEqual(value, try parse(#"{"a": 2, "z": 1, "m": 3}"#))
    }

    func testNumbersFollowTheRFCGrammar() throws {
        let valid: [(String, Double)] = [
            ("0", 0), ("-0", 0), ("12", 12), ("1.25", 1.25), ("1e3", 1000), ("1E+3", 1000), ("2e-2", 0.02),
            ("-0.5", -0.5), ("0e0", 0), ("1.5E2", 150), ("1e-999", 0),
        ]
        for (text, expected) in valid {
            XCTAssertEqual(try parse(text), .number(expected), text)
        }
        let invalid: [(String, Int, String)] = [
            ("01", 1, "numbers cannot have leading zeros"),
            ("-01", 1, "numbers cannot have leading zeros"),
            ("-", 2, "expected a digit after '-', found the end of the file"),
            ("-a", 2, "expected a digit after '-', found 'a'"),
            ("1.", 3, "expected a digit after '.', found the end of the file"),
            ("1.e3", 3, "expected a digit after '.', found 'e'"),
            (".5", 1, "expected a value, found '.'"),
            ("+1", 1, "expected a value, found '+'"),
            ("1e", 3, "expected a digit in the exponent, found the end of the file"),
            ("1e+", 4, "expected a digit in the exponent, found the end of the file"),
            ("0x10", 2, "expected the end of the file after the JSON value, found 'x'"),
            ("1e999", 1, "number is too large"),
            ("-1e999", 1, "number is too large"),
        ]
        for (text, column, message) in invalid {
            assertError(text, JSONSyntaxError(line: 1, column: column, path: "$", message: message))
        }
    }

    func testEscapesDecode() throws {
        let text = #""\"\\\/\b\f\n\r\t\u00e9\u00C9\ud83d\ude00\u0000""#
        XCTAssertEqual(try parse(text), .string("\"\\/\u{8}\u{C}\n\r\t\u{E9}\u{C9}😀\u{0}"))
        XCTAssertEqual(try parse(#""plain é 😀""#), .string("plain é 😀"))
    }

    func testLoneSurrogateEscapesAreRejected() {
        let high = "a high surrogate must be followed by a low one"
        let cases: [(String, Int, String)] = [
            (#"["\ud800"]"#, 3, #"lone surrogate \uD800; "# + high),
            (#"["ab\uD83Dx"]"#, 5, #"lone surrogate \uD83D; "# + high),
            (#"["\ud800\u0041"]"#, 3, #"lone surrogate \uD800; "# + high),
            (#"["\ud800\ud800"]"#, 3, #"lone surrogate \uD800; "# + high),
            (#"["\udc00"]"#, 3, #"lone surrogate \uDC00; a low surrogate must follow a high one"#),
            (#"["\ude00\ud83d"]"#, 3, #"lone surrogate \uDE00; a low surrogate must follow a high one"#),
        ]
        for (text, column, message) in cases {
            assertError(text, JSONSyntaxError(line: 1, column: column, path: "$[0]", message: message))
        }
    }

    func testInvalidEscapesAreRejected() {
        let badEscape = #"invalid escape; use one of \" \\ \/ \b \f \n \r \t \uXXXX"#
        assertError(#"["\x"]"#, JSONSyntaxError(line: 1, column: 3, path: "$[0]", message: badEscape))
        assertError(#"["\U0041"]"#, JSONSyntaxError(line: 1, column: 3, path: "$[0]", message: badEscape))
        for text in [#"["\u12"]"#, #"["\u12G4"]"#, #"["\u"#] {
            assertError(text, JSONSyntaxError(line: 1, column: 3, path: "$[0]", message: #"\u must be followed by four hex digits"#))
        }
        assertError(#"["\"#, JSONSyntaxError(line: 1, column: 3, path: "$[0]", message: "string never ends; is a closing quote missing?"))
    }

    func testRawControlCharactersInStringsAreRejected() {
        for byte in UInt8(0)..<0x20 where byte != UInt8(ascii: "\n") {
            let error = syntaxError([UInt8(ascii: "\""), UInt8(ascii: "a"), byte, UInt8(ascii: "\"")])
            XCTAssertEqual(error?.column, 3, "byte \(byte)")
            XCTAssertEqual(error?.message.hasPrefix("unescaped control character U+00"), true, "byte \(byte)")
        }
        assertError("{\"a\": \"one\ntwo\"}", JSONSyntaxError(line: 1, column: 11, path: "$.a",
                                                              message: "line break inside a string; is a closing quote missing?"))
        XCTAssertEqual(try parse("\"\u{7F}\""), .string("\u{7F}"), "DEL is not a JSON control character")
    }

    func testUnterminatedStringPointsAtItsOpeningQuote() {
        assertError(#"{"a": "abc"#, JSONSyntaxError(line: 1, column: 7, path: "$.a", message: "string never ends; is a closing quote missing?"))
    }

    func testTrailingCommasAreRejectedAtTheComma() {
        assertError("[1, 2,]", JSONSyntaxError(line: 1, column: 6, path: "$", message: "trailing comma before ']'"))
        assertError(#"{"a": {"b": 1,  }}"#, JSONSyntaxError(line: 1, column: 14, path: "$.a", message: "trailing comma before '}'"))
        assertError("[,]", JSONSyntaxError(line: 1, column: 2, path: "$[0]", message: "expected a value, found ','"))
    }

    func testCommentsAreRejected() {
        assertError("// note\n{}", JSONSyntaxError(line: 1, column: 1, path: "$", message: "expected a value, found '/' (JSON has no comments)"))
        assertError(#"{"a": 1 /* note */}"#,
                    JSONSyntaxError(line: 1, column: 9, path: "$", message: "expected ',' or '}', found '/' (JSON has no comments)"))
    }

    func testLiteralsMustBeExact() {
        assertError("[tru]", JSONSyntaxError(line: 1, column: 2, path: "$[0]", message: "expected true"))
        assertError("[fals]", JSONSyntaxError(line: 1, column: 2, path: "$[0]", message: "expected false"))
        assertError("nul", JSONSyntaxError(line: 1, column: 1, path: "$", message: "expected null"))
        assertError("True", JSONSyntaxError(line: 1, column: 1, path: "$", message: "expected a value, found 'T'"))
        assertError("['a']", JSONSyntaxError(line: 1, column: 2, path: "$[0]", message: "expected a value, found ''' (JSON strings use double quotes)"))
        assertError("{a: 1}", JSONSyntaxError(line: 1, column: 2, path: "$", message: "expected a key in double quotes, found 'a'"))
    }

    func testMissingPunctuationIsNamed() {
        assertError(#"{"a" 1}"#, JSONSyntaxError(line: 1, column: 6, path: "$.a", message: "expected ':' after the key, found '1'"))
        assertError(#"{"a": 1 "b": 2}"#, JSONSyntaxError(line: 1, column: 9, path: "$", message: "expected ',' or '}', found '\"'"))
        assertError("[1 2]", JSONSyntaxError(line: 1, column: 4, path: "$", message: "expected ',' or ']', found '2'"))
        assertError(#"{"a": "#, JSONSyntaxError(line: 1, column: 7, path: "$.a", message: "expected a value, found the end of the file"))
    }

    func testAnythingAfterTheValueIsRejected() {
        assertError("{} x", JSONSyntaxError(line: 1, column: 4, path: "$", message: "expected the end of the file after the JSON value, found 'x'"))
        assertError("{}{}", JSONSyntaxError(line: 1, column: 3, path: "$", message: "expected the end of the file after the JSON value, found '{'"))
        assertError("1\n2", JSONSyntaxError(line: 2, column: 1, path: "$", message: "expected the end of the file after the JSON value, found '2'"))
        assertError("{}\0", JSONSyntaxError(line: 1, column: 3, path: "$", message: "expected the end of the file after the JSON value, found U+0000"))
    }

    func testEmptyInputIsRejected() {
        XCTAssertEqual(syntaxError([]), JSONSyntaxError(line: 1, column: 1, path: "$", message: "file is empty"))
        assertError(" \n ", JSONSyntaxError(line: 2, column: 2, path: "$", message: "expected a value, found the end of the file"))
    }

    func testLineAndColumnPointAtTheMistake() {
        let text = """
        {
          "a": [1, 2
          "b": 3
        }
        """
        assertError(text, JSONSyntaxError(line: 3, column: 3, path: "$.a", message: "expected ',' or ']', found '\"'"))
    }

    func testColumnsCountScalarsNotBytes() {
        // `é` is 2 bytes and `😀` 4, but each is one column; so is the tab.
        assertError("{\"é😀\":\ttru}", JSONSyntaxError(line: 1, column: 8, path: #"$["é😀"]"#, message: "expected true"))
        assertError("{\r\n\"a\" 1}", JSONSyntaxError(line: 2, column: 5, path: "$.a", message: "expected ':' after the key, found '1'"))
    }

    func testPathNamesTheInnermostValue() {
        let text = #"{"menus": {"items": [{"title": "A"}, {"title": nul}]}}"#
        XCTAssertEqual(syntaxError(text)?.path, "$.menus.items[1].title")
        XCTAssertEqual(syntaxError(#"{"two words": [tru]}"#)?.path, #"$["two words"][0]"#)
        XCTAssertEqual(syntaxError(#"{"a\"b\nc": x}"#)?.path, #"$["a\"b\nc"]"#)
        XCTAssertEqual(syntaxError(#"{"_ok9": x}"#)?.path, "$._ok9")
        XCTAssertEqual(syntaxError(#"{"9a": x}"#)?.path, #"$["9a"]"#)
        XCTAssertEqual(syntaxError(#"{"": x}"#)?.path, #"$[""]"#)
    }

    func testInvalidUTF8IsRejectedWhereItStarts() {
        let sequences: [[UInt8]] = [
            [0xC0, 0x80], [0xC1, 0xBF],                              // overlong two-byte
            [0xE0, 0x80, 0x80], [0xE0, 0x9F, 0xBF],                  // overlong three-byte
            [0xF0, 0x80, 0x80, 0x80], [0xF0, 0x8F, 0xBF, 0xBF],      // overlong four-byte
            [0xED, 0xA0, 0x80], [0xED, 0xBF, 0xBF],                  // UTF-16 surrogates
            [0xF4, 0x90, 0x80, 0x80], [0xF5, 0x80, 0x80, 0x80],      // past U+10FFFF
            [0xFE], [0xFF], [0x80], [0xBF],                          // never valid as a lead byte
            [0xE2, 0x82], [0xC3], [0xF0, 0x9F, 0x98],                // cut short by the closing quote
            [0xC3, 0x28], [0xE2, 0x28, 0xA1],                        // continuation replaced by ASCII
        ]
        for sequence in sequences {
            let bytes = Array(#"["ok", "é "#.utf8) + sequence + Array(#"x"]"#.utf8)
            let expected = JSONSyntaxError(line: 1, column: 11, path: "$[1]",
                                           message: "invalid UTF-8 (byte 0x\(String(sequence[0], radix: 16, uppercase: true)))")
            XCTAssertEqual(syntaxError(bytes), expected, "\(sequence)")
        }
    }

    func testInvalidUTF8IsCaughtOutsideStringsAndAtTheEnd() {
        XCTAssertEqual(syntaxError([0x5B, 0x0A, 0xFF, 0x5D]), JSONSyntaxError(line: 2, column: 1, path: "$[0]", message: "invalid UTF-8 (byte 0xFF)"))
        XCTAssertEqual(syntaxError([0x22, 0xE2, 0x82]), JSONSyntaxError(line: 1, column: 2, path: "$", message: "invalid UTF-8 (byte 0xE2)"))
        XCTAssertEqual(syntaxError([0x7B, 0x7D, 0xC3]),
                       JSONSyntaxError(line: 1, column: 3, path: "$", message: "invalid UTF-8 (byte 0xC3)"))
        assertError("[\u{A0}1]", JSONSyntaxError(line: 1, column: 2, path: "$[0]", message: "expected a value, found U+00A0"))
    }

    func testUTF8BoundaryScalarsAreAccepted() throws {
        let scalars: [UInt32] = [0x7F, 0x80, 0x7FF, 0x800, 0xD7FF, 0xE000, 0xFFFD, 0xFFFF, 0x10000, 0x10FFFF]
        for value in scalars {
            let text = String(Character(try XCTUnwrap(Unicode.Scalar(value))))
            XCTAssertEqual(try parse("\"" + text + "\""), .string(text), "U+\(String(value, radix: 16))")
        }
    }

    func testByteOrderMarkIsRejected() {
        XCTAssertEqual(syntaxError([0xEF, 0xBB, 0xBF, 0x7B, 0x7D]),
                       JSONSyntaxError(line: 1, column: 1, path: "$", message: "file starts with a UTF-8 byte order mark; save it without one"))
    }

    func testNestingStopsAfter64Levels() throws {
        XCTAssertNoThrow(try parse(String(repeating: "[", count: 64) + String(repeating: "]", count: 64)))
        let tooDeep = String(repeating: "[", count: 65) + String(repeating: "]", count: 65)
        assertError(tooDeep, JSONSyntaxError(line: 1, column: 65, path: "$" + String(repeating: "[0]", count: 64),
                                             message: "nesting deeper than 64 levels"))
        let objects = String(repeating: #"{"a":"#, count: 65) + "1" + String(repeating: "}", count: 65)
        XCTAssertEqual(syntaxError(objects)?.path, "$" + String(repeating: ".a", count: 64))
        XCTAssertEqual(syntaxError(String(repeating: "[", count: 100_000))?.message, "nesting deeper than 64 levels")
    }

    func testDuplicateKeysAreRejected() throws {
        assertError(#"{"a": 1, "b": 2, "a": 3}"#, JSONSyntaxError(line: 1, column: 18, path: "$.a", message: #"duplicate key "a""#))
        assertError(#"{"x": {"k": 1, "k": 1}}"#, JSONSyntaxError(line: 1, column: 16, path: "$.x.k", message: #"duplicate key "k""#))
        XCTAssertNoThrow(try parse(#"[{"a": 1}, {"a": 2}, {"b": {"a": 3}}]"#))
    }

    func testLargeDocumentParses() throws {
        let items = (0..<2_500).map { n in
            #"{"id": "item-\#(n)", "title": "Title \#(n)", "options": ["One", "Two é", "Three 😀"], "selected": "One"}"#
        }
        let text = "[" + items.joined(separator: ",\n") + "]"
        XCTAssertGreaterThan(text.utf8.count, 250_000)
        guard case .array(let elements) = try parse(text) else { return XCTFail("not an array") }
        XCTAssertEqual(elements.count, 2_500)
    }
}
