import Foundation
import RewrapTestDrivers
import XCTest

/// Keyboard, HiDPI, languages, the badge's popup, the inspector and install.
final class DesktopTests: XCTestCase {
    private func focused(_ frame: TraceFrame) -> [String] {
        frame.nodes.filter { $0.focused == true }.map(\.id)
    }

    func testKeyboardOnlyPick() throws {
        let session = try RewrapSession(arguments: ["--reduce-motion"])
        try session.settledFrame()
        try session.key("Tab")
        try session.waitUntil("focus on shape") { try self.focused(session.lastFrame()) == ["shape"] }
        try session.key("Tab")
        try session.waitUntil("focus on pattern") { try self.focused(session.lastFrame()) == ["pattern"] }
        try session.key("Return")
        try session.waitUntil("the popup") { try session.lastFrame().popup?.owner == "pattern" }
        try session.key("Down", "Return")
        try session.waitUntil("the pick") {
            let frame = try session.lastFrame()
            return frame.popup == nil && frame.node("pattern")?.text == "Pattern: Alternating diagonal lines"
        }
        XCTAssertEqual(focused(try session.lastFrame()), ["pattern"], "focus stays with the control")

        // Shift+Tab goes back; End and a typed letter move the highlight.
        try session.key("shift+Tab")
        try session.waitUntil("focus back on shape") { try self.focused(session.lastFrame()) == ["shape"] }
        try session.key("space")
        try session.waitUntil("the shape popup") { try session.lastFrame().popup?.owner == "shape" }
        try session.key("End", "Return")
        try session.waitUntil("the last option") { try session.lastFrame().node("shape")?.text == "Shape: Rounded rectangle" }
        try session.key("Down")
        try session.waitUntil("the shape popup again") { try session.lastFrame().popup?.owner == "shape" }
        try session.key("c", "Return")
        try session.waitUntil("the option typed") { try session.lastFrame().node("shape")?.text == "Shape: Circle" }

        // Esc closes with nothing changed and gives focus back to the button.
        try session.key("Tab", "Tab", "Return")
        try session.waitUntil("the arrangement popup") { try session.lastFrame().popup?.owner == "arrangement" }
        try session.key("Down", "Escape")
        try session.waitUntil("the popup to close") { try session.lastFrame().popup == nil }
        let frame = try session.lastFrame()
        XCTAssertEqual(frame.node("arrangement")?.text, "Arrangement: Rows")
        XCTAssertEqual(focused(frame), ["arrangement"])
    }

    func testBadgeOpensAPopupOfTheHiddenChips() throws {
        let session = try RewrapSession(arguments: ["--geometry", "480x420+0+0"])
        let frame = try session.settledFrame()
        let badge = try XCTUnwrap(frame.node("badge"))
        let visible = frame.nodes("chip").map(\.id)
        try session.click(badge.center)
        try session.waitUntil("the badge popup") { try session.lastFrame().popup?.owner == "badge" }
        let popup = try XCTUnwrap(try session.lastFrame().popup)
        let all = ["sketch", "color-samples", "shapes", "paper-textures", "layout-notes", "preview"]
        XCTAssertEqual(popup.nodes.map(\.id), all.filter { !visible.contains($0) }.map { "badge/\($0)" })
        XCTAssertEqual(badge.text, "\(popup.nodes.count) more")

        // Esc hands focus back to the badge; a full round of Tab returns to
        // it, since it is last in the focus order after the three dropdowns.
        try session.key("Escape")
        try session.waitUntil("the popup to close") { try session.lastFrame().popup == nil }
        XCTAssertEqual(focused(try session.lastFrame()), ["badge"])
        try session.key("Tab")
        try session.waitUntil("focus wrapping to shape") { try self.focused(session.lastFrame()) == ["shape"] }
        try session.key("Tab", "Tab", "Tab")
        try session.waitUntil("focus on the badge") { try self.focused(session.lastFrame()) == ["badge"] }
        try session.key("Return")
        try session.waitUntil("the badge popup by keyboard") { try session.lastFrame().popup?.owner == "badge" }
    }

    func testDuplicateChipTitlesAreCountedSeparately() throws {
        let source = try String(contentsOfFile: PackagePaths.root + "/assets/panel.json", encoding: .utf8)
        let twin = source.replacingOccurrences(of: "{\"id\": \"preview\", \"title\": \"Preview\"}",
                                               with: "{\"id\": \"preview\", \"title\": \"Preview\"}, {\"id\": \"preview-2\", \"title\": \"Preview\"}")
        let file = try TemporaryFile(suffix: ".json", contents: Data(twin.utf8))
        let session = try RewrapSession(arguments: ["--panel", file.path, "--geometry", "480x420+0+0"])
        let frame = try session.settledFrame()
        try session.click(try XCTUnwrap(frame.node("badge")).center)
        try session.waitUntil("the badge popup") { try session.lastFrame().popup?.owner == "badge" }
        let popup = try XCTUnwrap(try session.lastFrame().popup)
        XCTAssertEqual(popup.nodes.suffix(2).map(\.id), ["badge/preview", "badge/preview-2"])
        XCTAssertEqual(popup.nodes.count, 7 - frame.nodes("chip").count)
    }

