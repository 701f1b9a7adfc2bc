import Foundation
import RewrapScene
import RewrapTestSupport
import XCTest

/// Scrolling with a real XInput 2.1 smooth-scroll pointer (SPEC §8): XWayland's,
/// in a weston nested in an Xvfb. Its wheel clicks arrive as scroll valuator
/// changes (and emulated buttons 4 and 5, which must not scroll again), so
/// the first click after the pointer enters must be measured from the
/// device's own values, not taken as a baseline.
final class SmoothScrollTests: XCTestCase {
    private var weston: NestedWeston?
    private var session: RewrapSession?

    override func tearDown() {
        session?.close()
        weston?.stop()
    }

    /// The window's top-left corner on XWayland's root, which is the outer
    /// root too; nil until weston's window manager has framed it.
    private func origin(of window: String, on display: String) throws -> (x: Int, y: Int)? {
        let info = try runCommand(["/usr/bin/xwininfo", "-children", "-stats", "-id", window], environment: ["DISPLAY": display]).stdout
        let lines = info.split(separator: "\n")
        func value(_ label: String) -> Int? {
            lines.first { $0.contains(label) }.flatMap { Int($0.split(separator: ":").last!.trimmingCharacters(in: .whitespaces)) }
        }
        guard let parent = lines.first(where: { $0.contains("Parent window id:") }), !parent.contains("(the root window)"),
              let x = value("Absolute upper-left X"), let y = value("Absolute upper-left Y") else { return nil }
        return (x, y)
    }

    /// Moves the pointer onto `where` (a point on the root, asked afresh
    /// each time) and waits for the frame the move draws: a hover that
    /// comes or goes shows the program has handled the crossing before it.
    /// weston frames the window at its corner and places it a moment later,
    /// and may miss a lone jump of the outer pointer, so the point is asked
    /// again and the pointer nudged there until the frame comes.
    private func move(_ session: RewrapSession, what: String, to where: () throws -> (x: Int, y: Int)?) throws {
        let before = session.frames().count
        var polls = 0
        try session.waitUntil(what) {
            if polls % 40 == 0, let point = try `where`() {
                try session.xdotool(["mousemove", String(point.x + 1), String(point.y), "mousemove", String(point.x), String(point.y)])
            }
            polls += 1
            return session.frames().count > before
        }
    }

    func testTheFirstWheelClickScrolls() throws {
        let weston: NestedWeston
        do {
            weston = try NestedWeston()
        } catch let error as NestedWeston.StartError {
            throw XCTSkip("no XInput 2.1 smooth-scroll pointer here: \(error)")
        }
        self.weston = weston
        let session = try RewrapSession(arguments: ["--geometry", "480x200", "--scale", "1"],
                                        environment: ["DISPLAY": weston.xwayland], server: weston.outer, waitForWindow: false)
        self.session = session
        try session.waitUntil("the first frame", timeout: 30) { !session.frames().isEmpty }
        let start = try session.settledFrame()
        XCTAssertGreaterThan(start.nodes.map { $0.rect.maxY }.max() ?? 0, 200 + 48, "fixture: the content scrolls a whole click")

        let found = try runCommand(["/usr/bin/xdotool", "search", "--sync", "--pid", String(session.process.processIdentifier)],
                                   environment: ["DISPLAY": weston.xwayland])
        let window = try XCTUnwrap(found.stdout.split(separator: "\n").first.map(String.init), found.stderr)
        /// Where a node shows now, scrolled as drawn, and just above the
        /// window's title bar, on weston's desktop.
        func onRoot(_ id: String) throws -> (x: Int, y: Int)? {
            guard let origin = try origin(of: window, on: weston.xwayland) else { return nil }
            let center = try XCTUnwrap(try session.lastFrame().node(id)).center
            return (origin.x + center.x, origin.y + center.y)
        }
        func outside() throws -> (x: Int, y: Int)? {
            try origin(of: window, on: weston.xwayland).map { ($0.x + 240, max(40, $0.y - 80)) }
        }

        // Into weston first, onto its desktop, so weston sees motion; then onto Shape.
        try session.waitUntil("weston to frame the window") { try outside() != nil }
        let first = try XCTUnwrap(try outside())
        try session.xdotool(["mousemove", String(first.x), String(first.y)])
        try move(session, what: "the pointer over Shape") { try onRoot("shape") }
        var count = session.frames().count
        try session.xdotool(["click", "5"])
        try session.waitUntil("the first click to scroll") { session.frames().dropFirst(count).contains { $0.scroll != [0, 0] } }
        usleep(300_000)
        let step = Metrics(scale: 1).scrollStep
        XCTAssertEqual(try session.lastFrame().scroll, [0, step], "the first click scrolls one step, once")

        // Out onto weston's desktop and back in: the first click up scrolls back.
        try move(session, what: "the hover to go", to: outside)
        try move(session, what: "the pointer back over Pattern") { try onRoot("pattern") }
        count = session.frames().count
        try session.xdotool(["click", "4"])
        try session.waitUntil("the first click after entering again to scroll") {
            session.frames().dropFirst(count).contains { $0.scroll == [0, 0] }
        }
        XCTAssertEqual(session.stderr, "")
    }
}
