import Foundation
import RewrapTestDrivers
import XCTest

/// Nothing changes for a person when the words come from catalogs: each
/// shipped language, at 700 and 340 px, traces the same nodes with the same
/// texts and frames, and shows the same pixels, as the per-language panels
/// and Swift tables did (Tests/Fixtures/languages, recorded from the code
/// before catalogs by scripts/record-language-fixtures).
final class LanguageFixtureTests: XCTestCase {
    private let directory = PackagePaths.root + "/Tests/Fixtures/languages/"
    static let locales = ["en": "en_US.UTF-8", "es": "es_ES.UTF-8", "zh_TW": "zh_TW.UTF-8", "ar": "ar_EG.UTF-8", "he": "he_IL.UTF-8"]

    func testEachLanguageTracesAndLooksAsBefore() throws {
        for (language, locale) in Self.locales.sorted(by: { $0.key < $1.key }) {
            for width in [700, 340] {
                // Only LANG speaks: a LANGUAGE or LC_ALL of the machine running the tests must not.
                let session = try RewrapSession(arguments: ["--geometry", "\(width)x420+0+0"],
                                                environment: ["LANG": locale, "LANGUAGE": "", "LC_ALL": "", "LC_MESSAGES": ""])
                defer { session.close() }
                try session.parkPointer()
                try session.settledFrame()
                usleep(300_000)
                let name = "\(language)-\(width)"
                let line = try XCTUnwrap(String(contentsOfFile: session.tracePath, encoding: .utf8).split(separator: "\n").last)
                let got = try traced(Data(line.utf8))
                let want = try traced(Data(contentsOf: URL(fileURLWithPath: directory + name + ".json")))
                XCTAssertEqual(got, want, "\(name): the trace differs")

                let shot = NSTemporaryDirectory() + "rewrap-\(name)-\(UUID().uuidString).png"
                defer { try? FileManager.default.removeItem(atPath: shot) }
                try session.capture(to: shot)
                // ImageMagick's compare prints the number of differing pixels on stderr.
                let compare = try runCommand(["/usr/bin/compare", "-metric", "AE", directory + name + ".png", shot, "null:"])
                XCTAssertEqual(compare.stderr.trimmingCharacters(in: .whitespacesAndNewlines), "0", "\(name): pixels that differ")
                XCTAssertEqual(session.stderr, "", "\(name): nothing on stderr")
            }
        }
    }

    /// A trace line as a dictionary, without its frame index and time.
    private func traced(_ data: Data) throws -> NSDictionary {
        guard let object = try JSONSerialization.jsonObject(with: data, options: [.mutableContainers]) as? NSMutableDictionary else {
            throw TestFailure("not a trace line")
        }
        object.removeObject(forKey: "frame")
        object.removeObject(forKey: "time")
        return object
    }
}
