import Foundation
import RewrapApp
import RewrapLayout
import RewrapPlatform
import RewrapScene
import RewrapTestSupport
import XCTest

/// Touch played through the loop on a recording platform (rules §11.3):
/// taps click, drags scroll with the content under the finger, flings
/// slow to rest and stop at an edge, and bad input leaves nothing stuck.
final class TouchLoopTests: XCTestCase {
    /// One script step: the events to send, built from the newest trace frame.
    typealias Step = (TraceFrame?) -> [PlatformEvent]

    private struct Run {
        var frames: [TraceFrame]
        /// The newest frame when each step was asked for, and the clock then.
        var rests: [(frame: TraceFrame?, time: Double)]
        var platform: RecordingPlatform
    }

    private func play(geometry: String = "680x420", panel: String = PackagePaths.root + "/assets/panel.json",
                      screen: Rect = Rect(x: 0, y: 0, width: 1280, height: 1024),
                      timed: [(at: Double, events: [PlatformEvent])] = [], _ steps: [Step]) throws -> Run {
        let trace = try TemporaryFile(suffix: ".jsonl")
        // Reduced motion: a pick moves nothing, while a fling, the finger's own motion, still runs.
        let stateHome = StateHome()
        let launch = try Launch(["--panel", panel, "--locale", "C", "--geometry", geometry + "+0+0", "--trace", trace.path,
                                 "--reduce-motion"], stateDirectory: stateHome.directory)
        var steps = steps
        var rests: [(TraceFrame?, Double)] = []
        var platform: RecordingPlatform!
        platform = RecordingPlatform(screen: screen) {
            let last = TraceFrame.read(trace.path).last
            rests.append((last, platform.now))
            return steps.isEmpty ? nil : steps.removeFirst()(last)
        }
        platform.timed = timed
        let app = try launch.open(on: platform, clock: Clock { platform.now })
        XCTAssertEqual(app.run(), 0)
        return Run(frames: TraceFrame.read(trace.path), rests: rests, platform: platform)
    }

    private func touch(_ phase: Touch.Phase, _ x: Double, _ y: Double, id: Int = 1, role: WindowRole = .main,
                       time: Double = 0) -> PlatformEvent {
        .touch(Touch(phase, role, id: id, x: x, y: y, time: time))
    }

    private func tap(_ x: Int, _ y: Int, id: Int = 1, role: WindowRole = .main) -> [PlatformEvent] {
        [touch(.began, Double(x), Double(y), id: id, role: role), touch(.ended, Double(x), Double(y), id: id, role: role, time: 0.08)]
    }

    private func tap(_ id: String) -> Step {
        { frame in frame?.node(id).map { self.tap($0.center.x, $0.center.y) } ?? [] }
    }

    /// A tap on option `index` of the open menu, in the popup's own pixels.
    private func tapRow(_ index: Int) -> Step {
        { frame in
            guard let popup = frame?.popup, popup.nodes.indices.contains(index) else { return [] }
            let row = popup.nodes[index].frame
            return self.tap(Int(row[0] + row[2] / 2), Int(row[1] + row[3] / 2), role: .popup)
        }
    }

    /// A finger from (x, y) moving by `dy` in `steps` motions `interval` apart, lifted or not.
    private func drag(_ x: Double, _ y: Double, by dy: Double, steps: Int, interval: Double = 0.01,
                      lift: Bool = true, role: WindowRole = .main) -> [PlatformEvent] {
        var events = [touch(.began, x, y, role: role)]
        for i in 1...steps {
            events.append(touch(.moved, x, y + dy * Double(i) / Double(steps), role: role, time: Double(i) * interval))
        }
        if lift { events.append(touch(.ended, x, y + dy, role: role, time: Double(steps) * interval)) }
        return events
    }

    // MARK: - Taps

    func testATapOnADropdownOpensItsMenuAndATapOnAnOptionPicksIt() throws {
        let run = try play([tap("shape"), tapRow(1)])
        let opened = try XCTUnwrap(run.rests[1].frame)
        XCTAssertEqual(opened.popup?.owner, "shape")
        XCTAssertNil(opened.popup?.highlighted, "touch highlights no row")
        let last = try XCTUnwrap(run.frames.last)
        XCTAssertNil(last.popup)
        XCTAssertEqual(last.node("shape")?.text, "Shape: Rounded rectangle")
        XCTAssertTrue(run.frames.allSatisfy { frame in frame.nodes.allSatisfy { $0.ring != true } }, "no focus ring from touch")
    }

