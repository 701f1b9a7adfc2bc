import RewrapCatalog
import RewrapTestDrivers
import XCTest

/// Which catalog a person gets, as gettext chooses, with catalogs made here.
final class LanguageListTests: XCTestCase {
    private func languages(_ environment: [String: String], option: String? = nil) -> [String] {
        LanguageList(option: option, environment: environment).languages
    }

    func testLanguageListWithFallbacks() {
        XCTAssertEqual(languages(["LANGUAGE": "pt_BR:es", "LANG": "en_US.UTF-8"]), ["pt_BR", "pt", "es"])
        XCTAssertEqual(languages(["LANGUAGE": "sr_RS.UTF-8@latin"]), ["sr_RS@latin", "sr@latin", "sr_RS", "sr"])
    }

    func testLanguageAloneDecidesWhenSet() {
        XCTAssertEqual(languages(["LANGUAGE": "xx:he", "LANG": "en_US.UTF-8"]), ["xx", "he"])
        XCTAssertEqual(languages(["LANGUAGE": "", "LANG": "es_ES.UTF-8"]), ["es_ES", "es"], "an empty LANGUAGE counts as unset")
        XCTAssertEqual(languages(["LANGUAGE": "es", "LC_ALL": "C"]), ["es"], "unlike glibc, even under C")
    }

    func testLCAllThenLCMessagesThenLang() {
        XCTAssertEqual(languages(["LC_ALL": "es_ES.UTF-8", "LC_MESSAGES": "he_IL", "LANG": "ar_EG"]), ["es_ES", "es"])
        XCTAssertEqual(languages(["LC_ALL": "", "LC_MESSAGES": "he_IL", "LANG": "ar_EG"]), ["he_IL", "he"])
        XCTAssertEqual(languages(["LANG": "ar_EG.UTF-8"]), ["ar_EG", "ar"])
        XCTAssertEqual(languages([:]), [])
        XCTAssertEqual(languages(["LANG": "C.UTF-8"]), [])
    }

    func testOptionOverridesEverything() {
        XCTAssertEqual(languages(["LANGUAGE": "es", "LC_ALL": "he_IL"], option: "ar"), ["ar"])
    }

    func testTraditionalChineseNames() {
        for name in ["zh_TW.UTF-8", "zh_HK.UTF-8", "zh_MO", "zh-Hant", "zh_Hant_TW", "zh-TW", "zh_Hant"] {
            XCTAssertEqual(languages(["LANG": name]).first, "zh_TW", name)
        }
        XCTAssertEqual(languages(["LANG": "zh_CN.UTF-8"]), ["zh_CN", "zh"])
        XCTAssertEqual(languages(["LANG": "iw_IL"]), ["he_IL", "he"])
    }

    func testLocaleLanguageDecidesTheFallbackDirection() {
        XCTAssertTrue(LanguageList(option: nil, environment: ["LANG": "fa_IR.UTF-8"]).localeReadsRightToLeft)
        XCTAssertFalse(LanguageList(option: nil, environment: ["LANG": "fr_FR.UTF-8"]).localeReadsRightToLeft)
        XCTAssertFalse(LanguageList(option: nil, environment: ["LANG": "arn_CL"]).localeReadsRightToLeft)
    }

    /// The five cases, against the shipped catalogs (make catalogs).
    func testTheShippedCatalogsAreChosenAsGettextWould() throws {
        let built = CatalogFixture.built
        guard FileManager.default.fileExists(atPath: built) else { throw TestFailure("no \(built): run make catalogs") }
        func chosen(_ environment: [String: String]) -> String? {
            CatalogSearch.find(LanguageList(option: nil, environment: environment), in: [built]).catalog?.language
        }
        XCTAssertEqual(chosen(["LANGUAGE": "pt_BR:es"]), "es")
        XCTAssertEqual(chosen(["LANGUAGE": "xx:he", "LANG": "en_US.UTF-8"]), "he")
        XCTAssertEqual(chosen(["LANG": "es_ES.UTF-8"]), "es", "es_ES is not generated here; the catalog is found anyway")
        XCTAssertEqual(chosen(["LANG": "zh_HK.UTF-8"]), "zh_TW")
        XCTAssertNil(chosen(["LANG": "sw_KE.UTF-8"]))
        XCTAssertNil(CatalogSearch.find(LanguageList(option: nil, environment: ["LANG": "sw_KE.UTF-8"]), in: [built]).problem)
        XCTAssertNil(chosen(["LANGUAGE": "en_GB:es"]), "English needs no catalog and ends the list")
    }

    func testABadCatalogGivesEnglishAndOneLine() throws {
        let folder = try CatalogFixture()
        try folder.add("xx", bytes: Array(String(repeating: "garbage, not a catalog ", count: 8).utf8))
        let found = CatalogSearch.find(LanguageList(option: "xx", environment: [:]), in: [folder.path])
        XCTAssertNil(found.catalog)
        let problem = try XCTUnwrap(found.problem)
        XCTAssertFalse(problem.contains("\n"))
        XCTAssertTrue(problem.hasPrefix("rewrap: \(folder.path)/xx/LC_MESSAGES/rewrap.mo: not a gettext catalog"), problem)
    }
}
