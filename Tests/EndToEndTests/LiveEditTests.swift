import Foundation
import RewrapTestDrivers
import RewrapTestFakes
import XCTest

/// The window follows its panel file while it runs (rules §12.4), on the
/// real binary: every way editors save shows with motion on the curve, a
/// bad save loses nothing and is read by a screen reader, and the limits
/// (a pipe, a link, `--no-watch`) hold. The oracle for the motion is the
/// independent cubic-bezier the motion tests use.
final class LiveEditTests: XCTestCase {
    private let easeInOut = ReferenceBezier.easeInOut
    private var folder = ""
    private var path: String { folder + "/panel.json" }
    private let shipped = try! String(contentsOfFile: PanelFixture.shippedPath, encoding: .utf8)

    override func setUpWithError() throws {
        folder = NSTemporaryDirectory() + "rewrap-live-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try shipped.write(toFile: path, atomically: false, encoding: .utf8)
    }

    override func tearDown() {
        try? FileManager.default.removeItem(atPath: folder)
    }

    /// The shipped panel with Shape's dropdown titled `title`.
    private func panel(shapeTitled title: String) -> String {
        shipped.replacingOccurrences(of: "\"title\": \"Shape\"", with: "\"title\": \"\(title)\"")
    }

    /// The four ways editors save, each writing `text` over the panel file.
    private var saves: [(name: String, save: (String) throws -> Void)] {
        let path = self.path
        return [
            ("write and rename", { text in
                try text.write(toFile: path + ".tmp", atomically: false, encoding: .utf8)
                guard rename(path + ".tmp", path) == 0 else { throw TestFailure("rename") }
            }),
            ("rename to a backup, then write", { text in
                guard rename(path, path + "~") == 0 else { throw TestFailure("rename") }
                try text.write(toFile: path, atomically: false, encoding: .utf8)
            }),
            ("truncate, then write in two parts", { text in
                let bytes = Array(text.utf8)
                let descriptor = open(path, O_WRONLY | O_TRUNC)
                guard descriptor >= 0 else { throw TestFailure("open") }
                defer { close(descriptor) }
                _ = write(descriptor, bytes, bytes.count / 2)
                usleep(40_000)
                _ = bytes[(bytes.count / 2)...].withContiguousStorageIfAvailable { write(descriptor, $0.baseAddress, $0.count) }
            }),
            ("sed -i", { text in
                // sed makes the same change the text holds: Shape's title, whatever it was.
                let title = text.components(separatedBy: "\"id\": \"shape\", \"title\": \"")[1].components(separatedBy: "\"")[0]
                let result = try runCommand(["/bin/sed", "-i", "-E",
                                             "s/(\"id\": \"shape\", \"title\": \")[^\"]*\"/\\1\(title)\"/", path])
                guard result.status == 0 else { throw TestFailure("sed: \(result.stderr)") }
            }),
        ]
    }

    /// Each way of saving, one after another on `session`: the new label
    /// shows, the move follows the curve to the plan, and nothing is said.
    private func assertEachWayOfSavingReflows(_ session: TracedSession) throws {
        XCTAssertTrue(shipped.contains("\"id\": \"shape\", \"title\": \"Shape\""), "fixture: the shipped panel's layout")
        var titles = ["A much longer shape title", "Form"].makeIterator()
        for (name, save) in saves {
            let title = titles.next() ?? "Shape"
            titles = (title == "Form" ? ["A much longer shape title", "Form"] : ["Form"]).makeIterator()
            let settled = try session.settledFrame()
            let before = session.frames().count
            try save(panel(shapeTitled: title))
            try session.waitUntil("\(name) to show") { session.frames().last?.node("shape")?.text.hasPrefix(title + ":") == true }
            let end = try session.settledFrame(after: before)
            let frames = Array(session.frames().dropFirst(before))
            let moving = frames.filter(\.animating)
            XCTAssertGreaterThanOrEqual(moving.count, 5, "\(name): the edit moves")
            let first = try XCTUnwrap(moving.first)
            XCTAssertTrue(first.node("shape")?.text.hasPrefix(title) == true, "\(name): the label changes at once")
            // Pattern, beside Shape, moves across; it follows the curve.
            let from = try XCTUnwrap(settled.node("pattern")).frame[0], to = try XCTUnwrap(end.node("pattern")).frame[0]
            XCTAssertGreaterThan(abs(to - from), 20, "\(name): pattern moved far enough to measure")
            for frame in moving {
                let x = try XCTUnwrap(frame.node("pattern")).frame[0]
                let expected = easeInOut.bisectedProgress(at: min(1, (frame.time - first.time) / 0.25))
                XCTAssertEqual((x - from) / (to - from), expected, accuracy: 0.12, "\(name) at t = \(frame.time - first.time)")
            }
            for node in end.nodes { XCTAssertEqual(node.frame, node.target, "\(name): \(node.id) ends on its plan") }
            XCTAssertFalse(frames.contains { $0.node("notice") != nil }, "\(name) shows no notice")
            XCTAssertEqual(session.stderr, "", name)
        }
    }

