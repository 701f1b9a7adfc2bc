import Foundation
import RewrapTestDrivers
import RewrapTestFakes
import XCTest

/// Languages as a person meets them, with the real binary on Xvfb: which
/// catalog the environment chooses, a language Rewrap has never heard of
/// from a catalog alone, bad catalogs, and German added by one `.po` file.
final class TranslationTests: XCTestCase {
    /// The heading of the menus section in each shipped language.
    private static let headings = ["en": "Layout options", "es": "Opciones de diseño", "zh_TW": "版面選項", "he": "אפשרויות פריסה"]

    /// Only what `environment` says counts: the runner's own language variables are cleared.
    private func session(_ environment: [String: String], width: Int = 700,
                         arguments: [String] = []) throws -> RewrapSession {
        try RewrapSession(arguments: ["--geometry", "\(width)x420+0+0"] + arguments,
                          environment: ["LANGUAGE": "", "LC_ALL": "", "LC_MESSAGES": "", "LANG": ""].merging(environment) { $1 })
    }

    func testTheLanguageIsChosenAsGettextChoosesIt() throws {
        let cases: [([String: String], String)] = [
            (["LANGUAGE": "pt_BR:es"], "es"),
            (["LANGUAGE": "xx:he", "LANG": "en_US.UTF-8"], "he"),
            (["LANG": "es_ES.UTF-8"], "es"),   // not generated on this machine (locale -a)
            (["LANG": "zh_HK.UTF-8"], "zh_TW"),
            (["LANG": "sw_KE.UTF-8"], "en"),
        ]
        for (environment, language) in cases {
            let session = try session(environment)
            defer { session.close() }
            let frame = try session.settledFrame()
            XCTAssertEqual(frame.node("menus.heading")?.text, Self.headings[language], "\(environment)")
            XCTAssertEqual(session.stderr, "", "\(environment): nothing on stderr")
        }
    }

    func testLocaleOptionOverridesTheEnvironment() throws {
        let session = try session(["LANGUAGE": "es", "LC_ALL": "he_IL.UTF-8"], arguments: ["--locale", "zh_TW"])
        defer { session.close() }
        XCTAssertEqual(try session.settledFrame().node("menus.heading")?.text, Self.headings["zh_TW"])
    }

    /// A person's own panel shows its text as written, unless the catalog
    /// translates it; in Persian, for which no catalog ships, it mirrors by
    /// the locale's language, as before catalogs.
    func testAnOwnPanelIsTranslatedWhereTheCatalogKnowsItsText() throws {
        let file = try PanelFixture.arrangementSelecting("Hexágonos")
        let spanish = try session(["LANG": "es_ES.UTF-8"], arguments: ["--panel", file.path])
        defer { spanish.close() }
        let frame = try spanish.settledFrame()
        XCTAssertEqual(frame.node("menus.heading")?.text, "Opciones de diseño")
        XCTAssertEqual(frame.node("arrangement")?.text, "Disposición: Hexágonos")
        spanish.close()

        let persian = try session(["LANG": "fa_IR.UTF-8"], arguments: ["--panel", file.path])
        defer { persian.close() }
        let heading = try XCTUnwrap(try persian.settledFrame().node("menus.heading"))
        XCTAssertEqual(heading.text, "Layout options")
        XCTAssertEqual(heading.rect.maxX, 680, "right to left by the locale's language")
        XCTAssertEqual(persian.stderr, "")
    }

    /// Quenya, from a catalog made here: its words show, and with
    /// default:RTL the window mirrors, with no code for the language.
    func testAnUnknownLanguageShowsFromItsCatalogAndMirrors() throws {
        let folder = try CatalogFixture()
        for (answer, mirrored) in [("default:RTL", true), ("default:LTR", false)] {
            try folder.add("qya", po: CatalogFixture.po(["Layout options": "Tercáner", "Shape": "Canta", "Circle": "Rinde",
                                                         "default:LTR": answer]))
            let session = try session(["LANG": "qya_ME.UTF-8", "REWRAP_LOCALEDIR": folder.path])
            defer { session.close() }
            let frame = try session.settledFrame()
            let heading = try XCTUnwrap(frame.node("menus.heading"))
            XCTAssertEqual(heading.text, "Tercáner")
            XCTAssertEqual(frame.node("shape")?.text, "Canta: Rinde")
            XCTAssertEqual(frame.node("pattern")?.text, "Pattern: Solid", "what the catalog lacks stays as written")
            XCTAssertEqual(mirrored ? heading.rect.maxX : heading.rect.minX, mirrored ? 680 : 20, answer)
        }
    }

