import Foundation
import RewrapTestDrivers
import XCTest

/// The window as a screen reader sees it: a real AT-SPI client (pyatspi) on
/// a private accessibility bus, against the real binary on Xvfb, compared
/// with the trace; the window operated through actions alone.
final class AccessibilityTests: XCTestCase {
    private static let roles = ["heading": "heading", "dropdown": "combo box", "text": "label", "empty": "label",
                                "chip": "list item", "badge": "push button"]

    /// Rewrap at +37+23, so screen and window coordinates differ, on a bus.
    private func start(_ arguments: [String] = [], windowManager: Bool = false) throws
        -> (RewrapSession, AccessibilityBusProcess, ATSPIClient) {
        let server = try XvfbServer()
        if windowManager {
            let openbox = try Openbox(server: server)
            addTeardownBlock { openbox.stop() }
        }
        let bus = try AccessibilityBusProcess(server: server)
        let session = try RewrapSession(arguments: ["--geometry", "680x420+37+23"] + arguments,
                                        environment: ["DBUS_SESSION_BUS_ADDRESS": ""], server: server)
        addTeardownBlock {
            session.close()
            bus.stop()
            server.stop()
        }
        let client = try ATSPIClient(server: server)
        addTeardownBlock { client.stop() }
        return (session, bus, client)
    }

    /// Every node of the trace frame is in the tree with its role, its
    /// name, and its frame moved by the window's origin.
    private func assertTree(_ application: ATSPIClient.Accessible, matches frame: TraceFrame, origin: (x: Int, y: Int),
                            file: StaticString = #filePath, line: UInt = #line) {
        let nodes = application.all().map(\.node)
        for traced in frame.nodes {
            let role = Self.roles[traced.kind] ?? traced.kind
            guard let node = nodes.first(where: { $0.role == role && $0.name == traced.text }) else {
                XCTFail("no \(role) '\(traced.text)' in the tree", file: file, line: line)
                continue
            }
            let expected = [origin.x + Int(traced.frame[0]), origin.y + Int(traced.frame[1]), Int(traced.frame[2]), Int(traced.frame[3])]
            XCTAssertEqual(node.extents, expected, "\(traced.id)", file: file, line: line)
            XCTAssertTrue(Set(node.states).isSuperset(of: ["enabled", "visible"]), "\(traced.id): \(node.states)", file: file, line: line)
            let inWindow = traced.rect.maxX > 0 && traced.rect.maxY > 0 && traced.rect.minX < frame.width && traced.rect.minY < frame.height
            XCTAssertEqual(node.states.contains("showing"), inWindow, "\(traced.id) at \(traced.frame)", file: file, line: line)
            XCTAssertEqual(node.states.contains("focused"), traced.focused == true, "\(traced.id)", file: file, line: line)
        }
        let chips = frame.nodes("chip").map(\.text)
        XCTAssertEqual(application.all().first { $0.node.role == "list" }?.node.children.map(\.name) ?? [], chips,
                       "the list holds the visible chips in order", file: file, line: line)
    }

