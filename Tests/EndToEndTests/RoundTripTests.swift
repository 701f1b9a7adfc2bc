import Foundation
import RewrapTestDrivers
import XCTest

/// Replies the program waits for (rules §8.14), counted by xtrace, a real
/// protocol tracer, sitting between Rewrap and a latency proxy
/// (`scripts/delay-proxy`).
/// Behind the proxy a reply comes 20 ms after its request, so requests sent
/// together are logged before the first of their replies: each run of
/// replies with no request between them is one wait. How long start-up
/// takes is for `make bench` (bench/roundtrips.py); this counts.
final class RoundTripTests: XCTestCase {
    private static let reply = try! NSRegularExpression(pattern: #"^\d+:>:[0-9a-f]+(:\d+)?: Reply"#)
    private static let request = try! NSRegularExpression(pattern: #"^\d+:<:"#)

    private static func matches(_ pattern: NSRegularExpression, _ line: Substring) -> Bool {
        let text = String(line)
        return pattern.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
    }

    private static func freeDisplay(after start: Int) throws -> Int {
        for number in start..<(start + 200) where !FileManager.default.fileExists(atPath: "/tmp/.X11-unix/X\(number)")
            && !FileManager.default.fileExists(atPath: "/tmp/.X\(number)-lock") {
            return number
        }
        throw TestFailure("no free display number")
    }

    /// Sequential waits before the first CopyArea, the first frame's copy.
    private static func waitsBeforeTheFirstFrame(_ lines: [Substring]) -> Int {
        var waits = 0
        var inRun = false
        for line in lines {
            if matches(request, line) {
                if line.contains("CopyArea") { break }
                inRun = false
            } else if matches(reply, line) {
                if !inRun { waits += 1 }
                inRun = true
            }
        }
        return waits
    }

    private static func replies(_ lines: ArraySlice<Substring>) -> [Substring] {
        lines.filter { matches(reply, $0) }
    }

    func testFewRepliesBeforeTheFirstFrameAndNoneForResizesOrMotion() throws {
        let proxyScript = PackagePaths.root + "/scripts/delay-proxy"
        let server = try XvfbServer()
        defer { server.stop() }
        let real = Int(server.display.dropFirst())!
        let delayed = try Self.freeDisplay(after: 150)
        let proxy = try DesktopProcess(["/usr/bin/python3", proxyScript, String(real), String(delayed), "10"], server: server)
        defer { proxy.stop() }
        try proxy.waitUntil("the proxy") { proxy.log.contains("ready") }

        // No --geometry: the default size, fitted to the work area, is the
        // start with the most to ask.
        let traced = try Self.freeDisplay(after: delayed + 1)
        let log = try TemporaryFile(suffix: ".xtrace")
        let trace = try TemporaryFile(suffix: ".jsonl")
        let xtrace = try DesktopProcess(["/usr/bin/xtrace", "-n", "-D", ":\(traced)", "-d", ":\(delayed)", "-o", log.path, "--",
                                           PackagePaths.rewrapBinary, "--trace", trace.path], server: server)
        defer { xtrace.stop() }
        try xtrace.waitUntil("the first frame", timeout: 20) { !TraceFrame.read(trace.path).isEmpty }
        func lines() throws -> [Substring] {
            try String(contentsOf: log.url, encoding: .utf8).split(separator: "\n")
        }
        let waits = Self.waitsBeforeTheFirstFrame(try lines())
        XCTAssertLessThanOrEqual(waits, 12, "sequential waits before the first frame")
        XCTAssertGreaterThanOrEqual(waits, 5, "XOpenDisplay alone waits five times: the count is off")

        // After start-up: XInput 2 and the input method are set up after the
        // first frame, with replies of their own. Let them pass.
        let env = ["DISPLAY": server.display]
        let window = try runCommand(["/usr/bin/xdotool", "search", "--sync", "--name", "^Rewrap$"], environment: env).stdout
            .trimmingCharacters(in: .whitespacesAndNewlines)
        XCTAssertFalse(window.isEmpty)
        usleep(800_000)

        var mark = try lines().count
        var burst: [String] = []
        for width in [600, 500, 420, 380, 460, 560] { burst += ["windowsize", window, String(width), "420"] }
        _ = try runCommand(["/usr/bin/xdotool"] + burst, environment: env)
        try xtrace.waitUntil("the last size") { TraceFrame.read(trace.path).last?.width == 560 }
        usleep(300_000)
        XCTAssertEqual(Self.replies(try lines()[mark...]), [], "a resize waits for no reply")

        let start = try XCTUnwrap(TraceFrame.read(trace.path).last)
        let pattern = try XCTUnwrap(start.node("pattern")).center
        mark = try lines().count
        _ = try runCommand(["/usr/bin/xdotool", "mousemove", String(pattern.x), String(pattern.y), "click", "1"], environment: env)
        try xtrace.waitUntil("the menu") { TraceFrame.read(trace.path).last?.popup != nil }
        usleep(300_000)
        // The monitors and the work area were read after start-up and have
        // not changed since: opening a menu asks nothing of RandR or the root.
        let opening = try lines()[mark...].filter { Self.matches(Self.request, $0) }
        XCTAssertFalse(opening.isEmpty, "the log shows the menu's requests")
        XCTAssertEqual(opening.filter { $0.uppercased().contains("RANDR") || $0.contains("GetProperty") }, [],
                       "opening a menu reads no monitors and no property")
        let popup = try XCTUnwrap(TraceFrame.read(trace.path).last?.popup)
        mark = try lines().count
        let before = TraceFrame.read(trace.path).count
        let option = popup.center(of: 1)
        _ = try runCommand(["/usr/bin/xdotool", "mousemove", String(option.x), String(option.y), "click", "1"], environment: env)
        try xtrace.waitUntil("the move to end") {
            let frames = TraceFrame.read(trace.path).dropFirst(before)
            return frames.contains(where: \.animating) && frames.last?.animating == false
        }
        usleep(200_000)
        XCTAssertGreaterThan(TraceFrame.read(trace.path).dropFirst(before).filter(\.animating).count, 5)
        XCTAssertEqual(Self.replies(try lines()[mark...]), [], "a pick and its animated frames wait for no reply")
    }
}
