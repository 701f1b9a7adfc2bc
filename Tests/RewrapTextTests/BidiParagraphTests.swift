import RewrapLayout
import RewrapTestFakes
@testable import RewrapText
import XCTest

/// Left-to-right text below U+0590 skips FriBidi; FriBidi itself is the
/// oracle that skipping it changes nothing.
final class BidiParagraphTests: XCTestCase {
    func testTextBelowHebrewResolvesAsFriBidiResolvesIt() {
        let below = UInt32(0)..<BidiParagraph.firstRightToLeftScalar
        for scalar in below {
            XCTAssertEqual(BidiParagraph.levels(of: [0x61, scalar, 0x31], direction: .leftToRight),
                           BidiParagraph.resolvedLevels(of: [0x61, scalar, 0x31], direction: .leftToRight), "U+\(String(scalar, radix: 16, uppercase: true))")
        }
        // Seeded, so a failing case comes back on every run.
        var generator = SeededGenerator(seed: 0x5EED_B1D1)
        for _ in 0..<2_000 {
            let scalars = (0..<Int.random(in: 1...24, using: &generator)).map { _ in UInt32.random(in: below, using: &generator) }
            XCTAssertEqual(BidiParagraph.levels(of: scalars, direction: .leftToRight),
                           BidiParagraph.resolvedLevels(of: scalars, direction: .leftToRight), "\(scalars)")
        }
    }

    func testFromHebrewOnFriBidiDecides() {
        let hebrewAlef: UInt32 = 0x05D0
        XCTAssertEqual(BidiParagraph.levels(of: [0x61, 0x20, hebrewAlef], direction: .leftToRight), [0, 0, 1])
        XCTAssertEqual(BidiParagraph.levels(of: [0x61], direction: .rightToLeft), [2], "Latin in a right-to-left paragraph")
    }
}
