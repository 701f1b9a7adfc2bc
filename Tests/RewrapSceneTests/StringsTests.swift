import RewrapPanelFile
import RewrapScene
import XCTest

final class StringsTests: XCTestCase {
    func testLanguageForLocale() {
        let cases: [(String, Strings.Language)] = [
            ("es_ES.UTF-8", .spanish), ("es_MX", .spanish), ("es", .spanish),
            ("zh_TW.UTF-8", .traditionalChinese), ("zh_HK", .traditionalChinese), ("zh_Hant_TW", .traditionalChinese),
            ("zh-Hant", .traditionalChinese),
            ("en_US", .english), ("en_US.UTF-8", .english), ("C", .english), ("C.UTF-8", .english), ("POSIX", .english),
            ("", .english), ("zh_CN.UTF-8", .english), ("fr_FR.UTF-8", .english),
        ]
        for (locale, language) in cases {
            XCTAssertEqual(Strings.language(forLocale: locale), language, "locale \"\(locale)\"")
        }
    }

    private func language(_ environment: [String: String]) -> Strings.Language {
        Strings.language { environment[$0] }
    }

    func testLCAllWinsOverLCMessagesAndLang() {
        XCTAssertEqual(language(["LC_ALL": "es_ES.UTF-8", "LC_MESSAGES": "zh_TW.UTF-8", "LANG": "en_US.UTF-8"]), .spanish)
    }

    func testLCMessagesWinsOverLang() {
        XCTAssertEqual(language(["LC_MESSAGES": "zh_TW.UTF-8", "LANG": "es_ES.UTF-8"]), .traditionalChinese)
    }

    func testLangIsTheLastResort() {
        XCTAssertEqual(language(["LANG": "es_ES.UTF-8"]), .spanish)
        XCTAssertEqual(language([:]), .english)
    }

    func testEmptyValuesAreSkipped() {
        XCTAssertEqual(language(["LC_ALL": "", "LC_MESSAGES": "", "LANG": "zh_HK.UTF-8"]), .traditionalChinese)
        XCTAssertEqual(language(["LC_ALL": "", "LC_MESSAGES": "es_ES", "LANG": "en_US"]), .spanish)
        XCTAssertEqual(language(["LC_ALL": "", "LC_MESSAGES": "", "LANG": ""]), .english)
    }

    func testBadgeTextPerLanguage() {
        XCTAssertEqual(Strings(.english).more(1), "1 more")
        XCTAssertEqual(Strings(.english).more(2), "2 more")
        XCTAssertEqual(Strings(.english).more(12), "12 more")
        XCTAssertEqual(Strings(.spanish).more(1), "1 más")
        XCTAssertEqual(Strings(.spanish).more(2), "2 más")
        XCTAssertEqual(Strings(.traditionalChinese).more(1), "還有 1 個")
        XCTAssertEqual(Strings(.traditionalChinese).more(5), "還有 5 個")
    }

    func testNoItemsPerLanguage() {
        XCTAssertEqual(Strings(.english).noItems, "No items")
        XCTAssertFalse(Strings(.spanish).noItems.isEmpty)
        XCTAssertNotEqual(Strings(.spanish).noItems, Strings(.english).noItems)
        XCTAssertNotEqual(Strings(.traditionalChinese).noItems, Strings(.english).noItems)
    }
}
