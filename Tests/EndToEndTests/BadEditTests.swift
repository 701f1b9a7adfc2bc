import Foundation
import RewrapTestDrivers
import XCTest

/// A bad save loses nothing (rules §12.4): for each, the process lives, the
/// last panel stays, one line names the file and the place, and a notice a
/// screen reader reads (pyatspi, on a private bus) comes and then goes.
/// Then the limits: a pipe is read once, a link is followed, `--no-watch`
/// and the kernel's inotify limits leave F5.
final class BadEditTests: XCTestCase {
    private var folder = ""
    private var path: String { folder + "/panel.json" }
    private let shipped = try! String(contentsOfFile: PanelFixture.shippedPath, encoding: .utf8)

    override func setUpWithError() throws {
        folder = NSTemporaryDirectory() + "rewrap-bad-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try shipped.write(toFile: path, atomically: false, encoding: .utf8)
    }

    override func tearDown() {
        try? FileManager.default.removeItem(atPath: folder)
    }

    private func replaceWithFile(_ text: String) throws {
        try text.write(toFile: path, atomically: true, encoding: .utf8)
    }

    private func remove() throws {
        try FileManager.default.removeItem(atPath: path)
    }

    /// Each bad save, and what its one line says after `rewrap: FILE: `.
    private var badSaves: [(name: String, save: () throws -> Void, place: String)] {
        [
            ("a syntax error", { try self.replaceWithFile("{\n  \"title\": \"Rewrap\",\n  \"menus\": [}") },
             "$.menus[0]: line 3, column 13: expected a value, found '}'"),
            ("a schema error", { try self.replaceWithFile(self.shipped.replacingOccurrences(of: "\"selected\": \"Circle\"",
                                                                                           with: "\"selected\": \"Hexagon\"")) },
             "$.menus.items[0].selected: \"Hexagon\" is not among the options"),
            ("an empty file", { try self.replaceWithFile("") }, "$: line 1, column 1: file is empty"),
            ("5 MB of brackets", { try self.replaceWithFile(String(repeating: "[", count: 5 * 1024 * 1024)) },
             "$: file is too large (5242880 bytes; the limit is 4194304)"),
            ("a deleted file", { try self.remove() }, "$: cannot read file: No such file or directory"),
            ("a folder in its place", { try self.remove(); try FileManager.default.createDirectory(atPath: self.path, withIntermediateDirectories: false) },
             "$: cannot read file: it is now a folder"),
            ("a FIFO in its place", { try self.remove(); guard mkfifo(self.path, 0o644) == 0 else { throw TestFailure("mkfifo") } },
             "$: cannot read file: it is now a FIFO, which is read once, at start"),
        ]
    }

