import Foundation
import RewrapTestDrivers
import XCTest

/// One walk of a person's actions (rules §11), the same script on X11 with
/// openbox, sway, weston, mutter and kwin: menus by mouse and keys, Escape,
/// the badge, a long menu, resize, maximise, focus to another window and
/// back, scales, Arabic, the dark theme, close. Each step is checked against
/// `--trace`, and each picture of the window against X11's at the same
/// point of the walk, pixel for pixel, and no window writes a line on
/// stderr that is not promised. A step a desktop cannot do must be
/// in Tests/Fixtures/walk/walk-limits.txt, with the reason; the walk prints
/// it as it passes it.
final class EveryDesktopWalkTests: XCTestCase {
    /// X11's pictures, by the name of the point in the walk: the oracle.
    nonisolated(unsafe) private static var x11Pictures: [String: String]?

    private func x11Oracle() throws -> [String: String] {
        if let pictures = Self.x11Pictures { return pictures }
        let desktop = try X11Walk()
        defer { desktop.stop() }
        let pictures = try Walk(desktop: desktop, oracle: [:]).run()
        Self.x11Pictures = pictures
        return pictures
    }

    func testTheWalkOnX11() throws { _ = try x11Oracle() }

    func testTheWalkOnSway() throws {
        let oracle = try x11Oracle()
        let desktop = try SwayWalk()
        defer { desktop.stop() }
        _ = try Walk(desktop: desktop, oracle: oracle).run()
    }

    func testTheWalkOnWeston() throws {
        let oracle = try x11Oracle()
        let desktop = try WestonWalk()
        defer { desktop.stop() }
        _ = try Walk(desktop: desktop, oracle: oracle).run()
    }

    func testTheWalkOnMutter() throws {
        let oracle = try x11Oracle()
        let desktop = try MutterWalk()
        defer { desktop.stop() }
        _ = try Walk(desktop: desktop, oracle: oracle).run()
    }

    func testTheWalkOnKWin() throws {
        let oracle = try x11Oracle()
        let desktop = try KWinWalk()
        defer { desktop.stop() }
        _ = try Walk(desktop: desktop, oracle: oracle).run()
    }
}

/// The steps each desktop cannot do, from walk-limits.txt: `desktop step: reason`.
struct WalkLimits {
    private var reasons: [String: String] = [:]

    static let shared: WalkLimits = {
        var limits = WalkLimits()
        let path = PackagePaths.root + "/Tests/Fixtures/walk/walk-limits.txt"
        let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            guard let colon = line.firstIndex(of: ":") else { continue }
            let key = line[..<colon].trimmingCharacters(in: .whitespaces)
            limits.reasons[key] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        return limits
    }()

    func reason(_ desktop: String, _ step: String) -> String? { reasons[desktop + " " + step] }
}

/// What the keys of an open menu do to its highlight, as the rules state
/// them (rules §4, rules §8.7): the walk's own reading of them, so that a
/// key the window loses or takes twice picks another option.
enum MenuKeys {
    /// Down and Up go round; End and Home go to the last and first row; a
    /// letter goes to the next row after the highlight whose text starts
    /// with it, ignoring case.
    static func highlight(after key: String, from row: Int, options: [String]) -> Int {
        let count = options.count
        switch key {
        case "Down": return (row + 1) % count
        case "Up": return (row + count - 1) % count
        case "End": return count - 1
        case "Home": return 0
        default:
            let next = (1...count).map { (row + $0) % count }
            return next.first { options[$0].lowercased().hasPrefix(key.lowercased()) } ?? row
        }
    }

    /// The keys after the walk's opening `number` in a menu of five rows
    /// (Tests/Fixtures/walk/menu-keys.json): Home, End, Down, Up and a typed
    /// letter, in an order where losing any one of them, but the first of
    /// Home and End, which the other undoes, ends on another row, wherever
    /// the highlight started.
    static func afterOpening(_ number: Int) -> [String] {
        number % 2 == 0 ? ["Home", "End", "Up", "Up", "s", "Down"] : ["End", "Home", "Down", "Down", "s", "Up"]
    }
}

/// The walk itself, on one desktop.
private struct Walk {
    let desktop: WalkDesktop
    /// X11's pictures; empty when this is X11's own walk, which makes them.
    let oracle: [String: String]
    let folder = NSTemporaryDirectory() + "rewrap-walk-pictures-\(UUID().uuidString)"
    private let limits = WalkLimits.shared

