import RewrapCatalog
import RewrapScene
import RewrapTestSupport
import XCTest

/// The program's words from the shipped catalogs (as `make catalogs` built
/// them) against what the Swift tables said before catalogs, recorded in
/// `Tests/Fixtures/languages/badges.tsv`: every badge from 0 to 1,000 in each
/// language, so Arabic's six plural forms and Hebrew's three, and the empty
/// row's words.
final class WordsTests: XCTestCase {
    /// The old language tags, and the catalog each now reads.
    private static let catalogs = ["en": nil, "es": "es", "zh-Hant": "zh_TW", "ar": "ar", "he": "he"]

    func testEveryBadgeReadsAsBeforeCatalogs() throws {
        let table = try String(contentsOfFile: PackagePaths.root + "/Tests/Fixtures/languages/badges.tsv", encoding: .utf8)
        var words: [String: Words] = [:]
        for (tag, language) in Self.catalogs { words[tag] = try Words(translator(language)) }
        var checked = 0
        for line in table.split(separator: "\n") {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            let language = try XCTUnwrap(words[fields[0]], fields[0])
            if fields[1] == "none" {
                XCTAssertEqual(language.noItems, fields[2], fields[0])
            } else {
                let count = try XCTUnwrap(Int(fields[1]))
                XCTAssertEqual(language.more(count), fields[2], "\(fields[0]) \(count)")
            }
            checked += 1
        }
        XCTAssertEqual(checked, 5 * 1_002)
    }

    func testLabelFormatAndActionsComeFromTheCatalog() throws {
        let spanish = Words(try translator("es"))
        XCTAssertEqual(spanish.label.filled(["Forma", "Círculo"]), "Forma: Círculo")
        XCTAssertEqual(spanish.opensMenu, "Abre el menú de opciones")
        XCTAssertEqual(Words.english.opensMenu, "Opens the menu of options")
        XCTAssertEqual(try translator("ar").readsRightToLeft, true)
        XCTAssertEqual(try translator("he").readsRightToLeft, true)
        XCTAssertEqual(try translator("zh_TW").readsRightToLeft, false)
    }

    private func translator(_ language: String?) throws -> Translator {
        guard let language else { return .english }
        let path = "\(CatalogFixture.built)/\(language)/LC_MESSAGES/rewrap.mo"
        guard let data = FileManager.default.contents(atPath: path) else { throw TestFailure("no \(path): run make catalogs") }
        return Translator(catalog: try MessageCatalog(Array(data), language: language))
    }
}
