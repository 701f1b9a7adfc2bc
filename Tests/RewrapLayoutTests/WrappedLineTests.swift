import RewrapLayout
import XCTest

/// A line is its exact scalars: caches keyed by it must never take one
/// text's glyphs for another's.
final class WrappedLineTests: XCTestCase {
    func testCanonicallyEquivalentTextIsAnotherLine() {
        // "é" precomposed and as e + combining acute: equal as Strings, not as lines.
        XCTAssertEqual("caf\u{E9}", "cafe\u{301}")
        XCTAssertNotEqual(WrappedLine("caf\u{E9}"), WrappedLine("cafe\u{301}"))
        XCTAssertFalse("caf\u{E9}".hasSameScalars(as: "cafe\u{301}"))
    }

    func testTheSameBytesInTwoStringsAreOneLine() {
        // Long enough to be stored apart, built apart so that they share no storage.
        let one = String(repeating: "Rounded rectangle ", count: 4)
        let other = ["Rounded rectangle ", "Rounded rectangle ", "Rounded rectangle ", "Rounded rectangle "].joined()
        XCTAssertTrue(one.hasSameScalars(as: other))
        XCTAssertEqual(WrappedLine(one), WrappedLine(other))
        XCTAssertEqual(WrappedLine(one).hashValue, WrappedLine(other).hashValue)
        XCTAssertTrue(one.hasSameScalars(as: one))
        XCTAssertTrue("Shape".hasSameScalars(as: "Sha" + "pe"), "small strings, stored inline")
        XCTAssertTrue("".hasSameScalars(as: ""))
    }

    func testALineDiffersByAnyByteOrLength() {
        let long = String(repeating: "Alternating diagonal lines ", count: 3)
        XCTAssertFalse(long.hasSameScalars(as: long.dropLast() + "t"))
        for index in [0, 7, 8, 13, 64] {
            var bytes = Array(long.utf8)
            bytes[index] = UInt8(ascii: "#")
            XCTAssertFalse(long.hasSameScalars(as: String(decoding: bytes, as: UTF8.self)), "byte \(index)")
        }
        XCTAssertFalse(long.hasSameScalars(as: String(long.dropLast())))
        XCTAssertFalse("Shape".hasSameScalars(as: "Shapes"))
        XCTAssertFalse("".hasSameScalars(as: " "))
        XCTAssertNotEqual(WrappedLine("ab", levels: [0, 0]), WrappedLine("ab", levels: [1, 1]))
    }
}
