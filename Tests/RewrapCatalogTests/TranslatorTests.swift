import RewrapCatalog
import RewrapTestDrivers
import XCTest

/// What reaches the window from a catalog: only translations whose
/// directives fit their message, filled by Rewrap, never by printf.
final class TranslatorTests: XCTestCase {
    func testWithoutACatalogTheMessageIsTheText() {
        XCTAssertEqual(Translator.english.text("Shape"), "Shape")
        XCTAssertEqual(Translator.english.plural("%d more", "%d more", count: 1), "1 more")
        XCTAssertEqual(Translator.english.format("%s: %s", "Shape", "Circle"), "Shape: Circle")
        XCTAssertNil(Translator.english.readsRightToLeft)
        XCTAssertEqual(Translator.english.languageTag, "en")
    }

    /// A translation with the wrong directives (msgfmt --check refuses it,
    /// so it is compiled here without the check) is not used.
    func testMismatchedDirectivesNeverReachTheWindow() throws {
        let po = CatalogFixture.po(["%s: %s": "%d: %s %s %n"], plurals: ["%d more": ["%s más", "%d %d más"]])
        XCTAssertThrowsError(try CatalogFixture.compile(po), "msgfmt --check catches it in the build")
        let words = Translator(catalog: try MessageCatalog(try CatalogFixture.compile(po, check: false), language: "xx"))
        XCTAssertEqual(words.format("%s: %s", "Shape", "Circle"), "Shape: Circle")
        XCTAssertEqual(words.plural("%d more", "%d more", count: 1), "1 more")
        XCTAssertEqual(words.plural("%d more", "%d more", count: 4), "4 more")
    }

    func testNumberedDirectivesReorder() throws {
        let words = Translator(catalog: try MessageCatalog(try CatalogFixture.compile(CatalogFixture.po(["%s: %s": "%2$s ← %1$s"])),
                                                           language: "xx"))
        XCTAssertEqual(words.format("%s: %s", "Shape", "Circle"), "Circle ← Shape")
        XCTAssertEqual(MessageFormat("100%% %s")?.filled(["sure"]), "100% sure")
        XCTAssertNil(MessageFormat("%1$s %s"), "numbered and plain mixed")
        XCTAssertNil(MessageFormat("%x"))
    }

    func testDirectionFromTheCatalog() throws {
        func direction(_ answer: String) throws -> Bool? {
            Translator(catalog: try MessageCatalog(try CatalogFixture.compile(CatalogFixture.po(["default:LTR": answer])), language: "xx"))
                .readsRightToLeft
        }
        XCTAssertEqual(try direction("default:RTL"), true)
        XCTAssertEqual(try direction("default:LTR"), false)
        XCTAssertNil(try direction("de gauche à droite"), "a translated answer says nothing")
    }

    func testLanguageTagIsTheCatalogs() throws {
        let catalog = try MessageCatalog(try CatalogFixture.compile(CatalogFixture.po()), language: "zh_TW")
        XCTAssertEqual(Translator(catalog: catalog).languageTag, "zh-TW")
    }
}