    func testScaleTwoDoublesEveryFrame() throws {
        let normal = try RewrapSession(arguments: ["--scale", "1", "--geometry", "600x420+0+0"]).settledFrame()
        let double = try RewrapSession(arguments: ["--scale", "2", "--geometry", "1200x840+0+0"]).settledFrame()
        XCTAssertEqual(double.nodes.map(\.id), normal.nodes.map(\.id))
        for node in double.nodes {
            let base = try XCTUnwrap(normal.node(node.id))
            // Lengths scale exactly, but a 28 px font is not exactly twice a
            // 14 px one: hinting rounds each advance at each size, and that adds
            // up down and across the page. Allow 2 %, never less than 3 px.
            // The padding is exact.
            if base.frame[0] == 20 { XCTAssertEqual(node.frame[0], 40, "\(node.id) starts at the doubled padding") }
            for axis in 0..<4 {
                let expected = 2 * base.frame[axis]
                XCTAssertEqual(node.frame[axis], expected, accuracy: max(3, 0.02 * expected), "\(node.id) axis \(axis)")
            }
        }
    }

    func testScaleComesFromTheDesktopDPI() throws {
        let server = try XvfbServer()
        defer { server.stop() }
        let settings = try HelperProcess(["xsettings", "Xft/DPI=\(192 * 1024)"], server: server)
        defer { settings.stop() }
        XCTAssertEqual(settings.greeting, "ready")
        let session = try RewrapSession(arguments: ["--geometry", "1360x840+0+0"], server: server)
        let frame = try session.settledFrame()
        XCTAssertEqual(frame.node("menus.heading")?.rect.minX, 40, "padding doubles at 192 dpi")
        session.stop()
    }

    func testScaleComesFromTheXftDPIResource() throws {
        let server = try XvfbServer()
        defer { server.stop() }
        let set = try runCommand([PackagePaths.helperBinary, "resources", "Xft.antialias:\t1\nXft.dpi:\t144\n"],
                                 environment: ["DISPLAY": server.display])
        XCTAssertEqual(set.status, 0, set.stderr)
        let session = try RewrapSession(arguments: ["--geometry", "1020x630+0+0"], server: server)
        let frame = try session.settledFrame()
        XCTAssertEqual(frame.node("menus.heading")?.rect.minX, 30, "padding is 1.5x at 144 dpi")
        session.stop()
    }

    func testSpanishTexts() throws {
        let session = try RewrapSession(arguments: ["--geometry", "480x420+0+0"], environment: ["LANG": "es_ES.UTF-8", "LC_ALL": ""])
        let frame = try session.settledFrame()
        XCTAssertEqual(frame.node("menus.heading")?.text, "Opciones de diseño")
        XCTAssertEqual(frame.node("shape")?.text, "Forma: Círculo")
        let hidden = 6 - frame.nodes("chip").count
        XCTAssertEqual(frame.node("badge")?.text, "\(hidden) más")
        XCTAssertEqual(session.violations(in: frame), [])
    }

    func testTraditionalChineseTexts() throws {
        let session = try RewrapSession(arguments: ["--geometry", "340x420+0+0"], environment: ["LANG": "zh_TW.UTF-8", "LC_ALL": ""])
        let frame = try session.settledFrame()
        XCTAssertEqual(frame.node("menus.heading")?.text, "版面選項")
        XCTAssertEqual(frame.node("pattern")?.text, "圖樣: 實心")
        let hidden = 6 - frame.nodes("chip").count
        XCTAssertGreaterThan(hidden, 0)
        XCTAssertEqual(frame.node("badge")?.text, "還有 \(hidden) 個")
        XCTAssertEqual(session.violations(in: frame), [])
    }

    func testLocaleOptionOverridesTheEnvironment() throws {
        let session = try RewrapSession(arguments: ["--locale", "zh_HK"], environment: ["LANG": "es_ES.UTF-8"])
        XCTAssertEqual(try session.settledFrame().node("chips.heading")?.text, "範例標籤")
    }

    func testEveryLabelInEveryLanguageHasAFont() throws {
        let server = try XvfbServer()
        defer { server.stop() }
        let shipped = try runCommand([PackagePaths.rewrapBinary, "coverage"], environment: ["DISPLAY": server.display])
        XCTAssertEqual(shipped.status, 0, shipped.stdout + shipped.stderr)

        // The check can fail: a character no installed font has is reported.
        let source = try String(contentsOfFile: PackagePaths.root + "/assets/panel.json", encoding: .utf8)
        let odd = source.replacingOccurrences(of: "\"Sketch\"", with: "\"Sketch \u{13000}\"")
        let file = try TemporaryFile(suffix: ".json", contents: Data(odd.utf8))
        let broken = try runCommand([PackagePaths.rewrapBinary, "coverage", file.path], environment: ["DISPLAY": server.display])
        XCTAssertEqual(broken.status, 1)
        XCTAssertTrue(broken.stdout.contains("U+13000"), broken.stdout)
    }