    init(desktop: WalkDesktop, oracle: [String: String]) {
        self.desktop = desktop
        self.oracle = oracle
    }

    private var isOracle: Bool { oracle.isEmpty }

    /// Runs one step. A WalkLimit passes only if the list names it, and a
    /// step the list names must not pass. A step that fails is reported and
    /// the walk goes on, unless later steps need it (`essential`).
    private func step(_ name: String, essential: Bool = false, _ body: () throws -> Void) throws {
        let listed = limits.reason(desktop.name, name)
        let start = Date()
        do {
            try body()
            if let listed { XCTFail("\(desktop.name): '\(name)' passed, but walk-limits.txt says it cannot: \(listed)") }
            print(String(format: "walk %@: %@ (%.1f s)", desktop.name, name, Date().timeIntervalSince(start)))
        } catch let limit as WalkLimit {
            if listed != nil {
                print("walk \(desktop.name): \(name) cannot be done here: \(limit.reason)")
            } else {
                XCTFail("\(desktop.name): '\(name)' cannot be done (\(limit.reason)), and walk-limits.txt does not say so")
            }
        } catch {
            XCTFail("\(desktop.name): '\(name)' failed: \(error)")
            if essential { throw error }
        }
    }

    /// The window's picture as `name`: X11's is kept as the oracle, any
    /// other desktop's must equal it.
    private func picture(_ window: WalkWindow, _ name: String, into pictures: inout [String: String]) throws {
        try window.parkPointer()
        try window.settledFrame()
        let path = folder + "/\(desktop.name)-\(name).png"
        try window.capture(to: path)
        pictures[name] = path
        guard !isOracle else { return }
        let expected = try XCTUnwrap(oracle[name], "X11 took no picture '\(name)'")
        let (count, total) = try differingPixels(expected, path)
        XCTAssertEqual(count, 0, "\(desktop.name), \(name): \(count) of \(total) pixels differ from X11's: \(path) against \(expected)")
    }

    private func open(_ arguments: [String], _ name: String) throws -> WalkWindow {
        try desktop.open(arguments, reference: oracle[name])
    }

    /// Waits for the menu of `owner` and returns it.
    private func menu(_ window: WalkWindow, _ owner: String) throws -> TraceFrame.DrawnPopup {
        do {
            try window.waitUntil("the \(owner) menu") { try window.lastFrame().popup?.owner == owner }
        } catch {
            let last = try window.lastFrame()
            let shown = Set(window.frames().suffix(40).compactMap { $0.popup?.owner })
            throw TestFailure("\(error); menus in the last 40 frames: \(shown.sorted()); the last of \(window.frames().count) frames has the keys on \(last.nodes.first { $0.focused == true }?.id ?? "nothing"), "
                              + "the ring on \(last.nodes.first { $0.ring == true }?.id ?? "nothing"), menu \(last.popup?.owner ?? "none")")
        }
        try window.waitUntil("the \(owner) menu at rest") { try !window.lastFrame().animating }
        // A menu takes the keyboard a moment after it is drawn.
        usleep(150_000)
        return try XCTUnwrap(try window.lastFrame().popup)
    }

    /// Stops `window`, which must have written nothing on stderr but the
    /// lines promised to a degraded desktop (rules §14.1): touch, the
    /// desktop's decorations and a close from the desktop included.
    private func close(_ window: WalkWindow) {
        XCTAssertEqual(DegradedDesktopLines.unpromised(in: window.stderr), [], "\(desktop.name): Rewrap's stderr")
        window.close()
    }

    private func closed(_ window: WalkWindow) throws {
        try window.waitUntil("the menu to close") { try window.lastFrame().popup == nil }
    }

    /// Presses Tab until `id` has the keyboard focus, each time waiting for
    /// the focus to move: a frame drawn for anything else is no answer.
    private func tab(to id: String, in window: WalkWindow) throws {
        func focused() throws -> String? { try window.lastFrame().nodes.first { $0.focused == true }?.id }
        for _ in 0..<12 {
            let before = try focused()
            if before == id { return }
            try window.press("Tab")
            try window.waitUntil("the focus to move from \(before ?? "nothing")") { try focused() != before }
        }
        throw TestFailure("Tab never reached \(id)")
    }

