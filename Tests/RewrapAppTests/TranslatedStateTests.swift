import Foundation
import RewrapApp
import RewrapPlatform
import RewrapScene
import RewrapTestSupport
import XCTest

/// Picks are kept by the option's untranslated text, so a person who
/// changes language keeps them; picks kept under the per-language panels of
/// before catalogs are carried over once. Played on a recording platform,
/// with the shipped panel and the catalogs `make catalogs` built.
final class TranslatedStateTests: XCTestCase {
    private let stateHome = StateHome()
    private let pickPattern: [[PlatformEvent]] = [
        [.focusChanged(true)] + [Key.tab, .tab, .returnKey].map(RecordingPlatform.press),
        [Key.down, .returnKey].map(RecordingPlatform.press),
    ]

    private func run(locale: String, script: [[PlatformEvent]] = [[]]) throws -> TraceFrame {
        let trace = try TemporaryFile(suffix: ".jsonl")
        let launch = try Launch(["--locale", locale, "--reduce-motion", "--trace", trace.path], stateDirectory: stateHome.directory)
        var script = script
        let platform = RecordingPlatform { script.isEmpty ? nil : script.removeFirst() }
        XCTAssertEqual(try launch.open(on: platform, clock: Clock { platform.now }).run(), 0)
        return try XCTUnwrap(TraceFrame.read(trace.path).last)
    }

    private func keptPicks() throws -> [String: String] {
        XCTAssertEqual(stateHome.stateFiles.count, 1, "\(stateHome.stateFiles)")
        let data = try Data(contentsOf: URL(fileURLWithPath: try XCTUnwrap(stateHome.stateFiles.first)))
        let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        return try XCTUnwrap(object["picks"] as? [String: String])
    }

    func testAPickInSpanishIsKeptUntranslatedAndHoldsInEnglish() throws {
        guard FileManager.default.fileExists(atPath: CatalogFixture.built) else { throw TestFailure("run make catalogs") }
        let spanish = try run(locale: "es_ES.UTF-8", script: pickPattern + [[]])
        XCTAssertEqual(spanish.node("pattern")?.text, "Patrón: Líneas diagonales alternas")
        XCTAssertEqual(try keptPicks(), ["pattern": "Alternating diagonal lines"])
        XCTAssertEqual(try run(locale: "C").node("pattern")?.text, "Pattern: Alternating diagonal lines")
        XCTAssertEqual(try run(locale: "he_IL.UTF-8").node("pattern")?.text, "דוגמה: קווים אלכסוניים מתחלפים")
    }

    /// A state file as Rewrap 0.1 kept it for `panel.es.json`: named after
    /// that panel's real path, its picks in Spanish.
    func testPicksKeptUnderTheSpanishPanelAreCarriedOverOnce() throws {
        guard FileManager.default.fileExists(atPath: CatalogFixture.built) else { throw TestFailure("run make catalogs") }
        let assets = try XCTUnwrap(URL(fileURLWithPath: PackagePaths.root + "/assets").resolvingSymlinksInPath().path)
        let hash = String(Array((assets + "/panel.es.json").utf8)
            .reduce(UInt64(0xcbf2_9ce4_8422_2325)) { ($0 ^ UInt64($1)) &* 0x0000_0100_0000_01b3 }, radix: 16)
        let old = stateHome.directory + "/panel.es-" + String(repeating: "0", count: 16 - hash.count) + hash + ".json"
        try FileManager.default.createDirectory(atPath: stateHome.directory, withIntermediateDirectories: true)
        try #"{"version": 1, "panel": "x", "picks": {"pattern": "Líneas diagonales alternas"}}"#
            .write(toFile: old, atomically: true, encoding: .utf8)

        XCTAssertEqual(try run(locale: "es_ES.UTF-8").node("pattern")?.text, "Patrón: Líneas diagonales alternas")
        XCTAssertFalse(FileManager.default.fileExists(atPath: old), "carried over once: the old file is gone")
        XCTAssertEqual(try keptPicks(), ["pattern": "Alternating diagonal lines"])
        XCTAssertEqual(try run(locale: "C").node("pattern")?.text, "Pattern: Alternating diagonal lines")
    }
}