    func testInspectorDrawsOverTheWindow() throws {
        let session = try RewrapSession()
        try session.settledFrame()
        func bottomPixel() throws -> String {
            let result = try runCommand(["/usr/bin/import", "-window", session.windowID, "-crop", "1x1+5+415", "txt:-"],
                                        environment: ["DISPLAY": session.server.display])
            return result.stdout
        }
        let plain = try bottomPixel()
        let before = session.frames().count
        try session.key("F12")
        try session.waitUntil("a redraw") { session.frames().count > before }
        usleep(100_000)
        let inspected = try bottomPixel()
        XCTAssertNotEqual(plain, inspected, "the inspector's caption bar covers the bottom edge")
    }

    func testWindowHasAnIcon() throws {
        let session = try RewrapSession()
        // Published just after the first frame, which does not wait for it.
        func icon() throws -> String {
            try runCommand(["/usr/bin/xprop", "-id", session.windowID, "-notype", "32c", "_NET_WM_ICON"],
                           environment: ["DISPLAY": session.server.display]).stdout
        }
        try session.waitUntil("the icon is published") { (try? icon())?.hasPrefix("_NET_WM_ICON = ") == true }
        let published = try icon()
        XCTAssertTrue(published.hasPrefix("_NET_WM_ICON = 48, 48,"), published)
        let values = published.drop { $0 != "=" }.dropFirst().split(separator: ",")
            .compactMap { UInt32($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
        XCTAssertEqual(values.count, 2 + 48 * 48, "every pixel is published")
        let (mean, worst) = IconReference.difference(Array(values.dropFirst(2)), try IconReference.svgPixels(size: 48))
        XCTAssertLessThan(mean, 2, "what the window manager reads looks like the SVG")
        XCTAssertLessThan(worst, 48)
    }

    func testInstallIntoAPrefixAndRunFromAnywhere() throws {
        let prefix = NSTemporaryDirectory() + "rewrap-prefix-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: prefix) }
        let install = try runCommand(["/usr/bin/make", "-s", "-C", PackagePaths.root, "install", "PREFIX=\(prefix)",
                                      "BINARY=\(PackagePaths.rewrapBinary)"], timeout: 60)
        XCTAssertEqual(install.status, 0, install.stderr)
        for file in ["bin/rewrap", "share/rewrap/panel.json", "share/locale/es/LC_MESSAGES/rewrap.mo",
                     "share/locale/zh_TW/LC_MESSAGES/rewrap.mo", "share/locale/ar/LC_MESSAGES/rewrap.mo", "share/locale/he/LC_MESSAGES/rewrap.mo",
                     "share/applications/io.github.rewrap.Rewrap.desktop", "share/icons/hicolor/scalable/apps/rewrap.svg",
                     "share/metainfo/io.github.rewrap.Rewrap.metainfo.xml", "share/man/man1/rewrap.1"] {
            XCTAssertTrue(FileManager.default.fileExists(atPath: prefix + "/" + file), file)
        }

        let server = try XvfbServer()
        defer { server.stop() }
        let trace = try TemporaryFile(suffix: ".jsonl")
        let app = Process()
        app.executableURL = URL(fileURLWithPath: prefix + "/bin/rewrap")
        app.arguments = ["--trace", trace.path]
        app.currentDirectoryURL = URL(fileURLWithPath: "/")
        let stateHome = StateHome()
        app.environment = ["DISPLAY": server.display, "LANG": "C", "XDG_STATE_HOME": stateHome.path]
        try app.run()
        defer { app.terminate() }
        let deadline = Date().addingTimeInterval(10)
        while TraceFrame.read(trace.path).isEmpty, Date() < deadline, app.isRunning { usleep(20_000) }
        XCTAssertEqual(TraceFrame.read(trace.path).first?.node("shape")?.text, "Shape: Circle")
        app.terminate()

        let uninstall = try runCommand(["/usr/bin/make", "-s", "-C", PackagePaths.root, "uninstall", "PREFIX=\(prefix)"])
        XCTAssertEqual(uninstall.status, 0, uninstall.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: prefix + "/share/rewrap"))
        let files = try FileManager.default.subpathsOfDirectory(atPath: prefix).filter { path in
            var isDirectory: ObjCBool = false
            return FileManager.default.fileExists(atPath: prefix + "/" + path, isDirectory: &isDirectory) && !isDirectory.boolValue
        }
        XCTAssertEqual(files, [], "uninstall removes every file install made")
    }
}