    /// How a person's keys come to an open menu (rules §8.7).
    private enum KeyPace: CaseIterable, CustomStringConvertible {
        /// The opening key tapped, so it is let go before the menu has the
        /// keyboard, and every key after it in one burst.
        case burst
        /// The opening key held until the menu has the keyboard, so the
        /// menu's keyboard enter lists it, and on past every desktop's repeat
        /// delay (weston's is 0.4 s, X's 0.66 s), then the keys 100 ms apart.
        case measured

        var description: String {
            switch self {
            case .burst: "tapped, the keys after it in one burst"
            case .measured: "held for 0.8 s, past the menu taking the keyboard and the key's repeat, the keys after it 100 ms apart"
            }
        }
    }

    /// On a window of its own, whose menu has five options: opens the menu
    /// by Return, Space and Alt+Down at each pace, moves its highlight with
    /// Home, End, Down, Up and a typed letter after every opening, and picks
    /// with Return (`MenuKeys.afterOpening`). Losing any of those keys but
    /// the first of Home and End picks another option, so a burst is
    /// judged by its pick; at the measured pace each key's highlight is
    /// checked as it comes, and a held opening key must never close the menu.
    private func keysAtEveryPace(into pictures: inout [String: String]) throws {
        let window = try open(["--panel", PackagePaths.root + "/Tests/Fixtures/walk/menu-keys.json", "--geometry", "480x300"], "keys")
        defer { close(window) }
        try picture(window, "keys", into: &pictures)
        let id = "shape"
        // The keyboard goes to the window a person has looked at and clicked, on every desktop.
        let empty = try window.settledFrame()
        try window.click((Int(empty.width) - 12, Int(empty.height) - 12))
        // Off the window: a menu opening under the pointer highlights the row there.
        try window.parkPointer()
        try tab(to: id, in: window)
        try window.press("Return")
        let options = try menu(window, id).nodes.map(\.text)
        try window.press("Escape")
        try closed(window)
        for pace in KeyPace.allCases {
            for (number, opener) in ["Return", "space", "alt+Down"].enumerated() {
                try tab(to: id, in: window)
                let before = try XCTUnwrap(options.firstIndex { try window.lastFrame().node(id)?.text.hasSuffix($0) == true },
                                           "\(desktop.name): \(id) shows one of its options")
                let keys = MenuKeys.afterOpening(number)
                let opened = "\(desktop.name), the \(id) menu opened by \(opener) \(pace)"
                let framesBefore = window.frames().count
                switch pace {
                case .burst:
                    try window.tap(opener)
                    try window.burst(keys + ["Return"])
                case .measured:
                    let held = Date()
                    try window.key(opener, .down)
                    let rows = try menu(window, id).nodes
                    usleep(useconds_t(max(0, 0.8 - Date().timeIntervalSince(held)) * 1e6))
                    try window.key(opener, .up)
                    // A held key's repeats neither close the menu nor open it again.
                    let sinceOpen = window.frames().dropFirst(framesBefore).drop { $0.popup == nil }
                    guard sinceOpen.allSatisfy({ $0.popup?.owner == id }) else {
                        let closings = zip(sinceOpen, sinceOpen.dropFirst()).filter { $0.popup != nil && $1.popup == nil }.count
                        throw TestFailure("\(opened): the menu closed \(closings) times while \(opener) was held")
                    }
                    var row = before
                    XCTAssertEqual(rows.first { $0.highlighted == true }?.text, options[row], "\(opened): it opens on the current option")
                    for key in keys {
                        let sent = Date()
                        try window.tap(key)
                        row = MenuKeys.highlight(after: key, from: row, options: options)
                        let expected = options[row]
                        do {
                            try window.waitUntil("the highlight on \(expected)", timeout: 5) {
                                try window.lastFrame().popup?.highlighted == id + "/" + expected
                            }
                        } catch {
                            let shown = try window.lastFrame().popup.map { $0.highlighted ?? "no row" } ?? "no menu"
                            throw TestFailure("\(opened): after \(key) the highlight is on \(shown), not \(expected)")
                        }
                        usleep(useconds_t(max(0, 0.1 - Date().timeIntervalSince(sent)) * 1e6))
                    }
                    try window.tap("Return")
                }
                let expected = options[keys.reduce(before) { MenuKeys.highlight(after: $1, from: $0, options: options) }]
                do {
                    try closed(window)
                    try window.waitUntil("the pick of \(expected)") { try window.lastFrame().node(id)?.text.hasSuffix(expected) == true }
                } catch {
                    let shown = window.frames().dropFirst(framesBefore).compactMap { $0.popup.map { $0.highlighted ?? "no row" } }
                        .reduce(into: [String]()) { if $0.last != $1 { $0.append($1) } }
                    let last = try window.lastFrame()
                    let outcome = last.popup.map { "Return left the menu open on \($0.highlighted ?? "no row")" }
                        ?? "Return picked '\(last.node(id)?.text ?? "")'"
                    throw TestFailure("\(opened), then \(keys.joined(separator: " ")): \(outcome), not \(expected); "
                                      + "the highlights drawn since it opened: \(shown)")
                }
            }
        }
        print("walk \(desktop.name): keys in a menu at every pace; key times: \(desktop.keyTimes)")
    }