    func testTreeMatchesTheTraceAndActionsOperateTheWindow() throws {
        let (session, _, client) = try start()
        let origin = try session.windowOrigin()
        XCTAssertEqual(origin.x, 37)
        let tree = try client.tree()
        XCTAssertEqual(tree.role, "application")
        XCTAssertEqual(tree.name, "rewrap")
        XCTAssertEqual(tree.children.map(\.role), ["frame"])
        XCTAssertEqual(tree.children.first?.name, "Rewrap")
        assertTree(tree, matches: try session.settledFrame(), origin: origin)
        let shape = try XCTUnwrap(tree.first("combo box", named: "Shape: Circle"))
        XCTAssertEqual(shape.node.actions, ["press"])
        XCTAssertEqual(shape.node.keyBindings, ["<Alt>Down"], "the keys that press it, read through libatspi")
        XCTAssertTrue(Set(shape.node.states).isSuperset(of: ["focusable", "expandable"]))
        _ = try client.events(wait: 0)

        // The combo box's action opens its menu, which hangs from it.
        try client.doAction(at: shape.path)
        try session.waitUntil("the menu") { try session.lastFrame().popup?.owner == "shape" }
        var events = try client.events(wait: 1)
        XCTAssertTrue(events.contains { $0.type == "object:children-changed:add" && $0.source.name == "Shape: Circle" }, "\(events)")
        XCTAssertTrue(events.contains { $0.type == "object:state-changed:expanded" && $0.detail1 == 1 }, "\(events)")
        XCTAssertTrue(events.contains { $0.type == "focus:" && $0.source.name == "Circle" }, "the current option takes the focus: \(events)")
        let popup = try XCTUnwrap(try session.lastFrame().popup)
        let open = try client.tree()
        let menu = try XCTUnwrap(open.first("menu", named: "Shape: Circle"))
        XCTAssertEqual(menu.node.extents, popup.frame.map { Int($0) })
        XCTAssertEqual(menu.node.children.map(\.role), ["check menu item", "check menu item"])
        XCTAssertEqual(menu.node.children.map(\.name), popup.nodes.map(\.text))
        XCTAssertEqual(menu.node.children.map { $0.states.contains("checked") }, popup.nodes.map(\.selected))
        for (item, row) in zip(menu.node.children, popup.nodes) {
            XCTAssertEqual(item.extents, [Int(popup.frame[0] + row.frame[0]), Int(popup.frame[1] + row.frame[1]),
                                          Int(row.frame[2]), Int(row.frame[3])])
        }
        XCTAssertTrue(try XCTUnwrap(open.first("combo box", named: "Shape: Circle")).node.states.contains("expanded"))

        // An option's action picks it, and the reflow animates as a click's would.
        let before = session.frames().count
        try client.doAction(at: menu.path + "/1")
        let settled = try session.settledFrame(after: before)
        XCTAssertEqual(settled.node("shape")?.text, "Shape: Rounded rectangle")
        XCTAssertTrue(session.frames().dropFirst(before).contains { $0.animating }, "the pick animates")
        events = try client.events(wait: 1)
        XCTAssertTrue(events.contains { $0.type == "object:property-change:accessible-name" && $0.text == "Shape: Rounded rectangle" },
                      "\(events)")
        XCTAssertTrue(events.contains { $0.type == "object:children-changed:remove" && $0.source.name == "Shape: Rounded rectangle" })
        // Pattern moved: one bounds event, when the move settled, at its final place.
        let moved = events.filter { $0.type == "object:bounds-changed" && $0.source.name == "Pattern: Solid" }
        let pattern = try XCTUnwrap(settled.node("pattern"))
        XCTAssertEqual(moved.map(\.extents), [[origin.x + Int(pattern.frame[0]), origin.y + Int(pattern.frame[1]),
                                               Int(pattern.frame[2]), Int(pattern.frame[3])]], "\(events)")
        XCTAssertFalse(events.contains { $0.type == "object:bounds-changed" && $0.source.name == "Layout options" },
                       "what did not move sends nothing")
        assertTree(try client.tree(), matches: settled, origin: origin)

        // A narrower window hides chips: the list loses them, and the badge comes.
        let resized = session.frames().count
        try session.resize(width: 340, height: 420)
        let narrow = try session.settledFrame(after: resized)
        XCTAssertEqual(narrow.width, 340)
        events = try client.events(wait: 1)
        let removed = events.filter { $0.type == "object:children-changed:remove" && $0.source.role == "list" }
        XCTAssertEqual(removed.count, 6 - narrow.nodes("chip").count, "\(events)")
        let small = try client.tree()
        assertTree(small, matches: narrow, origin: origin)
        let badge = try XCTUnwrap(narrow.node("badge"))
        let button = try XCTUnwrap(small.first("push button", named: badge.text))

        // The badge's action opens its list of hidden chips.
        try client.doAction(at: button.path)
        try session.waitUntil("the badge's list") { try session.lastFrame().popup?.owner == "badge" }
        let list = try XCTUnwrap(try client.tree().first("menu", named: badge.text))
        XCTAssertEqual(list.node.children.map(\.name), try XCTUnwrap(try session.lastFrame().popup).nodes.map(\.text))
        XCTAssertTrue(list.node.children.allSatisfy { $0.role == "menu item" })
        XCTAssertEqual(session.stderr, "")
    }

