import Foundation
import RewrapFuzzTargets
import RewrapTestDrivers
import XCTest

/// Every input of every fuzz target's corpus (Fuzz/Corpus/NAME), the
/// crashes found so far among them, run once through the same checks
/// libFuzzer runs, without libFuzzer: a change that breaks one fails here.
final class FuzzCorpusTests: XCTestCase {
    func testEveryCorpusInputKeepsItsTargetsRules() throws {
        for target in FuzzTarget.all {
            let folder = PackagePaths.root + "/Fuzz/Corpus/" + target.name
            let names = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
            XCTAssertFalse(names.isEmpty, "\(folder) has no inputs")
            for name in names {
                let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: folder + "/" + name)))
                if let broken = target.check(bytes) { XCTFail("\(target.name)/\(name): \(broken)") }
            }
        }
    }
}
