import Foundation
import RewrapTestDrivers
import RewrapTestFakes
import XCTest

/// Motion as a person sees it, read back from the trace (rules §5).
final class MotionTests: XCTestCase {
    /// CSS ease-in-out rebuilt independently of the program's own curve.
    private let easeInOut = ReferenceBezier.easeInOut

    /// Opens Pattern and picks "Alternating diagonal lines"; returns the frame count before the pick.
    private func pickLongPattern(_ session: RewrapSession) throws -> Int {
        let start = try session.settledFrame()
        try session.click(start.node("pattern")!.center)
        try session.waitUntil("the popup") { try session.lastFrame().popup != nil }
        let popup = try XCTUnwrap(try session.lastFrame().popup)
        let before = session.frames().count
        try session.clickRoot(popup.center(of: 1))
        return before
    }

    func testSelectionEasesEveryMovedNodeToThePlan() throws {
        let session = try RewrapSession(arguments: ["--geometry", "480x420+0+0"])
        let before = try pickLongPattern(session)
        try session.waitUntil("the move to end") {
            let frames = session.frames().dropFirst(before)
            return frames.contains { $0.animating } && frames.last?.animating == false
        }
        let frames = Array(session.frames().dropFirst(before))
        let moving = frames.filter(\.animating)
        XCTAssertGreaterThanOrEqual(moving.count, 10, "a 0.25 s move at 60 Hz")
        let first = try XCTUnwrap(moving.first), last = try XCTUnwrap(frames.last)
        XCTAssertEqual(last.time - first.time, 0.25, accuracy: 0.06, "the move lasts about 250 ms")
        XCTAssertEqual(first.node("pattern")?.text, "Pattern: Alternating diagonal lines", "the label changes at once")

        // The node that changes most, in position or width, follows the curve.
        var furthest: (id: String, axis: Int, distance: Double)?
        for node in last.nodes {
            guard let start = first.node(node.id) else { continue }
            for axis in 0..<3 where abs(node.frame[axis] - start.frame[axis]) > (furthest?.distance ?? 0) {
                furthest = (node.id, axis, abs(node.frame[axis] - start.frame[axis]))
            }
        }
        let (id, axis, distance) = try XCTUnwrap(furthest)
        XCTAssertGreaterThan(distance, 20, "something moved far enough to measure")
        let from = first.node(id)!.frame[axis], to = last.node(id)!.frame[axis]
        for frame in moving {
            guard let node = frame.node(id) else { continue }
            let progress = (node.frame[axis] - from) / (to - from)
            let expected = easeInOut.bisectedProgress(at: (frame.time - first.time) / 0.25)
            XCTAssertEqual(progress, expected, accuracy: 0.1, "\(id) at t = \(frame.time - first.time)")
        }
        for node in last.nodes {
            XCTAssertEqual(node.frame, node.target, "\(node.id) ends on its planned frame")
        }
        XCTAssertEqual(session.violations(in: last), [])
    }

    /// Xvfb's RandR knows no refresh rate, so frames come at the 60 Hz fallback.
    /// The bounds are loose on purpose: `python3 bench/motion.py` measures the cadence.
    func testAnimatedFramesComeAtSixtyHertzOnXvfb() throws {
        let session = try RewrapSession(arguments: ["--geometry", "480x420+0+0"])
        let before = try pickLongPattern(session)
        try session.waitUntil("the move to end") {
            let frames = session.frames().dropFirst(before)
            return frames.contains { $0.animating } && frames.last?.animating == false
        }
        let times = session.frames().dropFirst(before).filter(\.animating).map(\.time)
        let gaps = zip(times, times.dropFirst()).map { $1 - $0 }.sorted()
        let median = try XCTUnwrap(gaps.isEmpty ? nil : gaps[gaps.count / 2])
        XCTAssertEqual(median, 1.0 / 60, accuracy: 0.003, "neither 30 nor 120 Hz")
        XCTAssertTrue(times.contains { ($0 * 1000).rounded() != $0 * 1000 }, "times are written finer than the millisecond")
    }

    func testResizeIsNeverAnimated() throws {
        let session = try RewrapSession()
        try session.settledFrame()
        let before = session.frames().count
        for width in [600, 420, 340, 900, 500] {
            try session.resize(width: width, height: 420)
            usleep(60_000)
        }
        try session.waitUntil("the last size") { try session.lastFrame().width == 500 }
        usleep(300_000)
        let frames = session.frames().dropFirst(before)
        XCTAssertFalse(frames.isEmpty)
        XCTAssertTrue(frames.allSatisfy { !$0.animating }, "no resize frame is animated")
        for node in try session.lastFrame().nodes { XCTAssertEqual(node.frame, node.target, node.id) }
    }

