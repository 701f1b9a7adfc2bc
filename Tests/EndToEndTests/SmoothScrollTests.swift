import Foundation
import RewrapScene
import RewrapTestDrivers
import XCTest

/// Scrolling with a real XInput 2.1 smooth-scroll pointer (rules §8.6): XWayland's,
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

    /// Rewrap on XWayland, scrolled to the top, its window framed by weston.
    private struct Scene {
        var weston: NestedWeston
        var session: RewrapSession
        var window: String
    }

    private func start() throws -> Scene {
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
        let first = try session.settledFrame()
        XCTAssertGreaterThan(first.nodes.map { $0.rect.maxY }.max() ?? 0, 200 + 48, "fixture: the content scrolls a whole click")
        let found = try runCommand(["/usr/bin/xdotool", "search", "--sync", "--pid", String(session.process.processIdentifier)],
                                   environment: ["DISPLAY": weston.xwayland])
        let window = try XCTUnwrap(found.stdout.split(separator: "\n").first.map(String.init), found.stderr)
        let scene = Scene(weston: weston, session: session, window: window)
        try session.waitUntil("weston to frame the window") { try outside(scene) != nil }
        return scene
    }

    /// Where a node shows now, scrolled as drawn.
    private func onRoot(_ id: String, _ scene: Scene) throws -> (x: Int, y: Int)? {
        guard let origin = try origin(of: scene.window, on: scene.weston.xwayland) else { return nil }
        let center = try XCTUnwrap(try scene.session.lastFrame().node(id)).center
        return (origin.x + center.x, origin.y + center.y)
    }

    /// Just above the window's title bar, on weston's desktop.
    private func outside(_ scene: Scene) throws -> (x: Int, y: Int)? {
        try origin(of: scene.window, on: scene.weston.xwayland).map { ($0.x + 240, max(40, $0.y - 80)) }
    }

    /// Onto weston's desktop first, so weston sees motion (leaving the
    /// window, if the pointer `wasInside`, draws the hover going), then onto
    /// `id`; one wheel click (5 down, 4 up) must scroll to `expected`, in
    /// the frame it draws, in one step and once.
    private func enterAndClick(_ button: Int, over id: String, expecting expected: [Double], wasInside: Bool = false,
                               _ scene: Scene, file: StaticString = #filePath, line: UInt = #line) throws {
        let session = scene.session
        if wasInside {
            try move(session, what: "the hover to go") { try outside(scene) }
        } else {
            let point = try XCTUnwrap(try outside(scene))
            try session.xdotool(["mousemove", String(point.x), String(point.y)])
        }
        try move(session, what: "the pointer over \(id)") { try onRoot(id, scene) }
        let count = session.frames().count
        try session.xdotool(["click", String(button)])
        try session.waitUntil("the first click to scroll") {
            session.frames().dropFirst(count).contains { $0.scroll != session.frames()[count - 1].scroll }
        }
        usleep(300_000)
        XCTAssertEqual(try session.lastFrame().scroll, expected, "the first click scrolls one step, once", file: file, line: line)
    }

    func testTheFirstWheelClickScrolls() throws {
        let scene = try start()
        let step = Metrics(scale: 1).scrollStep
        try enterAndClick(5, over: "shape", expecting: [0, step], scene)
        // Out onto weston's desktop and back in: the first click up scrolls back.
        try enterAndClick(4, over: "pattern", expecting: [0, 0], wasInside: true, scene)
        XCTAssertEqual(scene.session.stderr, "")
    }

    /// A pointer that comes while the program runs: a new master pointer
    /// (`xinput create-master`), with XWayland's pointer moved onto it.
    func testTheFirstWheelClickScrollsOnAPointerAddedWhileRunning() throws {
        let scene = try start()
        let env = ["DISPLAY": scene.weston.xwayland]
        XCTAssertEqual(try runCommand(["/usr/bin/xinput", "create-master", "second"], environment: env).status, 0)
        let devices = try runCommand(["/usr/bin/xinput", "list", "--short"], environment: env).stdout
        func id(_ name: String) throws -> String {
            let line = try XCTUnwrap(devices.split(separator: "\n").first { $0.contains(name) }, devices)
            return try XCTUnwrap(line.split(separator: "\t").first { $0.hasPrefix("id=") }).dropFirst(3).description
        }
        let moved = try runCommand(["/usr/bin/xinput", "reattach", try id("xwayland-pointer:"), try id("second pointer")],
                                   environment: env)
        XCTAssertEqual(moved.status, 0, moved.stderr)
        try enterAndClick(5, over: "shape", expecting: [0, Metrics(scale: 1).scrollStep], scene)
        XCTAssertEqual(scene.session.stderr, "")
    }
}
