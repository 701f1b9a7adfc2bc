@testable import RewrapText
import RewrapLayout
import XCTest

/// Fallback is asked of fontconfig per character, and a character no font
/// has is asked about once: hostile text repeats such characters freely.
final class FontFallbackTests: XCTestCase {
    func testACharacterNoFontHasIsSearchedForOnce() throws {
        let fonts = try FontCollection(options: FontOptions())
        let hieroglyph: Unicode.Scalar = "\u{13000}"
        XCTAssertFalse(fonts.covers(hieroglyph, style: .body), "fixture: no installed font draws U+13000")
        let searched = fonts.fallbackSearches
        XCTAssertGreaterThan(searched, 0, "the first time, fontconfig is asked")
        for _ in 0..<3 {
            XCTAssertFalse(fonts.covers(hieroglyph, style: .body))
            _ = fonts.face(for: "\u{13000}\u{301}".unicodeScalars, style: .body)
        }
        XCTAssertEqual(fonts.fallbackSearches, searched, "never again")
    }

    func testAFallbackFoundOnceServesTheCharactersItHas() throws {
        let fonts = try FontCollection(options: FontOptions())
        let first = fonts.face(for: "控".unicodeScalars, style: .body)
        XCTAssertFalse(first === fonts.primary(.body), "fixture: Chinese comes from a fallback")
        let searched = fonts.fallbackSearches
        XCTAssertTrue(fonts.face(for: "項".unicodeScalars, style: .body) === first)
        XCTAssertEqual(fonts.fallbackSearches, searched, "an open fallback is tried before fontconfig")
    }
}