    /// A resize at rest reaches the animator only when something moves, so a
    /// pick after it must start from where the resize put each node.
    func testPickAfterAResizeStartsFromTheResizedLayout() throws {
        let session = try RewrapSession(arguments: ["--geometry", "900x420+0+0"])
        let wide = try session.settledFrame()
        try session.resize(width: 480, height: 420)
        try session.waitUntil("the new width") { try session.lastFrame().width == 480 }
        let resized = try session.lastFrame()
        XCTAssertFalse(resized.animating, "a resize is never animated")
        let before = try pickLongPattern(session)
        try session.waitUntil("the move to end") {
            let frames = session.frames().dropFirst(before)
            return frames.contains { $0.animating } && frames.last?.animating == false
        }
        let frames = Array(session.frames().dropFirst(before))
        let first = try XCTUnwrap(frames.first(where: \.animating)), last = try XCTUnwrap(frames.last)
        var checked = 0
        for node in last.nodes {
            guard let from = resized.node(node.id), let shown = first.node(node.id), let old = wide.node(node.id) else { continue }
            for axis in 0..<2 where abs(from.frame[axis] - old.frame[axis]) > 20 {
                // One frame into an ease-in-out move is well under a quarter of the way.
                let span = abs(node.frame[axis] - from.frame[axis])
                XCTAssertLessThanOrEqual(abs(shown.frame[axis] - from.frame[axis]), span / 4 + 2,
                                         "\(node.id) axis \(axis) starts at \(shown.frame[axis]), resized at \(from.frame[axis])")
                checked += 1
            }
        }
        XCTAssertGreaterThan(checked, 0, "the resize moved something far enough to tell the layouts apart")
    }

    func testSecondPickDuringAMoveDoesNotJump() throws {
        let session = try RewrapSession(arguments: ["--geometry", "480x420+0+0"])
        let start = try session.settledFrame()
        // Learn where Shape's popup puts "Rounded rectangle"; Shape is first and never moves.
        try session.click(start.node("shape")!.center)
        try session.waitUntil("the shape popup") { try session.lastFrame().popup != nil }
        let shapeOption = try XCTUnwrap(try session.lastFrame().popup).center(of: 1)
        try session.key("Escape")
        try session.waitUntil("the popup to close") { try session.lastFrame().popup == nil }

        try session.click(start.node("pattern")!.center)
        try session.waitUntil("the pattern popup") { try session.lastFrame().popup != nil }
        let patternOption = try XCTUnwrap(try session.lastFrame().popup).center(of: 1)
        let before = session.frames().count
        let shape = start.node("shape")!.center
        // One xdotool run, so the second pick lands about 80 ms into the first move.
        try session.xdotool(["mousemove", String(patternOption.x), String(patternOption.y), "click", "1",
                             "sleep", "0.06", "mousemove", String(shape.x), String(shape.y), "click", "1",
                             "sleep", "0.02", "mousemove", String(shapeOption.x), String(shapeOption.y), "click", "1"])
        try session.waitUntil("both moves to end") {
            let frames = session.frames().dropFirst(before)
            return frames.last?.node("shape")?.text == "Shape: Rounded rectangle" && frames.last?.animating == false
        }
        let frames = Array(session.frames().dropFirst(before))
        XCTAssertGreaterThanOrEqual(frames.filter(\.animating).count, 10)
        // The second pick really landed inside the first move.
        let second = try XCTUnwrap(frames.first { $0.node("shape")?.text == "Shape: Rounded rectangle" })
        XCTAssertTrue(second.animating)
        XCTAssertNotEqual(second.node("arrangement")?.frame, second.node("arrangement")?.target,
                          "the first move was still under way")
        // Each move covers at most its largest distance to its target, at no
        // more than the curve's steepest slope (about 1.72) per 0.25 s. Allow
        // that over each frame gap, plus rounding; a step at the interruption
        // must be no larger.
        let steepest = (0..<1000).map { (easeInOut.bisectedProgress(at: Double($0 + 1) / 1000) - easeInOut.bisectedProgress(at: Double($0) / 1000)) * 1000 }.max()!
        func offset(_ node: TraceFrame.DrawnNode) -> Double {
            (0..<3).map { abs(node.frame[$0] - node.target[$0]) }.max()!
        }
        var reach: [String: Double] = [:]
        for frame in frames { for node in frame.nodes { reach[node.id] = max(reach[node.id] ?? 0, offset(node)) } }
        for (previous, frame) in zip(frames, frames.dropFirst()) {
            let dt = max(frame.time - previous.time, 1.0 / 60)
            for node in frame.nodes {
                guard let old = previous.node(node.id) else { continue }
                let step = (0..<3).map { abs(node.frame[$0] - old.frame[$0]) }.max()!
                let allowed = steepest * reach[node.id]! * dt / 0.25 + 2
                XCTAssertLessThanOrEqual(step, allowed, "\(node.id) jumped \(step) px at frame \(frame.frame)")
            }
        }
        for node in frames.last!.nodes { XCTAssertEqual(node.frame, node.target, node.id) }
    }

