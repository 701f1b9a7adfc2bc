import Foundation
import RewrapTestDrivers
import XCTest

/// The launcher, `rewrap`, a shell script (docs/platforms.md): it execs the
/// platform's executable that rules §10.2 picks, with every argument whole.
/// It runs here in a prefix of its own, with stand-ins for the two
/// executables that print their own name and then each argument, each
/// ended by a NUL.
final class LauncherTests: XCTestCase {
    private var prefix = ""

    override func setUpWithError() throws {
        prefix = NSTemporaryDirectory() + "rewrap-launcher-\(UUID().uuidString)"
        let libexec = prefix + "/libexec/rewrap"
        try FileManager.default.createDirectory(atPath: libexec, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: prefix + "/bin", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: PackagePaths.rewrapBinary, toPath: prefix + "/bin/rewrap")
        for name in ["rewrap-x11", "rewrap-wayland"] {
            try "#!/bin/sh\nprintf '%s\\0' \"${0##*/}\" \"$@\"\n".write(toFile: libexec + "/" + name, atomically: true, encoding: .utf8)
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: libexec + "/" + name)
        }
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: prefix)
    }

    /// What the launcher at `path` ran: the executable's name and its arguments.
    private func launch(_ arguments: [String], environment: [String: String] = [:],
                        from path: String? = nil) throws -> [String] {
        // Nothing of the test's own environment decides: only what each case names.
        let unset = ["WAYLAND_DISPLAY", "REWRAP_PLATFORM", "XDG_RUNTIME_DIR", "DISPLAY"].flatMap { ["-u", $0] }
        let named = environment.map { "\($0.key)=\($0.value)" }
        let result = try runCommand(["/usr/bin/env"] + unset + named + [path ?? prefix + "/bin/rewrap"] + arguments)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stderr, "")
        return result.stdout.split(separator: "\0", omittingEmptySubsequences: false).dropLast().map(String.init)
    }

    private func executable(_ arguments: [String], _ environment: [String: String] = [:]) throws -> String? {
        try launch(arguments, environment: environment).first
    }

    func testTheRulesOfWhichPlatformPickTheExecutable() throws {
        let runtime = prefix + "/runtime"
        try FileManager.default.createDirectory(atPath: runtime, withIntermediateDirectories: false)
        let compositor = ["WAYLAND_DISPLAY": "wayland-1"]
        // Rules §10.2: X11 unless a compositor is named...
        XCTAssertEqual(try executable([]), "rewrap-x11")
        XCTAssertEqual(try executable([], ["XDG_RUNTIME_DIR": runtime]), "rewrap-x11")
        XCTAssertEqual(try executable([], compositor), "rewrap-wayland")
        XCTAssertEqual(try executable([], ["WAYLAND_DISPLAY": ""]), "rewrap-x11")
        XCTAssertTrue(FileManager.default.createFile(atPath: runtime + "/wayland-0", contents: nil))
        XCTAssertEqual(try executable([], ["XDG_RUNTIME_DIR": runtime]), "rewrap-wayland")
        // ...an X display named on the command line asks for X11...
        XCTAssertEqual(try executable(["--display", ":3"], compositor), "rewrap-x11")
        XCTAssertEqual(try executable(["--display=:3"], compositor), "rewrap-x11")
        // ...and the option or the variable decides instead, the option first.
        XCTAssertEqual(try executable(["--platform", "x11"], compositor), "rewrap-x11")
        XCTAssertEqual(try executable(["--platform=wayland"]), "rewrap-wayland")
        XCTAssertEqual(try executable([], ["REWRAP_PLATFORM": "wayland"]), "rewrap-wayland")
        XCTAssertEqual(try executable([], ["REWRAP_PLATFORM": "x11", "WAYLAND_DISPLAY": "wayland-1"]), "rewrap-x11")
        XCTAssertEqual(try executable(["--platform", "wayland"], ["REWRAP_PLATFORM": "x11"]), "rewrap-wayland")
        XCTAssertEqual(try executable(["--platform", "x11", "--platform", "wayland"]), "rewrap-wayland", "the last one given")
        // After `--` come file names, not options.
        XCTAssertEqual(try executable(["--", "--platform", "wayland"]), "rewrap-x11")
    }

    func testEveryArgumentArrivesWhole() throws {
        let arguments = ["--panel", "my panel.json", "", "*", "$HOME", "a\"b'c\\d", "two\nlines", "--platform", "x11", "--", "-x"]
        XCTAssertEqual(try launch(arguments, environment: ["WAYLAND_DISPLAY": "wayland-1"]), ["rewrap-x11"] + arguments)
    }

    func testALinkElsewhereFindsTheExecutablesBesideWhatItNames() throws {
        // Not beside bin, so its ../libexec is not the prefix's.
        let elsewhere = prefix + "/home/someone/bin"
        try FileManager.default.createDirectory(atPath: elsewhere, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: elsewhere + "/rewrap", withDestinationPath: prefix + "/bin/rewrap")
        XCTAssertEqual(try launch(["plan"], from: elsewhere + "/rewrap"), ["rewrap-x11", "plan"])
    }

    func testAMissingExecutableIsOneLineAndStatusOne() throws {
        try FileManager.default.removeItem(atPath: prefix + "/libexec/rewrap/rewrap-wayland")
        let result = try runCommand(["/usr/bin/env", "-u", "REWRAP_PLATFORM", prefix + "/bin/rewrap", "--platform", "wayland"])
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.stderrLines, ["rewrap: rewrap-wayland is missing beside \(prefix)/bin/rewrap and in its ../libexec/rewrap"])
        XCTAssertEqual(result.stdout, "")
    }
}
