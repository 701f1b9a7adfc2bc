import Foundation
import RewrapTestDrivers
import XCTest

/// The platform a start does not use costs nothing (issue 34): the running
/// rewrap maps none of the other platform's libraries, read from its
/// /proc/PID/maps once its first frame is drawn.
final class PlatformLibraryTests: XCTestCase {
    func testAnX11StartMapsNoWaylandLibrary() throws {
        // No compositor named, as on an X11 desktop: the default choice.
        let runtime = NSTemporaryDirectory() + "rewrap-empty-runtime-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: runtime, withIntermediateDirectories: false)
        defer { try? FileManager.default.removeItem(atPath: runtime) }
        let session = try RewrapSession(environment: ["WAYLAND_DISPLAY": "", "XDG_RUNTIME_DIR": runtime, "REWRAP_PLATFORM": ""])
        defer { session.close() }
        try session.settledFrame()
        let libraries = try ProcessStats.mappedLibraries(of: session.process.processIdentifier)
        XCTAssertFalse(PlatformLibraries.named(["libX11.so"], among: libraries).isEmpty, "an X11 start maps libX11: \(libraries.sorted())")
        XCTAssertEqual(PlatformLibraries.named(PlatformLibraries.wayland, among: libraries), [])
    }

    func testAFallBackToX11MapsNoWaylandLibrary() throws {
        // A compositor named but not there: rewrap-wayland gives up and
        // execs rewrap-x11, which starts with a fresh address space.
        let session = try RewrapSession(environment: ["WAYLAND_DISPLAY": "rewrap-no-such-compositor",
                                                      "XDG_RUNTIME_DIR": NSTemporaryDirectory(), "REWRAP_PLATFORM": ""])
        defer { session.close() }
        try session.settledFrame()
        XCTAssertTrue(session.stderr.hasSuffix("using X11\n"), session.stderr)
        let libraries = try ProcessStats.mappedLibraries(of: session.process.processIdentifier)
        XCTAssertEqual(PlatformLibraries.named(PlatformLibraries.wayland, among: libraries), [])
    }

    func testAWaylandStartMapsNoX11LibraryOfRewraps() throws {
        // sway offers xdg-decoration, so libdecor loads no plugin; its cairo
        // plugin, used where a compositor does not decorate, would bring
        // libX11 through libcairo.
        let sway = try SwayServer()
        defer { sway.stop() }
        let session = try WaylandSession(sway: sway)
        defer { session.close() }
        try session.settledFrame()
        let libraries = try ProcessStats.mappedLibraries(of: session.process.processIdentifier)
        XCTAssertFalse(PlatformLibraries.named(["libwayland-client.so"], among: libraries).isEmpty, "a Wayland start maps libwayland: \(libraries.sorted())")
        XCTAssertEqual(PlatformLibraries.named(PlatformLibraries.x11, among: libraries), [])
    }
}