    /// Issue 35, read from a real trace: with --slow-motion (moves of 2.5 s),
    /// a second pick 1.1 s into Arrangement's move changes its speed by at
    /// most 10% of that move's peak, in every one of x, y, width and height.
    /// Frames are whole pixels, so each side's speed is the slope at the pick
    /// of a quadratic fitted to the frames of the 0.3 s on that side.
    private func speedChangeAtSecondPick(width: Int, keys: [String]) throws -> (change: Double, peak: Double) {
        let session = try RewrapSession(arguments: ["--geometry", "\(width)x300+0+0", "--slow-motion"])
        try session.xdotool(["windowfocus", "--sync", session.windowID])
        let before = try pickLongPattern(session)
        try session.waitUntil("the first move") { session.frames().dropFirst(before).contains(where: \.animating) }
        try session.xdotool(["sleep", "1.1", "key", "--delay", "15"] + keys)
        func changes() -> [TraceFrame] {
            let frames = session.frames()
            return zip(frames, frames.dropFirst()).filter { $0.node("arrangement")?.target != $1.node("arrangement")?.target }.map(\.1)
        }
        try session.waitUntil("both moves to end", timeout: 15) {
            changes().count == 2 && session.frames().last?.animating == false
        }
        let frames = session.frames(), picks = changes()
        let (first, second) = (picks[0], picks[1])
        XCTAssertTrue(second.animating && second.time - first.time < 2, "the second pick came during the first move")
        let start = try XCTUnwrap(frames.last { $0.time < first.time }?.node("arrangement"))
        let distance = (0..<4).map { abs(first.node("arrangement")!.target[$0] - start.frame[$0]) }.max()!
        let steepest = (0..<1000).map { (easeInOut.bisectedProgress(at: Double($0 + 1) / 1000) - easeInOut.bisectedProgress(at: Double($0) / 1000)) * 1000 }.max()!
        let t0 = second.time
        let change = (0..<4).map { axis -> Double in
            func points(_ range: ClosedRange<Double>) -> [(Double, Double)] {
                frames.filter { range.contains($0.time) }.compactMap { frame in
                    frame.node("arrangement").map { (frame.time - t0, $0.frame[axis]) }
                }
            }
            let earlier = points((t0 - 0.3)...t0).filter { $0.0 < 0 }
            return abs(slopeAtZero(points(t0...(t0 + 0.3))) - slopeAtZero(earlier))
        }.max()!
        return (change, distance * steepest / 2.5)
    }

    /// The slope at t = 0 of the least-squares quadratic through the points.
    private func slopeAtZero(_ points: [(Double, Double)]) -> Double {
        var m = [[Double]](repeating: [0, 0, 0], count: 3), r = [0.0, 0, 0]
        for (t, x) in points {
            let powers = [1, t, t * t]
            for i in 0..<3 {
                r[i] += x * powers[i]
                for j in 0..<3 { m[i][j] += powers[i] * powers[j] }
            }
        }
        // Cramer's rule for the middle coefficient.
        func det(_ a: [[Double]]) -> Double {
            a[0][0] * (a[1][1] * a[2][2] - a[1][2] * a[2][1]) - a[0][1] * (a[1][0] * a[2][2] - a[1][2] * a[2][0])
                + a[0][2] * (a[1][0] * a[2][1] - a[1][1] * a[2][0])
        }
        var withR = m
        for i in 0..<3 { withR[i][1] = r[i] }
        return det(withR) / det(m)
    }