    func testEveryBadSaveKeepsThePanelSaysOneLineAndShowsANoticeAScreenReaderReads() throws {
        let server = try XvfbServer()
        let bus = try AccessibilityBusProcess(server: server)
        let session = try RewrapSession(arguments: ["--panel", path, "--geometry", "680x420+0+0"],
                                        environment: ["DBUS_SESSION_BUS_ADDRESS": ""], server: server)
        let client = try ATSPIClient(server: server)
        defer {
            client.stop()
            session.close()
            bus.stop()
            server.stop()
        }
        let good = try session.settledFrame()
        try session.waitUntil("the window on the bus") { (try? client.tree())?.children.first?.name == "Rewrap" }
        var lines = 0
        for (name, save, place) in badSaves {
            _ = try client.events(wait: 0)
            try save()
            try session.waitUntil("the notice for \(name)") { session.frames().last?.node("notice") != nil }
            let shown = try session.lastFrame()
            let notice = try XCTUnwrap(shown.node("notice"))
            XCTAssertEqual(notice.kind, "notice")
            XCTAssertEqual(notice.text, "The panel file has an error: \(path): \(place)", name)
            for node in good.nodes { XCTAssertEqual(shown.node(node.id)?.frame, node.frame, "\(name): \(node.id) stays") }
            let stderr = session.stderr.split(separator: "\n")
            XCTAssertEqual(stderr.count, lines + 1, "\(name): one line")
            XCTAssertEqual(stderr.last.map(String.init), "rewrap: \(path): \(place)", name)
            lines = stderr.count
            // A screen reader hears it come and reads it.
            let tree = try client.tree()
            let read = try XCTUnwrap(tree.first("notification", named: notice.text), "\(name): the notice in the tree")
            XCTAssertTrue(read.node.states.contains("showing"), name)
            let events = try client.events(wait: 1)
            XCTAssertTrue(events.contains { $0.type == "object:children-changed:add" && $0.source.role == "frame" }, "\(name): \(events)")

            // Good again: the notice goes, and the panel is the one it was.
            if name.contains("folder") { try FileManager.default.removeItem(atPath: path) }
            if name.contains("FIFO") { try FileManager.default.removeItem(atPath: path) }
            try replaceWithFile(shipped)
            try session.waitUntil("the notice to go after \(name)") { session.frames().last?.node("notice") == nil }
            XCTAssertNil(try client.tree().first("notification", named: notice.text), "\(name): gone from the tree")
            XCTAssertTrue(session.process.isRunning, name)
        }
        let last = try session.settledFrame()
        XCTAssertEqual(last.nodes.map(\.text), good.nodes.map(\.text))
        XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), shipped, "nothing is written to the panel file")
    }

    /// The same on sway: all of it is above the seam.
    func testABadSaveOnSwayKeepsThePanelSaysOneLineAndShowsTheNotice() throws {
        let sway = try SwayServer()
        defer { sway.stop() }
        let session = try WaylandSession(sway: sway, arguments: ["--panel", path, "--geometry", "680x420"])
        defer { session.close() }
        let good = try session.settledFrame()
        try replaceWithFile("{\n  \"title\": \"Rewrap\",\n  \"menus\": [}")
        try session.waitUntil("the notice") { session.frames().last?.node("notice") != nil }
        let shown = try session.lastFrame()
        for node in good.nodes { XCTAssertEqual(shown.node(node.id)?.frame, node.frame, "\(node.id) stays") }
        XCTAssertEqual(session.stderr.split(separator: "\n"),
                       ["rewrap: \(path): $.menus[0]: line 3, column 13: expected a value, found '}'"])
        try replaceWithFile(shipped)
        try session.waitUntil("the notice to go") { session.frames().last?.node("notice") == nil }
        XCTAssertTrue(session.process.isRunning)
    }

    func testAPipeIsReadOnceAndNeverWatched() throws {
        let fifo = folder + "/pipe.json"
        XCTAssertEqual(mkfifo(fifo, 0o644), 0)
        let text = shipped
        let writer = Thread { try? text.write(toFile: fifo, atomically: false, encoding: .utf8) }
        writer.start()
        let session = try RewrapSession(arguments: ["--panel", fifo])
        defer { session.close() }
        let start = try session.settledFrame()
        XCTAssertEqual(start.node("shape")?.text, "Shape: Circle")
        // F5 on a pipe reads nothing, and never waits for a writer.
        try session.xdotool(["key", "--window", session.windowID, "F5"])
        try session.xdotool(["key", "--window", session.windowID, "Tab"])
        try session.waitUntil("Tab after F5") { session.frames().last?.node("shape")?.focused == true }
        XCTAssertEqual(session.stderr, "")
    }

    func testASymlinkedPanelIsFollowed() throws {
        let link = folder + "/link.json"
        XCTAssertEqual(symlink(path, link), 0)
        let session = try RewrapSession(arguments: ["--panel", link])
        defer { session.close() }
        try session.settledFrame()
        try shipped.replacingOccurrences(of: "\"title\": \"Shape\"", with: "\"title\": \"Linked\"")
            .write(toFile: path, atomically: true, encoding: .utf8)
        try session.waitUntil("the edit of the link's target") { session.frames().last?.node("shape")?.text == "Linked: Circle" }
        XCTAssertEqual(session.stderr, "")
    }

    /// The kernel's own limits, set to nothing in a user namespace of the
    /// window's own (`/proc/sys/user` is per namespace): one line says
    /// the file is not watched and why, and F5 still reads an edit.
    func testAtTheKernelsInotifyLimitsOneLineSaysSoAndF5StillReads() throws {
        let limits = [("max_inotify_watches", "the limit of inotify watches is reached (fs.inotify.max_user_watches)"),
                      ("max_inotify_instances", "the limit of inotify instances is reached (fs.inotify.max_user_instances)")]
        for (limit, reason) in limits {
            try shipped.write(toFile: path, atomically: true, encoding: .utf8)
            let limited = folder + "/rewrap-at-\(limit)"
            try """
                #!/bin/sh
                exec /usr/bin/unshare --user --map-root-user /bin/sh -c \
                    'echo 0 > /proc/sys/user/\(limit) && exec "$0" "$@"' \(PackagePaths.rewrapBinary) "$@"
                """.write(toFile: limited, atomically: true, encoding: .utf8)
            XCTAssertEqual(chmod(limited, 0o755), 0)
            let session = try RewrapSession(arguments: ["--panel", path], executable: limited)
            defer { session.close() }
            try session.settledFrame()
            XCTAssertEqual(session.stderr, "rewrap: cannot watch \(path) for edits: \(reason); F5 reads it again\n")
            try assertAnEditWaitsForF5(in: session, limit)
            XCTAssertTrue(session.process.isRunning, limit)
        }
    }

    func testWithNoWatchAnEditWaitsForF5() throws {
        let session = try RewrapSession(arguments: ["--panel", path, "--no-watch"])
        defer { session.close() }
        try session.settledFrame()
        try assertAnEditWaitsForF5(in: session, "--no-watch")
        XCTAssertEqual(session.stderr, "")
    }

    /// Shape's title edited in the file: the window, unwatched, still shows
    /// the old one once it has drawn again, and F5 reads the edit.
    private func assertAnEditWaitsForF5(in session: RewrapSession, _ name: String) throws {
        try shipped.replacingOccurrences(of: "\"title\": \"Shape\"", with: "\"title\": \"By hand\"")
            .write(toFile: path, atomically: true, encoding: .utf8)
        // Tab makes the window draw: a watched edit would show by then.
        usleep(300_000)
        try session.xdotool(["key", "--window", session.windowID, "Tab"])
        try session.waitUntil("Tab") { session.frames().last?.node("shape")?.focused == true }
        XCTAssertEqual(session.frames().last?.node("shape")?.text, "Shape: Circle", "\(name): unwatched")
        try session.xdotool(["key", "--window", session.windowID, "F5"])
        try session.waitUntil("F5 to read the edit") { session.frames().last?.node("shape")?.text == "By hand: Circle" }
    }
}