    /// The hover fill is what a pointer over a control draws; a finger never does.
    func testTouchLeavesNoHoverHighlightBehind() throws {
        let hover = Theme.light.palette.controlHoverFill
        func hoverFills(_ run: Run) -> Int {
            (run.platform.main?.canvas.calls ?? []).filter { if case .fill(_, _, _, hover) = $0 { true } else { false } }.count
        }
        let pointer = try play([{ frame in frame?.node("shape").map { [.pointerMoved(.main, x: $0.center.x, y: $0.center.y)] } ?? [] }])
        XCTAssertGreaterThan(hoverFills(pointer), 0, "the pointer's hover shows, so the check can see it")
        let touched = try play([tap("shape"), { _ in self.tap(600, 400) }, { frame in
            frame?.node("pattern").map { self.drag(Double($0.center.x), Double($0.center.y), by: 30, steps: 3) } ?? []
        }])
        XCTAssertEqual(touched.rests[1].frame?.popup?.owner, "shape")
        XCTAssertEqual(hoverFills(touched), 0)
    }

    func testATapOutsideAnOpenMenuClosesItWithNothingChanged() throws {
        let run = try play([tap("shape"), { _ in self.tap(600, 400) }])
        XCTAssertEqual(run.rests[1].frame?.popup?.owner, "shape")
        let last = try XCTUnwrap(run.frames.last)
        XCTAssertNil(last.popup)
        XCTAssertEqual(last.node("shape")?.text, "Shape: Circle")
    }

    func testATapOnTheBadgeOpensItsPopup() throws {
        let run = try play(geometry: "400x420", [tap("badge")])
        XCTAssertEqual(run.frames.last?.popup?.owner, "badge")
    }

    func testAFingerLiftedOnAnotherControlOrPastTheThresholdClicksNothing() throws {
        let run = try play([
            { frame in
                guard let shape = frame?.node("shape"), let pattern = frame?.node("pattern") else { return [] }
                return [self.touch(.began, Double(shape.center.x), Double(shape.center.y)),
                        self.touch(.ended, Double(pattern.center.x), Double(pattern.center.y), time: 0.1)]
            },
            { frame in
                guard let shape = frame?.node("shape") else { return [] }
                let x = Double(shape.center.x), y = Double(shape.center.y)
                return [self.touch(.began, x, y), self.touch(.moved, x + 9, y, time: 0.05), self.touch(.ended, x, y, time: 0.1)]
            },
        ])
        XCTAssertTrue(run.frames.allSatisfy { $0.popup == nil }, "no menu opened")
    }

    // MARK: - Drags and flings

    func testADragScrollsThePageWithTheContentUnderTheFinger() throws {
        var frames: [TraceFrame] = []
        let run = try play(geometry: "340x240", [
            { _ in [self.touch(.began, 170, 200), self.touch(.moved, 170, 190, time: 0.1)] },  // past the threshold
            { _ in [self.touch(.moved, 170, 160, time: 0.2)] },
            { frame in frame.map { frames.append($0) }; return [self.touch(.moved, 170, 120, time: 0.3)] },
            { frame in frame.map { frames.append($0) }; return [self.touch(.moved, 170, 150, time: 0.4)] },
            { frame in frame.map { frames.append($0) }; return [self.touch(.ended, 170, 150, time: 1.5)] },
        ])
        // Finger at 160, 120 and 150: the content moved with it, pixel for pixel.
        let heading = try frames.map { try XCTUnwrap($0.node("chips.heading")).rect.minY }
        XCTAssertEqual(heading[0] - heading[1], 40)
        XCTAssertEqual(heading[2] - heading[1], 30)
        XCTAssertEqual(frames.map { $0.scroll[1] }, [30, 70, 40])
        // Held still for a second before lifting: no fling, and the loop rests.
        XCTAssertEqual(run.frames.last?.scroll[1], 40)
        XCTAssertTrue(run.frames.allSatisfy { $0.popup == nil }, "a drag opens nothing")
        XCTAssertTrue(run.frames.allSatisfy { frame in frame.nodes.allSatisfy { $0.ring != true } })
    }