    /// Each bad catalog is refused: English shows, at most one line goes to
    /// stderr, and the window works.
    func testBadCatalogsGiveEnglishAndAtMostOneLine() throws {
        let good = try CatalogFixture.compile(CatalogFixture.po(["Layout options": "Opciones de diseño"]))
        var claimsABillion = good
        for index in 0..<4 { claimsABillion[8 + index] = UInt8(truncatingIfNeeded: UInt32(1_000_000_000) >> (8 * index)) }
        var generator = SeededGenerator(seed: 7)
        let catalogs: [(String, [UInt8])] = [
            ("truncated", Array(good.prefix(good.count / 2))),
            ("empty", []),
            ("garbage", (0..<2048).map { _ in UInt8.random(in: 0...255, using: &generator) }),
            ("10^9 strings", claimsABillion),
            ("Plural-Forms not C", try CatalogFixture.compile(CatalogFixture.po(plural: "nplurals=2; plural=n = 1;",
                                                                                  ["Layout options": "Opciones"]), check: false)),
            ("Plural-Forms dividing by zero", try CatalogFixture.compile(CatalogFixture.po(plural: "nplurals=2; plural=n / (n - 3);",
                                                                                             ["Layout options": "Opciones"]), check: false)),
        ]
        for (name, bytes) in catalogs {
            let folder = try CatalogFixture()
            try folder.add("es", bytes: bytes)
            let session = try session(["LANG": "es_ES.UTF-8", "REWRAP_LOCALEDIR": folder.path])
            defer { session.close() }
            let frame = try session.settledFrame()
            XCTAssertEqual(frame.node("menus.heading")?.text, "Layout options", name)
            let lines = session.stderr.split(separator: "\n")
            XCTAssertEqual(lines.count, 1, "\(name): \(session.stderr)")
            XCTAssertTrue(lines.first?.hasPrefix("rewrap: \(folder.path)/es/LC_MESSAGES/rewrap.mo: ") == true, "\(name): \(session.stderr)")
            try session.key("Tab", "Return")
            try session.waitUntil("\(name): the menu opens") { try session.lastFrame().popup != nil }
            XCTAssertTrue(session.process.isRunning, name)
        }
    }

    /// German by one file: po/de.po and its line in LINGUAS, built as the
    /// build builds the shipped ones, shows in the window, the desktop
    /// entry and the AppStream file. No Swift and no panel changes.
    func testGermanFromOnePoFileShowsEverywhere() throws {
        let folder = NSTemporaryDirectory() + "rewrap-po-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.copyItem(atPath: PackagePaths.root + "/po", toPath: folder + "/po")
        let summary = "Controls that reflow smoothly when their labels change"
        try CatalogFixture.po(["Layout options": "Layoutoptionen", "Shape": "Form", "Circle": "Kreis",
                               summary: "Steuerelemente, die sich beim Ändern ihrer Beschriftung sanft neu anordnen"],
                              plurals: ["%d more": ["%d weiteres", "%d weitere"]])
            .write(toFile: folder + "/po/de.po", atomically: true, encoding: .utf8)
        let languages = try String(contentsOfFile: folder + "/po/LINGUAS", encoding: .utf8)
        try (languages + "de\n").write(toFile: folder + "/po/LINGUAS", atomically: true, encoding: .utf8)
        let build = try runCommand([PackagePaths.root + "/scripts/build-catalogs", folder + "/po", folder + "/share"], timeout: 60)
        XCTAssertEqual(build.status, 0, build.stderr)

        let entry = try String(contentsOfFile: folder + "/share/applications/io.github.rewrap.Rewrap.desktop", encoding: .utf8)
        XCTAssertTrue(entry.contains("Comment[de]=Steuerelemente, die sich beim Ändern ihrer Beschriftung sanft neu anordnen"), entry)
        let metainfo = try String(contentsOfFile: folder + "/share/metainfo/io.github.rewrap.Rewrap.metainfo.xml", encoding: .utf8)
        XCTAssertTrue(metainfo.contains("<summary xml:lang=\"de\">Steuerelemente, die"), metainfo)
        XCTAssertEqual(try runCommand(["/usr/bin/desktop-file-validate", folder + "/share/applications/io.github.rewrap.Rewrap.desktop"])
            .stdout, "")

        let session = try session(["LANG": "de_DE.UTF-8", "REWRAP_LOCALEDIR": folder + "/share/locale"], width: 340)
        defer { session.close() }
        let frame = try session.settledFrame()
        XCTAssertEqual(frame.node("menus.heading")?.text, "Layoutoptionen")
        XCTAssertEqual(frame.node("shape")?.text, "Form: Kreis")
        let badge = try XCTUnwrap(frame.node("badge")?.text)
        XCTAssertTrue(badge.hasSuffix(" weitere") || badge == "1 weiteres", badge)
    }

    /// A mismatched format directive stops the build: msgfmt --check refuses
    /// the catalog, and build-catalogs fails with its words.
    func testAMismatchedDirectiveFailsTheBuild() throws {
        let folder = NSTemporaryDirectory() + "rewrap-po-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.copyItem(atPath: PackagePaths.root + "/po", toPath: folder + "/po")
        try CatalogFixture.po(["%s: %s": "%d: %s"]).write(toFile: folder + "/po/de.po", atomically: true, encoding: .utf8)
        try "de\n".write(toFile: folder + "/po/LINGUAS", atomically: true, encoding: .utf8)
        let build = try runCommand([PackagePaths.root + "/scripts/build-catalogs", folder + "/po", folder + "/share"], timeout: 60)
        XCTAssertNotEqual(build.status, 0)
        XCTAssertTrue(build.stderr.contains("format specifications"), build.stderr)
    }
}