    func testAReversedPickKeepsItsSpeedInASlowMotionTrace() throws {
        let (change, peak) = try speedChangeAtSecondPick(width: 560, keys: ["Return", "Up", "Return"])
        XCTAssertGreaterThan(peak, 100, "the first move is long enough to measure")
        XCTAssertLessThanOrEqual(change, 0.1 * peak, "the speed changed by \(change) px/s at the reversal")
    }

    // At 500 px a longer Shape sends Pattern to the second row and Arrangement on to a third.
    func testARedirectedPickKeepsItsSpeedInASlowMotionTrace() throws {
        let (change, peak) = try speedChangeAtSecondPick(width: 500, keys: ["shift+Tab", "Return", "Down", "Return"])
        XCTAssertGreaterThan(peak, 100, "the first move is long enough to measure")
        XCTAssertLessThanOrEqual(change, 0.1 * peak, "the speed changed by \(change) px/s at the redirect")
    }

    func testReduceMotionAppliesChangesAtOnce() throws {
        let session = try RewrapSession(arguments: ["--geometry", "480x420+0+0", "--reduce-motion"])
        let before = try pickLongPattern(session)
        try session.waitUntil("the new label") { try session.lastFrame().node("pattern")?.text == "Pattern: Alternating diagonal lines" }
        usleep(400_000)
        let frames = session.frames().dropFirst(before)
        XCTAssertTrue(frames.allSatisfy { !$0.animating })
        for node in try session.lastFrame().nodes { XCTAssertEqual(node.frame, node.target, node.id) }
    }

    /// Through a real settings manager, Debian's xsettingsd.
    func testDesktopSettingTurnsAnimationOff() throws {
        let server = try XvfbServer()
        defer { server.stop() }
        let settings = try SettingsDaemon(["Gtk/EnableAnimations 0"], server: server)
        defer { settings.stop() }
        let session = try RewrapSession(arguments: ["--geometry", "480x420+0+0"], server: server)
        let before = try pickLongPattern(session)
        try session.waitUntil("the new label") { try session.lastFrame().node("pattern")?.text == "Pattern: Alternating diagonal lines" }
        usleep(400_000)
        XCTAssertTrue(session.frames().dropFirst(before).allSatisfy { !$0.animating })
        session.stop()
    }

    /// xsettingsd rereads its file on SIGHUP and announces the change; the
    /// window hears it at once.
    func testTurningAnimationsOffOnTheDesktopAppliesToTheNextPick() throws {
        let server = try XvfbServer()
        defer { server.stop() }
        let settings = try SettingsDaemon(["Gtk/EnableAnimations 1"], server: server)
        defer { settings.stop() }
        let session = try RewrapSession(arguments: ["--geometry", "480x420+0+0"], server: server)
        var before = try pickLongPattern(session)
        try session.waitUntil("an animated move") { session.frames().dropFirst(before).contains(where: \.animating) }
        try session.settledFrame(after: before)

        try settings.update(["Gtk/EnableAnimations 0"])
        usleep(200_000)
        let start = try session.settledFrame()
        try session.click(start.node("pattern")!.center)
        try session.waitUntil("the popup") { try session.lastFrame().popup != nil }
        let popup = try XCTUnwrap(try session.lastFrame().popup)
        before = session.frames().count
        try session.clickRoot(popup.center(of: 0))
        try session.waitUntil("the short label") { try session.lastFrame().node("pattern")?.text == "Pattern: Solid" }
        usleep(400_000)
        XCTAssertTrue(session.frames().dropFirst(before).allSatisfy { !$0.animating }, "no animated frames once turned off")
        session.stop()
    }

    func testIdleAfterAMoveDrawsNothingAndUsesNoCPU() throws {
        let session = try RewrapSession(arguments: ["--geometry", "480x420+0+0"])
        let before = try pickLongPattern(session)
        try session.waitUntil("the move to end") {
            try session.lastFrame().animating == false && session.frames().dropFirst(before).contains(where: \.animating)
        }
        usleep(200_000)
        let frames = session.frames().count
        let pid = session.process.processIdentifier
        let ticks = try XCTUnwrap(ProcessStats.cpuTicks(of: pid))
        sleep(2)
        XCTAssertEqual(session.frames().count, frames, "no frames while idle")
        XCTAssertEqual(ProcessStats.cpuTicks(of: pid), ticks, "no CPU while idle")
    }
}