    func run() throws -> [String: String] {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        var pictures: [String: String] = [:]
        let started = Date()
        var window: WalkWindow!
        defer { if let window { close(window) } }

        try step("start and map", essential: true) {
            window = try open(["--geometry", "680x420"], "start")
            XCTAssertEqual(try window.settledFrame().window, [680, 420], desktop.name)
            try picture(window, "start", into: &pictures)
        }
        let dropdowns = try window.lastFrame().nodes("dropdown")
        XCTAssertEqual(dropdowns.count, 3, "the panel's three menus")

        try step("every menu by mouse") {
            for dropdown in dropdowns {
                let button = try XCTUnwrap(try window.settledFrame().node(dropdown.id))
                try window.click(button.center)
                let popup = try menu(window, dropdown.id)
                if !(desktop is X11Walk) {
                    XCTAssertEqual(popup.rect.minY, button.rect.maxY + 4, "\(desktop.name): the \(dropdown.id) menu just below its button")
                    XCTAssertEqual(popup.rect.minX, button.rect.minX, "\(desktop.name): lined up with the button")
                }
                if dropdown.id == dropdowns[0].id { try window.captureScreen(to: folder + "/\(desktop.name)-screen-menu.png") }
                let index = try XCTUnwrap(popup.nodes.firstIndex { !$0.selected })
                let option = popup.nodes[index].text
                try window.clickOption(popup, index)
                try closed(window)
                try window.waitUntil("the pick of \(option)") { try window.lastFrame().node(dropdown.id)?.text.hasSuffix(option) == true }
            }
        }

        try step("every menu by keys") {
            // Off the window: a menu opening under the pointer highlights the row there.
            try window.parkPointer()
            for dropdown in dropdowns {
                try tab(to: dropdown.id, in: window)
                try window.press("Return")
                let popup = try menu(window, dropdown.id)
                let selected = try XCTUnwrap(popup.nodes.firstIndex { $0.selected })
                let option = popup.nodes[selected == 0 ? 1 : 0].text
                try window.press(selected == 0 ? "Down" : "Up")
                try window.waitUntil("the highlight to move") { try window.lastFrame().popup?.highlighted?.hasSuffix(option) == true }
                try window.press("Return")
                try closed(window)
                try window.waitUntil("the pick of \(option)") { try window.lastFrame().node(dropdown.id)?.text.hasSuffix(option) == true }
            }
        }

        try step("a menu opens for a key tapped quicker than it is drawn") {
            let id = dropdowns[0].id
            try tab(to: id, in: window)
            try window.tap("Return")
            _ = try menu(window, id)
            try window.press("Escape")
            try closed(window)
        }

        try step("press, drag and release on an option") {
            let id = dropdowns[1].id
            let button = try XCTUnwrap(try window.settledFrame().node(id))
            // Where the option will be: the same menu opened once by a click.
            try window.click(button.center)
            let popup = try menu(window, id)
            let index = try XCTUnwrap(popup.nodes.firstIndex { !$0.selected })
            let option = popup.nodes[index].text, target = try window.optionPoint(popup, index)
            try window.press("Escape")
            try closed(window)
            try window.drag(path(from: button.center, to: target), interval: 0.06)
            try closed(window)
            try window.waitUntil("the pick of \(option) on the release") { try window.lastFrame().node(id)?.text.hasSuffix(option) == true }
            XCTAssertTrue(window.frames().contains { $0.popup?.highlighted?.hasSuffix(option) == true },
                          "\(desktop.name): the option under the held button was highlighted")
        }

        try step("press and release on a dropdown leaves its menu open") {
            let id = dropdowns[2].id
            let button = try XCTUnwrap(try window.settledFrame().node(id))
            try window.drag([button.center, button.center], interval: 0.06)
            _ = try menu(window, id)
            usleep(400_000)
            XCTAssertEqual(try window.lastFrame().popup?.owner, id, "\(desktop.name): open for a click after the release")
            try window.press("Escape")
            try closed(window)
        }

        try step("drag out and release on the empty window closes the menu") {
            let id = dropdowns[0].id
            let start = try window.settledFrame()
            let button = try XCTUnwrap(start.node(id)), before = button.text
            let empty = (x: Int(start.width) - 12, y: Int(start.height) - 12)
            XCTAssertNil(start.nodes.first { node in
                let frame = node.frame
                return Double(empty.x) >= frame[0] && Double(empty.x) < frame[0] + frame[2] && Double(empty.y) >= frame[1] && Double(empty.y) < frame[1] + frame[3]
            }, "an empty spot")
            try window.drag(path(from: button.center, to: empty), interval: 0.06)
            try window.waitUntil("the menu to open and close") { try window.lastFrame().popup == nil && window.frames().contains { $0.popup?.owner == id } }
            XCTAssertEqual(try window.settledFrame().node(id)?.text, before, "\(desktop.name): nothing picked")
        }

        try step("in an open menu, press on one option and release on another") {
            let id = dropdowns[0].id
            let button = try XCTUnwrap(try window.settledFrame().node(id))
            try window.click(button.center)
            let popup = try menu(window, id)
            let selected = try XCTUnwrap(popup.nodes.firstIndex { $0.selected })
            let other = selected == 0 ? 1 : 0
            let option = popup.nodes[other].text
            try window.drag(path(from: try window.optionPoint(popup, selected), to: try window.optionPoint(popup, other), count: 4), interval: 0.06)
            try closed(window)
            try window.waitUntil("the pick of \(option), released on") { try window.lastFrame().node(id)?.text.hasSuffix(option) == true }
        }

        try step("Alt+Up closes a menu and Alt+Down opens it") {
            let id = dropdowns[0].id
            try tab(to: id, in: window)
            let before = try window.lastFrame().node(id)?.text
            try window.press("alt+Down")
            _ = try menu(window, id)
            try window.press("Down")
            try window.press("alt+Up")
            try closed(window)
            let rest = try window.settledFrame()
            XCTAssertEqual(rest.node(id)?.text, before, "\(desktop.name): nothing picked")
            XCTAssertEqual(rest.nodes.first { $0.focused == true }?.id, id, "\(desktop.name): the focus stays on its dropdown")
        }

        try step("Escape closes a menu") {
            let id = dropdowns[0].id
            try tab(to: id, in: window)
            let before = try window.lastFrame().node(id)?.text
            try window.press("Return")
            _ = try menu(window, id)
            try window.press("Escape")
            try closed(window)
            XCTAssertEqual(try window.settledFrame().node(id)?.text, before, "nothing picked")
        }

        try step("resize to 340 px") {
            try window.resize(width: 340, height: 420)
            try window.waitUntil("the window at 340 px") { try window.lastFrame().window == [340, 420] }
            XCTAssertNotNil(try window.settledFrame().node("badge"), "the badge shows in a narrow window")
        }

        try step("the badge's popup") {
            let badge = try XCTUnwrap(try window.settledFrame().node("badge"))
            try window.click(badge.center)
            let popup = try menu(window, "badge")
            XCTAssertEqual(badge.text, "\(popup.nodes.count) more")
            try window.press("Escape")
            try closed(window)
        }

        try step("the narrow window's picture") { try picture(window, "narrow", into: &pictures) }

        try step("a tap opens a menu and a tap picks") {
            try window.parkPointer()
            let button = try XCTUnwrap(try window.settledFrame().node(dropdowns[0].id))
            try window.tap(button.center)
            let popup = try menu(window, dropdowns[0].id)
            let index = try XCTUnwrap(popup.nodes.firstIndex { !$0.selected })
            let option = popup.nodes[index].text
            try window.tap(popup.center(of: index))
            try closed(window)
            try window.waitUntil("the tapped pick of \(option)") { try window.lastFrame().node(dropdowns[0].id)?.text.hasSuffix(option) == true }
            let last = try window.settledFrame()
            XCTAssertNil(last.nodes.first { $0.ring == true }, "\(desktop.name): touch shows no focus ring")
        }

        try step("a tap opens the badge's popup, and a tap outside closes it") {
            let badge = try XCTUnwrap(try window.settledFrame().node("badge"))
            try window.tap(badge.center)
            _ = try menu(window, "badge")
            let footer = try XCTUnwrap(try window.lastFrame().node("chips.footer"))
            try window.tap((footer.center.x, Int(footer.rect.maxY) + 20))
            try closed(window)
        }

        try step("a finger flings a long page") {
            // Its own picks (the walk's window keeps the ones it made), and
            // drawn at 2, so the page is long and the window looks like no other.
            let page = try open(["--geometry", "340x240", "--scale", "2", "--forget"], "fling")
            defer { close(page) }
            try picture(page, "fling", into: &pictures)
            // mutter passes no touch on to a window still in its map animation.
            usleep(1_500_000)
            // Quick, up the window: 150 px in 0.1 s, then lifted.
            let points = (0...6).map { (x: 170, y: 200 - 25 * $0) }
            try page.touch(points, interval: 0.016)
            try page.waitUntil("the page to scroll", timeout: 5) { try page.lastFrame().scroll[1] > 0 }
            var count = 0
            try page.waitUntil("the fling to come to rest", timeout: 10) {
                defer { count = page.frames().count }
                usleep(400_000)
                return page.frames().count == count
            }
            let rest = try page.lastFrame()
            let scrolls = page.frames().map { $0.scroll[1] }
            XCTAssertGreaterThan(rest.scroll[1], 150 - 8, "\(desktop.name): the page went on past the finger's travel")
            XCTAssertEqual(scrolls.last, scrolls.max(), "\(desktop.name): the page never came back (no rubber band)")
            XCTAssertTrue(zip(scrolls, scrolls.dropFirst()).allSatisfy { $0 <= $1 }, "\(desktop.name): the page only went one way: \(scrolls)")
        }

        try step("maximise") {
            try window.maximize()
            try window.waitUntil("the maximised window") { try window.lastFrame().width > 600 }
            print("walk \(desktop.name): maximised to \(try window.settledFrame().window)")
        }

        try step("unmaximise") {
            try window.unmaximize()
            try window.waitUntil("the window back at 340 px") { try window.lastFrame().window == [340, 420] }
            try window.settledFrame()
        }

        try step("another window takes the focus and gives it back") {
            func ringShown() throws -> Bool { try window.lastFrame().nodes.contains { $0.ring == true } }
            try window.press("Tab")
            try window.waitUntil("the focus ring") { try ringShown() }
            try window.focusAnotherWindow()
            try window.waitUntil("the ring to go with the focus") { try !ringShown() }
            try window.focusBack()
            try window.press("Tab")
            try window.waitUntil("the ring back with the focus") { try ringShown() }
        }

        try step("scale 2 while open") {
            try desktop.setScaleLive(2)
            try window.waitUntil("the window at scale 2", timeout: 15) { try window.lastFrame().window == [680, 840] }
            try desktop.setScaleLive(1)
            try window.waitUntil("the window back at scale 1", timeout: 15) { try window.lastFrame().window == [340, 420] }
        }

        try step("close through the desktop") {
            try window.closeThroughDesktop()
            XCTAssertEqual(window.waitForExit(timeout: 5), 0, "\(desktop.name): a clean exit; \(window.stderr)")
        }
        close(window)
        window = nil

        // On a window of its own, with no other of Rewrap's open to take the focus from it.
        try step("keys reach an open menu however they are timed") {
            try keysAtEveryPace(into: &pictures)
        }

        try step("a 200-option menu on a short output") {
            let long = try open(["--panel", PackagePaths.root + "/Tests/Fixtures/walk/long-menu.json", "--geometry", "480x300"], "long")
            defer { close(long) }
            try picture(long, "long", into: &pictures)
            let button = try XCTUnwrap(try long.settledFrame().node("size"))
            try long.click(button.center)
            let popup = try menu(long, "size")
            XCTAssertLessThan(popup.nodes.count, 200, "\(desktop.name): cut to the room the desktop gave")
            XCTAssertGreaterThan(popup.nodes.count, 3)
            XCTAssertTrue(popup.nodes.contains { $0.id == "size/Option 150" }, "\(desktop.name): opens with the current option in view")
            try long.press("Escape")
            try closed(long)
        }

        for (name, layouts) in [("Ctrl+Q just after a pick", nil), ("Ctrl+Q on a ru,us keyboard with Russian active", "ru,us")] {
            try step(name) {
                let quitting = try open(["--geometry", "680x420"], "start")
                defer { close(quitting) }
                let id = dropdowns[0].id
                try quitting.click(try XCTUnwrap(try quitting.settledFrame().node(id)).center)
                let popup = try menu(quitting, id)
                let index = try XCTUnwrap(popup.nodes.firstIndex { !$0.selected })
                let option = popup.nodes[index].text
                try quitting.clickOption(popup, index)
                try quitting.waitUntil("the pick of \(option)") { try quitting.lastFrame().node(id)?.text.hasSuffix(option) == true }
                // The key that types й is q in the us group: Ctrl with it is Ctrl+Q.
                if let layouts { try quitting.press("ctrl+Cyrillic_shorti", layouts: layouts) } else { try quitting.press("ctrl+q") }
                XCTAssertEqual(quitting.waitForExit(timeout: 1), 0, "\(desktop.name): closed within a second, status 0")
            }
        }

        for (name, arguments) in [("Arabic", ["--locale", "ar"]), ("dark theme", ["--theme", "dark"])] {
            try step("the \(name) panel") {
                let other = try open(arguments + ["--geometry", "680x420"], name)
                defer { close(other) }
                try picture(other, name, into: &pictures)
            }
        }

        try emojiPanel(into: &pictures)

        for scale in [2.0, 1.5] {
            let name = "scale \(scale == 2 ? "2" : "1.5")"
            try step(name) {
                try desktop.setScale(scale)
                let scaled = try open(["--geometry", "720x480"], name)
                defer { close(scaled) }
                XCTAssertEqual(try scaled.settledFrame().window, [720, 480], "\(desktop.name): window pixels at \(name)")
                try picture(scaled, name, into: &pictures)
            }
        }
        try emojiPanel(scale: 1.5, into: &pictures)
        print(String(format: "walk %@: whole walk %.1f s", desktop.name, Date().timeIntervalSince(started)))
        return pictures
    }

