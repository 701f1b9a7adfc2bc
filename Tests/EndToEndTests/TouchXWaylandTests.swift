import Foundation
import RewrapTestDrivers
import XCTest

/// Touch on X11 (rules §11.3), end to end: Rewrap as a client of the
/// XWayland that a headless mutter runs, touched through mutter's
/// RemoteDesktop, which XWayland passes on as XInput 2.2 touch events.
/// The walk itself is `scripts/touch-xwayland`, which prints a line per check.
final class TouchXWaylandTests: XCTestCase {
    func testTapsDragsFlingsAndALongMenuByTouchThroughXWayland() throws {
        for tool in ["/usr/bin/mutter", "/usr/bin/pipewire", "/usr/bin/wireplumber", "/usr/bin/Xwayland"] {
            try XCTSkipUnless(FileManager.default.isExecutableFile(atPath: tool), "\(tool) is not installed")
        }
        let result = try runCommand(["/usr/bin/python3", PackagePaths.root + "/scripts/touch-xwayland", PackagePaths.rewrapBinary],
                                    currentDirectory: PackagePaths.root, timeout: 240)
        XCTAssertFalse(result.timedOut, result.stdout)
        let lines = result.stdout.split(separator: "\n")
        XCTAssertGreaterThanOrEqual(lines.filter { $0.hasPrefix("PASS ") }.count, 9, result.stdout + result.stderr)
        for line in lines where line.hasPrefix("FAIL ") { XCTFail(String(line)) }
        XCTAssertEqual(result.status, 0, result.stdout + result.stderr)
    }
}