    func testRightToLeftTreeReadsFromTheRightWithMirroredExtents() throws {
        let (session, _, client) = try start(["--locale", "ar", "--geometry", "420x420+37+23"])
        let frame = try session.settledFrame()
        let origin = try session.windowOrigin()
        let tree = try client.tree()
        assertTree(tree, matches: frame, origin: origin)
        let chips = try XCTUnwrap(tree.all().first { $0.node.role == "list" }).node.children.compactMap { $0.extents?[0] }
        XCTAssertGreaterThan(chips.count, 1, "fixture: several chips show at 420 px")
        XCTAssertEqual(chips, chips.sorted(by: >), "reading order runs from the right")
        let badge = try XCTUnwrap(tree.all().first { $0.node.role == "push button" }?.node.extents)
        XCTAssertLessThan(badge[0], try XCTUnwrap(chips.last), "the badge sits at the row's left end")
        // The panel's language is every object's locale, and its text's language and direction.
        XCTAssertEqual(tree.locale, "ar")
        XCTAssertTrue(tree.all().allSatisfy { $0.node.locale == "ar" }, "\(tree.all().map { $0.node.locale })")
        let heading = try XCTUnwrap(tree.all().first { $0.node.role == "heading" }?.node)
        XCTAssertEqual(heading.attributes?["language"], "ar")
        XCTAssertEqual(heading.attributes?["direction"], "rtl")

        let first = try XCTUnwrap(frame.nodes("dropdown").first)
        let combo = try XCTUnwrap(tree.first("combo box", named: first.text))
        try client.doAction(at: combo.path)
        try session.waitUntil("the menu") { try session.lastFrame().popup?.owner == first.id }
        let popup = try XCTUnwrap(try session.lastFrame().popup)
        XCTAssertEqual(try XCTUnwrap(try client.tree().first("menu", named: first.text)).node.extents, popup.frame.map { Int($0) })
    }

    /// Screen readers follow the active window: under openbox, the frame is
    /// active while the window has the focus, and says so when that changes.
    /// A keystroke listener that registers after the window joined is
    /// asked about each key (the registry's signal was followed), and one
    /// that never answers does not stop the keys: the window waits for the
    /// registry a bounded time, then acts on them.
    func testAStuckKeystrokeListenerCannotFreezeTheKeys() throws {
        let (session, _, _) = try start(["--geometry", "340x420+37+23"])
        try session.waitUntil("the first control's focus from the bus") { try session.lastFrame().node("shape")?.focused == true }
        let stuck = """
            import pyatspi, sys, time
            def heard(event):
                print("heard", event.event_string or event.id, flush=True)
                time.sleep(30)
                return False
            pyatspi.Registry.registerKeystrokeListener(heard, mask=0,
                kind=(pyatspi.KEY_PRESSED_EVENT, pyatspi.KEY_RELEASED_EVENT), synchronous=True, preemptive=True)
            print("listening", flush=True)
            pyatspi.Registry.start()
            """
        let listener = try DesktopProcess(["/usr/bin/python3", "-c", stuck], server: session.server,
                                          environment: ["DBUS_SESSION_BUS_ADDRESS": ""])
        addTeardownBlock { listener.stop() }
        try listener.waitUntil("the listener to register") { listener.log.contains("listening") }
        Thread.sleep(forTimeInterval: 0.5)
        try session.key("Tab", "Tab", "Tab")
        try session.waitUntil("three Tabs to reach the badge", timeout: 6) { try session.lastFrame().node("badge")?.focused == true }
        XCTAssertTrue(listener.log.contains("heard"), "the key went to the listener first: \(listener.log)")
    }

    func testWindowActivationFollowsTheDesktopsFocus() throws {
        let (session, _, client) = try start(windowManager: true)
        try session.xdotool(["windowactivate", "--sync", session.windowID])
        // On a screen reader's bus the first control has the focus from the start, as in Qt and GTK.
        try session.waitUntil("focus on shape") { try session.lastFrame().node("shape")?.focused == true }
        XCTAssertTrue(try client.tree().children.first?.states.contains("active") == true)
        _ = try client.events(wait: 0.5)

        let other = try HelperProcess(["window", "Another window"], server: session.server)
        defer { other.stop() }
        var events = try client.events(wait: 1)
        XCTAssertTrue(events.contains { $0.type == "window:deactivate" && $0.source.role == "frame" }, "\(events)")
        XCTAssertTrue(events.contains { $0.type == "object:state-changed:active" && $0.detail1 == 0 }, "\(events)")
        XCTAssertEqual(try client.tree().children.first?.states.contains("active"), false, "the frame is there, not active")

        try session.xdotool(["windowactivate", "--sync", session.windowID])
        events = try client.events(wait: 1)
        XCTAssertTrue(events.contains { $0.type == "window:activate" && $0.source.role == "frame" }, "\(events)")
        XCTAssertTrue(events.contains { $0.type == "focus:" && $0.source.name == "Shape: Circle" }, "\(events)")
    }

