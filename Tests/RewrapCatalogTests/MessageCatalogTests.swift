import RewrapCatalog
import RewrapTestDrivers
import RewrapTestFakes
import XCTest

/// The strict `.mo` reader, against catalogs msgfmt compiled (the oracle for
/// the format) and against files damaged on purpose: each bad one is refused
/// with a reason, never half read, and nothing crashes.
final class MessageCatalogTests: XCTestCase {
    private let spanish = CatalogFixture.po(["Shape": "Forma", "Circle": "Círculo", "%s: %s": "%2$s — %1$s"],
                                            plurals: ["%d more": ["%d más (uno)", "%d más"]])

    func testReadsWhatMsgfmtWrote() throws {
        let catalog = try MessageCatalog(try CatalogFixture.compile(spanish), language: "es")
        let words = Translator(catalog: catalog)
        XCTAssertEqual(words.text("Shape"), "Forma")
        XCTAssertEqual(words.text("Circle"), "Círculo")
        XCTAssertEqual(words.text("Square"), "Square", "unknown text stays as written")
        XCTAssertEqual(words.plural("%d more", "%d more", count: 1), "1 más (uno)")
        XCTAssertEqual(words.plural("%d more", "%d more", count: 7), "7 más")
        XCTAssertEqual(words.format("%s: %s", "Forma", "Círculo"), "Círculo — Forma")
        XCTAssertEqual(catalog.plural.count, 2)
    }

    func testReadsABigEndianCatalog() throws {
        let bytes = try CatalogFixture.compile(spanish)
        // msgfmt --endianness=big writes the same file with every word swapped.
        let source = try TemporaryFile(suffix: ".po", contents: Data(spanish.utf8))
        let big = try TemporaryFile(suffix: ".mo")
        let result = try runCommand(["/usr/bin/msgfmt", "--endianness=big", "-o", big.path, source.path])
        XCTAssertEqual(result.status, 0, result.stderr)
        let swapped = Array(try Data(contentsOf: big.url))
        XCTAssertNotEqual(swapped, bytes)
        XCTAssertEqual(Translator(catalog: try MessageCatalog(swapped, language: "es")).text("Shape"), "Forma")
    }

    func testEveryTruncationIsRefused() throws {
        let bytes = try CatalogFixture.compile(spanish)
        for length in 0..<bytes.count {
            XCTAssertThrowsError(try MessageCatalog(Array(bytes.prefix(length)), language: "es"), "cut at \(length)")
        }
    }

    func testEmptyGarbageAndHugeCountsAreRefused() throws {
        XCTAssertEqual(refusal([]), "empty")
        var generator = SeededGenerator(seed: 42)
        let garbage = (0..<4096).map { _ in UInt8.random(in: 0...255, using: &generator) }
        XCTAssertEqual(refusal(garbage), "not a gettext catalog (no .mo magic number)")
        // A valid header that claims 10^9 strings, in a 1 KiB file.
        var huge = try CatalogFixture.compile(spanish)
        let count = UInt32(1_000_000_000)
        for index in 0..<4 { huge[8 + index] = UInt8(truncatingIfNeeded: count >> (8 * index)) }
        XCTAssertEqual(refusal(huge)?.hasPrefix("claims 1000000000 strings"), true, refusal(huge) ?? "read")
    }

    func testStringsOutsideTheFileAreRefused() throws {
        var bytes = try CatalogFixture.compile(spanish)
        let table = Int(bytes[12]) | Int(bytes[13]) << 8
        // The first original's offset, pointed past the end.
        for index in 0..<4 { bytes[table + 4 + index] = 0xff }
        XCTAssertEqual(refusal(bytes)?.contains("runs past the end"), true, refusal(bytes) ?? "read")
    }

    func testAnotherCharsetIsRefused() throws {
        let latin = CatalogFixture.po(["Shape": "Forma"]).replacingOccurrences(of: "charset=UTF-8", with: "charset=ISO-8859-1")
        XCTAssertEqual(refusal(try CatalogFixture.compile(latin)), "its charset is ISO-8859-1, not UTF-8")
    }

    func testBadPluralFormsRefuseTheCatalog() throws {
        for (rule, reason) in [("nplurals=2; plural=n/(n-n);", "divides by zero"), ("nplurals=2; plural=n % 0;", "divides by zero"),
                               ("nplurals=2; plural=n != 1 ? n : x;", "not C"),
                               ("nplurals=2; plural=n = 1;", "not C"), ("nplurals=2; plural=2 - n;", "gives form")] {
            let po = CatalogFixture.po(plural: rule, ["Shape": "Forma"])
            // msgfmt --check refuses these too; a catalog compiled without it must still be refused.
            XCTAssertThrowsError(try CatalogFixture.compile(po), rule)
            let bytes = try CatalogFixture.compile(po, check: false)
            XCTAssertEqual(refusal(bytes)?.contains(reason), true, "\(rule): \(refusal(bytes) ?? "read")")
        }
    }

    private func refusal(_ bytes: [UInt8]) -> String? {
        do {
            _ = try MessageCatalog(bytes, language: "xx")
            return nil
        } catch {
            return error.problem
        }
    }
}
