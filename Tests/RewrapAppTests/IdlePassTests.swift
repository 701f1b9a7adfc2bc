import RewrapApp
import RewrapTestSupport
import XCTest

/// A pass of the loop when nothing has changed costs nothing but the wait:
/// it allocates nothing. On the recording platform and its manual clock,
/// through the loop's public API.
final class IdlePassTests: XCTestCase {
    func testAnIdlePassAllocatesNothing() throws {
        try XCTSkipUnless(AllocationCount.isAvailable, "a sanitizer's malloc is not the one counted")
        let stateHome = StateHome()
        let launch = try Launch(["--panel", PackagePaths.root + "/assets/panel.json", "--locale", "C", "--geometry", "680x420+0+0"],
                                stateDirectory: stateHome.directory)
        // No event ever comes: each time the loop would sleep with no deadline, it wakes to an empty batch.
        let platform = RecordingPlatform { [] }
        let app = try launch.open(on: platform, clock: Clock { platform.now })
        // The first frame, and what follows it once: the search for an
        // accessibility bus, the kept state's first write.
        for _ in 0..<50 { app.runPass() }
        XCTAssertEqual(platform.requests.filter { $0.hasPrefix("present main") }.count, 1, "\(platform.requests)")

        let allocations = AllocationCount.during {
            for _ in 0..<20 { app.runPass() }
        }
        XCTAssertEqual(allocations, 0, "allocations in 20 idle passes")
        XCTAssertEqual(platform.requests.filter { $0.hasPrefix("present main") }.count, 1, "an idle pass draws nothing")
    }
}
