import RewrapLayout
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
            ("ar_EG.UTF-8", .arabic), ("ar", .arabic), ("he_IL.UTF-8", .hebrew), ("iw_IL", .hebrew),
            ("fa_IR.UTF-8", .english), ("arn_CL", .english),
        ]
        for (locale, language) in cases {
            XCTAssertEqual(Strings.language(forLocale: locale), language, "locale \"\(locale)\"")
        }
    }

    private func language(_ environment: [String: String]) -> Strings.Language {
        Strings.locale { environment[$0] }.map(Strings.language(forLocale:)) ?? .english
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

    /// CLDR's Arabic plural categories, written out here from the rules:
    /// zero 0; one 1; two 2; few n % 100 in 3...10; many n % 100 in 11...99; other.
    func testArabicHasSixPluralForms() {
        let expected: [(Int, String)] = [
            (0, "لا مزيد"), (1, "عنصر آخر"), (2, "عنصران آخران"),
            (3, "3 عناصر أخرى"), (10, "10 عناصر أخرى"), (103, "103 عناصر أخرى"),
            (11, "11 عنصرًا آخر"), (99, "99 عنصرًا آخر"), (1011, "1011 عنصرًا آخر"),
            (100, "100 عنصر آخر"), (101, "101 عنصر آخر"), (102, "102 عنصر آخر"), (200, "200 عنصر آخر"),
        ]
        for (count, text) in expected {
            XCTAssertEqual(Strings(.arabic).more(count), text, "\(count)")
        }
        XCTAssertEqual(Set((0...300).map { Strings(.arabic).more($0).filter { !$0.isNumber } }).count, 6, "six forms")
    }

    /// Hebrew: one, two and other.
    func testHebrewHasOneTwoAndOther() {
        XCTAssertEqual(Strings(.hebrew).more(1), "עוד אחד")
        XCTAssertEqual(Strings(.hebrew).more(2), "עוד שניים")
        XCTAssertEqual(Strings(.hebrew).more(3), "עוד 3")
        XCTAssertEqual(Strings(.hebrew).more(20), "עוד 20")
    }

    func testRightToLeftLanguagesAndLocales() {
        XCTAssertEqual(Strings.Language.allCases.filter { $0.direction == .rightToLeft }, [.arabic, .hebrew])
        for locale in ["ar_SA.UTF-8", "he_IL", "fa_IR.UTF-8", "ur_PK", "iw"] {
            XCTAssertEqual(Strings.direction(forLocale: locale), .rightToLeft, locale)
        }
        for locale in ["en_US.UTF-8", "es", "zh_TW", "C", "", "arn_CL", "hr_HR", "fr_FR"] {
            XCTAssertEqual(Strings.direction(forLocale: locale), .leftToRight, locale)
        }
    }
}