    /// Emoji in every kind of label (issue 48): the emoji panel, its menu of
    /// flags (a tag flag among them) opened and one picked, each picture
    /// equal to X11's; at a fractional `scale`, set first, as well.
    private func emojiPanel(scale: Double? = nil, into pictures: inout [String: String]) throws {
        let name = "the emoji panel" + (scale.map { " at scale \($0)" } ?? "")
        try step(name) {
            if let scale { try desktop.setScale(scale) }
            let size = scale.map { "\(Int(800 * $0))x\(Int(420 * $0))" } ?? "800x420"
            let window = try open(["--panel", PackagePaths.root + "/Tests/Fixtures/emoji/emoji.json", "--geometry", size], name)
            defer { close(window) }
            try picture(window, name, into: &pictures)
            let country = try XCTUnwrap(try window.settledFrame().node("country"))
            try window.click(country.center)
            let popup = try menu(window, "country")
            XCTAssertEqual(popup.nodes.map(\.text), ["🇯🇵 Japan", "🏴󠁧󠁢󠁳󠁣󠁴󠁿 Scotland", "🇫🇷 France"], desktop.name)
            let index = try XCTUnwrap(popup.nodes.firstIndex { $0.text.hasSuffix("Scotland") })
            try window.clickOption(popup, index)
            try closed(window)
            try window.waitUntil("the pick of Scotland") { try window.lastFrame().node("country")?.text == "Country: 🏴󠁧󠁢󠁳󠁣󠁴󠁿 Scotland" }
            try picture(window, name + ", Scotland picked", into: &pictures)
        }
    }
}