    func testScrolledExtentsMatchTheDrawnFrames() throws {
        let (session, _, client) = try start(["--geometry", "340x160+37+23"])
        let before = session.frames().count
        try session.click((100, 100), button: 5)
        let scrolled = try session.settledFrame(after: before)
        XCTAssertGreaterThan(scrolled.scroll[1], 0, "fixture: the wheel scrolled")
        _ = try client.events(wait: 0.5)
        let tree = try client.tree()
        assertTree(tree, matches: scrolled, origin: try session.windowOrigin())
        let heading = try XCTUnwrap(tree.first("heading", named: "Layout options"))
        XCTAssertEqual(heading.node.states.contains("showing"), (scrolled.node("menus.heading")?.rect.maxY ?? 0) > 0)
    }

    func testBusGoingAwayMidRunIsSurvivedSilently() throws {
        let (session, bus, client) = try start()
        XCTAssertEqual(try client.tree().name, "rewrap")
        client.stop()
        bus.stop()
        usleep(300_000)
        let start = try session.settledFrame()
        try session.click(start.node("pattern")!.center)
        try session.waitUntil("the menu after the bus went") { try session.lastFrame().popup?.owner == "pattern" }
        try session.clickRoot(try XCTUnwrap(try session.lastFrame().popup).center(of: 1))
        try session.waitUntil("the pick") { try session.lastFrame().node("pattern")?.text == "Pattern: Alternating diagonal lines" }
        XCTAssertTrue(session.process.isRunning)
        XCTAssertEqual(session.stderr, "", "silently")
    }

    /// With nothing on the root window, the session bus's `org.a11y.Bus`
    /// names the accessibility bus (rules §9.1's second way).
    func testTheSessionBusNamesTheBusWhenTheRootWindowDoesNot() throws {
        let server = try XvfbServer()
        defer { server.stop() }
        let bus = try AccessibilityBusProcess(server: server)
        defer { bus.stop() }
        let address = try XCTUnwrap(bus.address)
        XCTAssertEqual(try runCommand(["/usr/bin/xprop", "-root", "-remove", "AT_SPI_BUS"], environment: ["DISPLAY": server.display]).status, 0)
        XCTAssertNil(bus.address, "fixture: the root window names no bus")
        XCTAssertFalse(bus.sessionAddress.isEmpty, "fixture: the session bus's address")
        let session = try RewrapSession(environment: ["DBUS_SESSION_BUS_ADDRESS": bus.sessionAddress], server: server)
        defer { session.close() }
        try session.settledFrame()
        let client = try ATSPIClient(server: server, environment: ["AT_SPI_BUS_ADDRESS": address])
        defer { client.stop() }
        XCTAssertEqual(try client.tree().name, "rewrap")
    }

    /// A screen reader turned on after the program started brings the bus
    /// up then; one that crashed comes back. Either way the root window
    /// names the bus anew, and the window joins it.
    func testABusThatStartsLateOrComesBackIsJoined() throws {
        let server = try XvfbServer()
        defer { server.stop() }
        let session = try RewrapSession(environment: ["DBUS_SESSION_BUS_ADDRESS": ""], server: server)
        defer { session.close() }
        try session.settledFrame()
        usleep(300_000)  // past the first look, which finds no bus
        for round in ["late", "back"] {
            let bus = try AccessibilityBusProcess(server: server)
            defer { bus.stop() }
            let client = try ATSPIClient(server: server)
            defer { client.stop() }
            let tree = try client.tree()
            XCTAssertEqual(tree.name, "rewrap", round)
            XCTAssertNotNil(tree.first("combo box", named: "Shape: Circle"), "\(round): the window's controls are readable")
        }
        XCTAssertEqual(session.stderr, "", "silently")
    }