    func testAFlingSlowsSmoothlyToRestAndThenTheLoopIsIdle() throws {
        // A page far taller than the window, so the fling rests before any edge.
        let panel = try tallPanel()
        let run = try play(geometry: "340x240", panel: panel.path, [
            { _ in self.drag(80, 280, by: -120, steps: 12, interval: 0.01) },  // 1200 px/s upwards
            { _ in [] },
        ])
        let flung = run.frames.filter { $0.time > 0 }
        let scrolls = flung.map { $0.scroll[1] }
        XCTAssertGreaterThan(scrolls.count, 20, "the fling was drawn frame by frame")
        // Frames at the refresh rate; one whose pixels would not change is not drawn.
        for (earlier, later) in zip(flung, flung.dropFirst()) {
            let frames = (later.time - earlier.time) * 60
            XCTAssertEqual(frames, frames.rounded(), accuracy: 1e-3, "at the refresh rate: \(later.time)")
        }
        let steps = zip(scrolls.dropFirst(), scrolls).map { $0 - $1 }
        XCTAssertTrue(steps.allSatisfy { $0 >= 0 }, "it never turns back: \(steps)")
        XCTAssertGreaterThan(try XCTUnwrap(steps.first), 10, "it starts at the finger's speed")
        // Smooth deceleration: the steps shrink, allowing a pixel of rounding.
        for (earlier, later) in zip(steps, steps.dropFirst()) { XCTAssertLessThanOrEqual(later, earlier + 1) }
        let limit = try XCTUnwrap(run.frames.first).scrollLimit
        XCTAssertLessThan(try XCTUnwrap(scrolls.last), limit, "it rested before the edge")
        // Idle when at rest: the next step was asked for at the last frame's time.
        let rest = try XCTUnwrap(run.rests.last)
        XCTAssertEqual(rest.time, run.rests[1].time, "nothing happened after the fling rested")
        XCTAssertEqual(run.rests[1].time, try XCTUnwrap(flung.last).time, accuracy: 1.0 / 60, "no timer after the fling rested")
    }

    func testAFlingStopsAtTheEdgeWithoutBouncing() throws {
        let run = try play(geometry: "340x240", [{ _ in self.drag(170, 230, by: -160, steps: 8, interval: 0.01) }])
        let limit = try XCTUnwrap(run.frames.first).scrollLimit
        let scrolls = run.frames.map { $0.scroll[1] }
        XCTAssertTrue(scrolls.allSatisfy { $0 <= limit })
        XCTAssertEqual(scrolls.last, limit)
        let arrival = try XCTUnwrap(scrolls.firstIndex(of: limit))
        XCTAssertEqual(arrival, scrolls.count - 1, "no frames after it met the edge: \(scrolls)")
    }

    func testAFingerTouchingDownStopsAFlingAtOnce() throws {
        // The drag ends with a fling at 0.05 s; another finger touches down at 0.15 s and stays.
        let panel = try tallPanel()
        let run = try play(geometry: "340x240", panel: panel.path,
                           timed: [(0.05, drag(80, 220, by: -120, steps: 12, interval: 0.01)),
                                   (0.15, [touch(.began, 80, 100, id: 5, time: 1)])], [])
        let flung = run.frames.filter { $0.time > 0.05 }
        XCTAssertGreaterThan(flung.count, 3, "it flung until the touch")
        XCTAssertLessThan(try XCTUnwrap(flung.first).scroll[1], try XCTUnwrap(flung.last).scroll[1])
        XCTAssertLessThanOrEqual(try XCTUnwrap(run.frames.last).time, 0.15 + 1e-6, "no frame after the touch")
        XCTAssertEqual(try XCTUnwrap(run.rests.last).time, 0.15, accuracy: 1e-6, "idle from the touch on")
    }

    func testACancelledTouchPicksNothingLeavesTheScrollAndDoesNotFling() throws {
        let run = try play(geometry: "340x240", [
            { _ in self.drag(170, 200, by: -60, steps: 6, interval: 0.01, lift: false) + [self.touch(.cancelled, 0, 0)] },
            { frame in frame?.node("shape").map { [self.touch(.began, Double($0.center.x), Double($0.center.y), id: 2),
                                                   self.touch(.cancelled, 0, 0, id: 2)] } ?? [] },
        ])
        let scrolled = try XCTUnwrap(run.rests[1].frame)
        XCTAssertEqual(scrolled.scroll[1], 50, "60 px less the 10 px that crossed the threshold")
        XCTAssertEqual(run.frames.last?.scroll[1], scrolled.scroll[1], "nothing flings")
        XCTAssertEqual(run.rests[1].time, run.rests[2].time, "no frames")
        XCTAssertTrue(run.frames.allSatisfy { $0.popup == nil })
    }

    func testAFingerScrollsALongMenu() throws {
        let panel = try longMenuPanel()
        let run = try play(panel: panel.path, screen: Rect(x: 0, y: 0, width: 1280, height: 300), [
            tap("long"),
            { frame in
                guard let popup = frame?.popup else { return [] }
                let row = popup.nodes[popup.nodes.count / 2].frame
                let x = row[0] + 20, y = row[1] + row[3] / 2
                // Held still a second before lifting, so nothing flings on.
                return self.drag(x, y, by: -(4 * row[3]), steps: 20, interval: 0.05, lift: false, role: .popup)
                    + [self.touch(.ended, x, y - 4 * row[3], role: .popup, time: 2)]
            },
        ])
        let opened = try XCTUnwrap(run.rests[1].frame?.popup)
        let dragged = try XCTUnwrap(run.rests[2].frame?.popup)
        XCTAssertLessThan(opened.nodes.count, 40, "the menu is cut")
        XCTAssertEqual(dragged.hidden[0] - opened.hidden[0], 4, "four rows up, with the finger")
        XCTAssertEqual(run.frames.last?.node("long")?.text, "Long: Option 1", "a drag picks nothing")
    }

