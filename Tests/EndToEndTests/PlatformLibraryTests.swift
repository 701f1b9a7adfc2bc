import Foundation
import RewrapTestSupport
import XCTest

/// The platform a start does not use costs nothing (issue 34): the running
/// rewrap maps none of the other platform's libraries, read from its
/// /proc/PID/maps once its first frame is drawn.
final class PlatformLibraryTests: XCTestCase {
    /// The file names of the libraries `pid` maps.
    private func mappedLibraries(of pid: Int32) throws -> Set<String> {
        // Read to the end: /proc reports a size of 0, and String(contentsOfFile:)
        // stops after the first page.
        guard let file = FileHandle(forReadingAtPath: "/proc/\(pid)/maps") else { throw TestFailure("no maps for pid \(pid)") }
        defer { try? file.close() }
        let maps = String(decoding: try file.readToEnd() ?? Data(), as: UTF8.self)
        return Set(maps.split(separator: "\n").compactMap { line -> String? in
            guard let path = line.split(separator: " ").last, path.hasPrefix("/"), path.contains(".so") else { return nil }
            return path.split(separator: "/").last.map(String.init)
        })
    }

    /// Those of `libraries` whose names start with any of `prefixes`.
    private func named(_ prefixes: [String], among libraries: Set<String>) -> [String] {
        libraries.filter { library in prefixes.contains { library.hasPrefix($0) } }.sorted()
    }

    func testAnX11StartMapsNoWaylandLibrary() throws {
        // No compositor named, as on an X11 desktop: the default choice.
        let runtime = NSTemporaryDirectory() + "rewrap-empty-runtime-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: runtime, withIntermediateDirectories: false)
        defer { try? FileManager.default.removeItem(atPath: runtime) }
        let session = try RewrapSession(environment: ["WAYLAND_DISPLAY": "", "XDG_RUNTIME_DIR": runtime, "REWRAP_PLATFORM": ""])
        defer { session.close() }
        try session.settledFrame()
        let libraries = try mappedLibraries(of: session.process.processIdentifier)
        XCTAssertFalse(named(["libX11.so"], among: libraries).isEmpty, "an X11 start maps libX11: \(libraries.sorted())")
        XCTAssertEqual(named(["libwayland-", "libxkbcommon", "libdecor", "libpixman"], among: libraries), [])
    }

    func testAFallBackToX11MapsNoWaylandLibrary() throws {
        // A compositor named but not there: rewrap-wayland gives up and
        // execs rewrap-x11, which starts with a fresh address space.
        let session = try RewrapSession(environment: ["WAYLAND_DISPLAY": "rewrap-no-such-compositor",
                                                      "XDG_RUNTIME_DIR": NSTemporaryDirectory(), "REWRAP_PLATFORM": ""])
        defer { session.close() }
        try session.settledFrame()
        XCTAssertTrue(session.stderr.hasSuffix("using X11\n"), session.stderr)
        let libraries = try mappedLibraries(of: session.process.processIdentifier)
        XCTAssertEqual(named(["libwayland-", "libxkbcommon", "libdecor", "libpixman"], among: libraries), [])
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
        let libraries = try mappedLibraries(of: session.process.processIdentifier)
        XCTAssertFalse(named(["libwayland-client.so"], among: libraries).isEmpty, "a Wayland start maps libwayland: \(libraries.sorted())")
        // libX11 and libX11-xcb, libXrender, libXi, libXrandr,
        // libXext and libxcb with its sync extension: what rewrap-x11 links.
        XCTAssertEqual(named(["libX", "libxcb"], among: libraries), [])
    }
}