    func testEachWayOfSavingReflowsOnTheCurveOnX11() throws {
        let session = try RewrapSession(arguments: ["--panel", path, "--geometry", "680x420+0+0"])
        defer { session.close() }
        try assertEachWayOfSavingReflows(session)
        // The title follows the file, in both of the names a window manager reads.
        try shipped.replacingOccurrences(of: "\"title\": \"Rewrap\"", with: "\"title\": \"Edited title\"")
            .write(toFile: path, atomically: true, encoding: .utf8)
        try session.waitUntil("the window manager to read the new title") {
            let names = try runCommand(["/usr/bin/xprop", "-id", session.windowID, "_NET_WM_NAME", "WM_NAME"],
                                       environment: ["DISPLAY": session.server.display]).stdout
            return names.contains("_NET_WM_NAME(UTF8_STRING) = \"Edited title\"") && names.contains("WM_NAME(STRING) = \"Edited title\"")
        }
    }

    func testEachWayOfSavingReflowsOnTheCurveOnSway() throws {
        let sway = try SwayServer()
        defer { sway.stop() }
        let session = try WaylandSession(sway: sway, arguments: ["--panel", path, "--geometry", "680x420"])
        defer { session.close() }
        try assertEachWayOfSavingReflows(session)
        // The title follows the file on Wayland too, through xdg_toplevel.
        try shipped.replacingOccurrences(of: "\"title\": \"Rewrap\"", with: "\"title\": \"Edited title\"")
            .write(toFile: path, atomically: true, encoding: .utf8)
        try session.waitUntil("sway to show the new title") {
            try sway.swaymsg(["-t", "get_tree"]).contains("\"name\": \"Edited title\"")
        }
    }

    /// Where the compositor draws no title (weston, mutter), libdecor draws
    /// it: the title bar of a window retitled by an edit is, pixel for
    /// pixel, that of a window started with the new title.
    func testAnEditedTitleIsTheOneLibdecorDrawsOnWeston() throws {
        let reference = folder + "/x11.png"
        let x11 = try RewrapSession(arguments: ["--panel", path, "--geometry", "680x420+0+0"])
        try x11.settledFrame()
        try x11.capture(to: reference)
        x11.close()
        let weston = try WestonServer(desktopColor: "0xff204060")
        defer { weston.stop() }
        let edited = shipped.replacingOccurrences(of: "\"title\": \"Rewrap\"", with: "\"title\": \"Edited title\"")
        XCTAssertNotEqual(edited, shipped, "fixture: the panel's title")

        /// The title bar above the window, as its own PNG.
        func titleBar(_ name: String) throws -> String {
            // Weston shows a frame a moment after it is committed.
            usleep(500_000)
            let shot = folder + "/\(name)-screen.png"
            try weston.screenshot(to: shot)
            let screen = try RGBImage(contentsOf: shot), window = try RGBImage(contentsOf: reference)
            let origin = try XCTUnwrap(screen.firstPlace(of: window.row(0)), "the window on weston: \(shot)")
            let color = screen[origin.x + 8, origin.y - 1]
            var bar = 0
            while origin.y - bar - 1 >= 0, screen[origin.x + 8, origin.y - bar - 1] == color { bar += 1 }
            XCTAssertTrue((20...60).contains(bar), "a title bar \(bar) px tall: \(shot)")
            let path = folder + "/\(name)-bar.png"
            let crop = try runCommand(["/usr/bin/convert", shot, "-crop", "680x\(bar)+\(origin.x)+\(origin.y - bar)", "+repage", path])
            guard crop.status == 0 else { throw TestFailure("convert -crop: \(crop.stderr)") }
            return path
        }
        func start(_ panel: String, keeping home: StateHome) throws -> (process: Process, trace: TemporaryFile, stderr: TemporaryFile) {
            let (process, trace, stderr) = try weston.startRewrap(["--panel", panel, "--geometry", "680x420"], stateHome: home)
            let deadline = Date().addingTimeInterval(10)
            while TraceFrame.parse((try? Data(contentsOf: trace.url)) ?? Data()).isEmpty, Date() < deadline, process.isRunning { usleep(20_000) }
            return (process, trace, stderr)
        }

        let homes = (StateHome(), StateHome())
        let retitled = try start(path, keeping: homes.0)
        let before = try titleBar("before")
        try edited.write(toFile: path, atomically: true, encoding: .utf8)
        // The settle time, then a frame: the edit is in by then.
        usleep(500_000)
        let after = try titleBar("after")
        XCTAssertEqual(try String(contentsOf: retitled.stderr.url, encoding: .utf8), "")
        stopProcess(retitled.process)

        let startedPath = folder + "/started.json"
        try edited.write(toFile: startedPath, atomically: true, encoding: .utf8)
        let started = try start(startedPath, keeping: homes.1)
        defer { stopProcess(started.process) }
        let expected = try titleBar("started")
        XCTAssertGreaterThan(try differingPixels(before, expected).count, 0, "the title shows in the bar: \(folder)")
        XCTAssertEqual(try differingPixels(after, expected).count, 0, "the retitled bar is the one started with the title: \(folder)")
    }
}