    /// Any client on the display can write `AT_SPI_BUS`; an address that
    /// would make libdbus run a program is refused, in one line.
    func testABusAddressThatRunsAProgramIsRefused() throws {
        let server = try XvfbServer()
        defer { server.stop() }
        let marker = NSTemporaryDirectory() + "rewrap-unixexec-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: marker) }
        let address = "unixexec:path=/bin/sh,argv0=sh,argv1=-c,argv2=touch%20\(marker)"
        XCTAssertEqual(try runCommand(["/usr/bin/xprop", "-root", "-f", "AT_SPI_BUS", "8s", "-set", "AT_SPI_BUS", address],
                                      environment: ["DISPLAY": server.display]).status, 0)
        let session = try RewrapSession(environment: ["DBUS_SESSION_BUS_ADDRESS": ""], server: server)
        defer { session.close() }
        try session.settledFrame()
        try session.waitUntil("the look for a bus") { !session.stderr.isEmpty }
        XCTAssertEqual(session.stderr, "rewrap: not joining the accessibility bus: its address is not a local socket\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: marker), "the address's program ran")
        XCTAssertTrue(session.process.isRunning)
    }

    /// A bus that takes the connection and never answers, named on the root
    /// window: the program gives up on it within a second and keeps
    /// answering keys, where libdbus alone would wait 25 s.
    func testABusThatNeverAnswersDoesNotFreezeTheWindow() throws {
        let server = try XvfbServer()
        defer { server.stop() }
        let socket = try TemporaryFile(suffix: ".socket")
        try? FileManager.default.removeItem(at: socket.url)
        let listener = """
            import socket, sys, time
            server = socket.socket(socket.AF_UNIX); server.bind(sys.argv[1]); server.listen(8)
            print("listening", flush=True)
            held = []
            while True:
                held.append(server.accept()[0]); print("accepted", flush=True)
            """
        let silent = try DesktopProcess(["/usr/bin/python3", "-c", listener, socket.path], server: server)
        defer { silent.stop() }
        try silent.waitUntil("the silent bus to listen") { silent.log.contains("listening") }
        _ = try runCommand(["/usr/bin/xprop", "-root", "-f", "AT_SPI_BUS", "8s", "-set", "AT_SPI_BUS", "unix:path=\(socket.path)"],
                       environment: ["DISPLAY": server.display])

        let session = try RewrapSession(environment: ["DBUS_SESSION_BUS_ADDRESS": ""], server: server)
        defer { session.stop() }
        try session.settledFrame()
        try silent.waitUntil("the program to connect") { silent.log.contains("accepted") }
        try session.key("Tab")
        try session.waitUntil("the focus to move while the bus stays silent", timeout: 5) {
            try session.lastFrame().nodes.contains { $0.focused == true }
        }
        XCTAssertTrue(session.process.isRunning)
        XCTAssertEqual(session.stderr, "", "silently")
    }

    /// Without a bus the program opens no D-Bus connection, loads no
    /// libdbus and starts no thread; with one, still no thread. The release
    /// build counts references without atomics on the strength of this.
    func testNoBusMeansNoConnectionNoLibraryNoThread() throws {
        let server = try XvfbServer()
        defer { server.stop() }
        let alone = try RewrapSession(environment: ["DBUS_SESSION_BUS_ADDRESS": ""], server: server)
        defer { alone.stop() }
        try alone.settledFrame()
        usleep(500_000)
        let pid = alone.process.processIdentifier
        XCTAssertFalse(try ProcessStats.mappedLibraries(of: pid).contains { $0.hasPrefix("libdbus") })
        XCTAssertEqual(try threads(of: pid), 1)
        let socketsAlone = try sockets(of: pid)
        alone.stop()

        let bus = try AccessibilityBusProcess(server: server)
        defer { bus.stop() }
        let published = try RewrapSession(environment: ["DBUS_SESSION_BUS_ADDRESS": ""], server: server)
        defer { published.stop() }
        try published.settledFrame()
        let busPID = published.process.processIdentifier
        try published.waitUntil("the bus connection, one socket more") { (try? self.sockets(of: busPID)) == socketsAlone + 1 }
        XCTAssertTrue(try ProcessStats.mappedLibraries(of: busPID).contains { $0.hasPrefix("libdbus") })
        XCTAssertEqual(try threads(of: busPID), 1, "the bus joins the main loop; no thread")
    }

    private func threads(of pid: Int32) throws -> Int {
        try FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task").count
    }

    private func sockets(of pid: Int32) throws -> Int {
        try FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fd").filter {
            ((try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(pid)/fd/\($0)")) ?? "").hasPrefix("socket:")
        }.count
    }
}