    func testAFlingCarriesALongMenuOnByWholeRowsAndPicksNothing() throws {
        let panel = try longMenuPanel()
        var opened: TraceFrame.DrawnPopup?
        let run = try play(panel: panel.path, screen: Rect(x: 0, y: 0, width: 1280, height: 300), [
            tap("long"),
            { frame in
                opened = frame?.popup
                guard let popup = frame?.popup else { return [] }
                let row = popup.nodes[popup.nodes.count / 2].frame
                // Two rows in 0.1 s, lifted while moving.
                return self.drag(row[0] + 20, row[1] + row[3] / 2, by: -(2 * row[3]), steps: 10, interval: 0.01, role: .popup)
            },
        ])
        let before = try XCTUnwrap(opened), after = try XCTUnwrap(run.frames.last?.popup)
        XCTAssertGreaterThan(after.hidden[0] - before.hidden[0], 3, "it went on past the two rows dragged")
        XCTAssertEqual(run.frames.last?.node("long")?.text, "Long: Option 1")
    }

    // MARK: - The touchpad and the wheel

    func testATouchpadScrollThatEndsCarriesOnAndAWheelNeverDoes() throws {
        let scrolls: [(at: Double, events: [PlatformEvent])] = (1...10).map { (Double($0) * 0.01, [.scrolled(.main, dx: 0, dy: 12)]) }
        let panel = try tallPanel()
        let touchpad = try play(geometry: "340x240", panel: panel.path, timed: scrolls + [(0.105, [.scrollEnded(.main)])], [])
        let wheel = try play(geometry: "340x240", panel: panel.path, timed: scrolls, [])
        XCTAssertEqual(wheel.frames.last?.scroll[1], 120)
        XCTAssertGreaterThan(try XCTUnwrap(touchpad.frames.last).scroll[1], 120 + 60, "it carried on")
        XCTAssertEqual(try XCTUnwrap(wheel.rests.last).time, 0.1, accuracy: 1e-6, "the wheel leaves no timer")
    }

    // MARK: - Bad input

    func testBadTouchesLeaveNothingStuckAndTheNextTapWorks() throws {
        let run = try play(geometry: "340x240", [
            // A finger that never ends, an end for a finger never seen, a second finger.
            { _ in [self.touch(.began, 10, 10, id: 1), self.touch(.ended, 10, 10, id: 99), self.touch(.began, 20, 20, id: 2)] },
            // Thousands of motions in one batch of a finger whose id was reused.
            { _ in [self.touch(.began, 170, 200, id: 1)] + (1...5000).map { self.touch(.moved, 170, 200 - Double($0 % 50), time: 0) }
                + [self.touch(.ended, 170, 200, time: 0), self.touch(.moved, .nan, .infinity, id: 1), self.touch(.ended, .nan, .nan)] },
            // A touch on a popup that has just gone.
            { _ in self.tap(10, 10, role: .popup) },
            tap("shape"),
        ])
        XCTAssertEqual(run.frames.last?.popup?.owner, "shape", "the next tap works")
    }

    /// The shipped panel with a footer of many lines, so the page is far taller than the window.
    private func tallPanel() throws -> TemporaryFile {
        let panel = try String(contentsOfFile: PackagePaths.root + "/assets/panel.json", encoding: .utf8)
        let footer = Array(repeating: "Resize the window to change how many labels fit.", count: 40).joined(separator: " ")
        let tall = panel.replacingOccurrences(of: "Resize the window to change how many labels fit.", with: footer)
        XCTAssertNotEqual(tall, panel)
        return try TemporaryFile(suffix: ".json", contents: Data(tall.utf8))
    }

    /// A panel with one dropdown of forty options, far taller than a 300 px screen.
    private func longMenuPanel() throws -> TemporaryFile {
        let options = (1...40).map { "\"Option \($0)\"" }.joined(separator: ", ")
        let json = """
            {"title": "Rewrap", "menus": {"heading": "Menus", "footer": "Footer",
             "items": [{"id": "long", "title": "Long", "options": [\(options)], "selected": "Option 1"}]},
             "chips": {"heading": "Chips", "footer": "Footer", "items": []}}
            """
        return try TemporaryFile(suffix: ".json", contents: Data(json.utf8))
    }
}

private extension TraceFrame {
    /// How far the page can scroll down: the content's bottom, as the last
    /// footer ends, plus the padding, less the window's height.
    var scrollLimit: Double {
        let bottom = nodes.map { $0.rect.maxY + scroll[1] }.max() ?? 0
        return max(0, bottom + 20 - height)
    }
}
