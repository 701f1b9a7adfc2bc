import Foundation
import RewrapLayout
import RewrapTestDrivers
import XCTest

/// Emoji in labels (rules §7.7), on X11 and on sway at scale 1 and 2: a
/// panel of emoji labels beside the same panel with the emoji taken out
/// (Tests/Fixtures/emoji). Each control keeps its height, each emoji is in
/// colour inside its own control and nowhere else, each flag, keycap and
/// ZWJ sequence is one picture as wide as a single emoji, VS16 asks for
/// colour and VS15 for text, and X11 and Wayland draw the same pixels.
final class EmojiTests: XCTestCase {
    static let folder = PackagePaths.root + "/Tests/Fixtures/emoji/"
    static let emojiPanel = folder + "emoji.json"
    static let plainPanel = folder + "plain.json"
    /// The labels whose emoji is a sequence or a single code point, each
    /// to be one picture: a keycap, a ZWJ rainbow flag, two flags, VS16, a skin tone.
    static let pictures = ["sketch", "color-samples", "first", "rainbow", "arabic", "hebrew", "shape", "status", "country",
                           "menus.heading", "chips.heading"]

    private var pictureFolder = ""

    override func setUpWithError() throws {
        pictureFolder = NSTemporaryDirectory() + "rewrap-emoji-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: pictureFolder, withIntermediateDirectories: true)
    }

    /// A settled frame of `panel` on X11 and a picture of the window.
    private func x11(_ panel: String, scale: Double, extra: [String] = [], environment: [String: String] = [:],
                     server: XvfbServer, name: String) throws -> (frame: TraceFrame, picture: String, stderr: String) {
        let size = "\(Int(800 * scale))x\(Int(420 * scale))"
        let session = try RewrapSession(arguments: ["--panel", panel, "--scale", String(scale), "--geometry", size + "+0+0"] + extra,
                                        environment: environment, server: server)
        defer { session.close() }
        try session.parkPointer()
        let frame = try session.settledFrame()
        usleep(200_000)
        let path = pictureFolder + "/x11-\(name).png"
        try session.capture(to: path)
        return (frame, path, session.stderr)
    }

    /// The same on sway, whose output is at `scale`.
    private func wayland(_ panel: String, sway: SwayServer, scale: Double, extra: [String] = [], environment: [String: String] = [:],
                         name: String) throws -> (frame: TraceFrame, picture: String, stderr: String) {
        try sway.swaymsg(["output", "HEADLESS-1", "resolution", "2800x1680", "scale", String(Int(scale))])
        let session = try WaylandSession(sway: sway, arguments: ["--panel", panel, "--geometry", "\(Int(800 * scale))x\(Int(420 * scale))"] + extra,
                                         environment: environment)
        defer { session.close() }
        let frame = try session.settledFrame()
        // The compositor shows the frame a moment after it is committed.
        usleep(300_000)
        let path = pictureFolder + "/wayland-\(name).png"
        try session.capture(to: path)
        return (frame, path, session.stderr)
    }

    /// Everything the issue asks of one picture of the emoji panel, against
    /// the plain panel's frame at the same scale.
    private func assertEmojiDrawn(_ emoji: (frame: TraceFrame, picture: String), plain: TraceFrame, scale: Double,
                                  _ name: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let image = try RGBImage(contentsOf: emoji.picture)
        let nodes = emoji.frame.nodes
        XCTAssertEqual(nodes.map(\.id), plain.nodes.map(\.id), "\(name): the same controls", file: file, line: line)
        for node in nodes {
            let other = try XCTUnwrap(plain.node(node.id), file: file, line: line)
            XCTAssertLessThanOrEqual(node.frame[3], other.frame[3] + 2, "\(name): \(node.id) at most 2 px taller", file: file, line: line)
            let colour = EmojiPixels.colourful(in: image, node.rect)
            if EmojiPixels.asksForEmoji(node.text) {
                XCTAssertGreaterThan(colour.count, Int(20 * scale * scale), "\(name): \(node.id) \"\(node.text)\" in colour",
                                     file: file, line: line)
            } else {
                XCTAssertEqual(colour.count, 0, "\(name): \(node.id) \"\(node.text)\" has no colour", file: file, line: line)
            }
        }
        let stray = EmojiPixels.colourfulOutside(nodes.map(\.rect), in: image)
        XCTAssertEqual(stray.count, 0, "\(name): colour outside every control, first at \(stray.first.map { "\($0)" } ?? "")",
                       file: file, line: line)
        // A single code point's picture is the measure of one emoji.
        let palette = try XCTUnwrap(EmojiPixels.colourful(in: image, try XCTUnwrap(emoji.frame.node("color-samples")).rect).columns)
        for id in Self.pictures {
            let node = try XCTUnwrap(emoji.frame.node(id), file: file, line: line)
            let columns = try XCTUnwrap(EmojiPixels.colourful(in: image, node.rect).columns, "\(name): \(id)", file: file, line: line)
            XCTAssertLessThanOrEqual(columns.count, palette.count + 2, "\(name): \(id) \"\(node.text)\" is one picture",
                                     file: file, line: line)
        }
        // Each sequence adds one emoji and a space, whatever it is made of.
        let added = Set(["sketch", "color-samples", "first", "rainbow"].map { id in
            (emoji.frame.node(id)?.frame[2] ?? 0) - (plain.node(id)?.frame[2] ?? 0)
        })
        XCTAssertEqual(added.count, 1, "\(name): every emoji as wide as another: \(added)", file: file, line: line)
    }

    func testEmojiAreInColourAtTheTextsSizeOnX11AtScaleOneAndTwo() throws {
        let server = try XvfbServer(width: 2000, height: 1200)
        defer { server.stop() }
        for scale in [1.0, 2] {
            let plain = try x11(Self.plainPanel, scale: scale, server: server, name: "plain-\(scale)")
            let emoji = try x11(Self.emojiPanel, scale: scale, server: server, name: "emoji-\(scale)")
            XCTAssertEqual(EmojiPixels.colourful(in: try RGBImage(contentsOf: plain.picture),
                                                 Rect(x: 0, y: 0, width: 1e6, height: 1e6)).count, 0, "the plain panel has no colour")
            try assertEmojiDrawn((emoji.frame, emoji.picture), plain: plain.frame, scale: scale, "X11 at \(scale)")
            XCTAssertEqual(emoji.stderr, "")
        }
        print("emoji pictures in \(pictureFolder)")
    }

    func testWaylandDrawsTheEmojiPanelAsX11Does() throws {
        let sway = try SwayServer(width: 2800, height: 1680)
        defer { sway.stop() }
        let server = try XvfbServer(width: 2000, height: 1200)
        defer { server.stop() }
        for scale in [1.0, 2] {
            for (name, extra) in [("emoji", [String]()), ("inspector", ["--inspect"])] where scale == 1 || name == "emoji" {
                let x11 = try x11(Self.emojiPanel, scale: scale, extra: extra, server: server, name: "\(name)-\(scale)")
                // Wayland's scale is the output's: no --scale.
                let wayland = try wayland(Self.emojiPanel, sway: sway, scale: scale, extra: extra, name: "\(name)-\(scale)")
                XCTAssertEqual(wayland.frame.nodes.map(\.frame), x11.frame.nodes.map(\.frame), "\(name) at \(scale): the same frames")
                let (count, total) = try differingPixels(x11.picture, wayland.picture)
                XCTAssertEqual(count, 0, "\(name) at \(scale): \(count) of \(total) pixels differ: \(wayland.picture) against \(x11.picture)")
                XCTAssertEqual(wayland.stderr, "")
                if name == "emoji" {
                    let plain = try self.wayland(Self.plainPanel, sway: sway, scale: scale, name: "plain-\(scale)")
                    try assertEmojiDrawn((wayland.frame, wayland.picture), plain: plain.frame, scale: scale, "sway at \(scale)")
                }
            }
        }
    }

    /// The popup a click on `owner` opens, once it is at rest and drawn.
    private func openedPopup(of owner: String, in session: RewrapSession) throws -> TraceFrame.DrawnPopup {
        let node = try XCTUnwrap(try session.settledFrame().node(owner))
        try session.click(node.center)
        try session.waitUntil("\(owner)'s popup") { try session.lastFrame().popup?.owner == owner }
        try session.waitUntil("\(owner)'s popup at rest") { try !session.lastFrame().animating }
        usleep(200_000)
        return try XCTUnwrap(try session.lastFrame().popup)
    }

    /// The window's whole screen, popups too, for a window at the root's corner.
    private func screen(_ session: RewrapSession, _ name: String) throws -> RGBImage {
        let path = pictureFolder + "/x11-\(name).png"
        let result = try runCommand(["/usr/bin/import", "-window", "root", path], environment: ["DISPLAY": session.server.display])
        guard result.status == 0 else { throw TestFailure("import: \(result.stderr)") }
        return try RGBImage(contentsOf: path)
    }

    private func assertRowsInColour(_ popup: TraceFrame.DrawnPopup, in image: RGBImage, _ name: String,
                                    file: StaticString = #filePath, line: UInt = #line) {
        // On X11 the popup's frame is on the root, and each row's in the popup.
        for row in popup.nodes {
            let rect = Rect(x: popup.frame[0] + row.frame[0], y: popup.frame[1] + row.frame[1], width: row.frame[2], height: row.frame[3])
            let colour = EmojiPixels.colourful(in: image, rect).count
            if EmojiPixels.asksForEmoji(row.text) {
                XCTAssertGreaterThan(colour, 20, "\(name): row \"\(row.text)\" in colour", file: file, line: line)
            } else {
                XCTAssertEqual(colour, 0, "\(name): row \"\(row.text)\"", file: file, line: line)
            }
        }
    }

    func testMenuRowsTheBadgesListAndTheNoticeShowTheirEmoji() throws {
        let server = try XvfbServer(width: 1200, height: 900)
        defer { server.stop() }
        // Menu rows: the country menu's flags, a tag flag among them.
        let session = try RewrapSession(arguments: ["--panel", Self.emojiPanel, "--geometry", "800x420+0+0"], server: server)
        let menu = try openedPopup(of: "country", in: session)
        XCTAssertEqual(menu.nodes.map(\.text), ["🇯🇵 Japan", "🏴󠁧󠁢󠁳󠁣󠁴󠁿 Scotland", "🇫🇷 France"])
        assertRowsInColour(menu, in: try screen(session, "menu"), "the country menu")
        XCTAssertEqual(session.stderr, "")
        session.close()

        // The badge's list: at 340 px most chips are hidden behind it.
        let narrow = try RewrapSession(arguments: ["--panel", Self.emojiPanel, "--geometry", "340x420+0+0"], server: server)
        let list = try openedPopup(of: "badge", in: narrow)
        XCTAssertGreaterThan(list.nodes.filter { EmojiPixels.asksForEmoji($0.text) }.count, 2, "fixture: emoji chips hidden")
        assertRowsInColour(list, in: try screen(narrow, "badge"), "the badge's list")
        narrow.close()

        // The notice names a panel file in a folder whose name starts with an emoji.
        let folder = NSTemporaryDirectory() + "🎨-\(UUID().uuidString.prefix(4))"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let panel = folder + "/panel.json"
        try FileManager.default.copyItem(atPath: Self.emojiPanel, toPath: panel)
        let edited = try RewrapSession(arguments: ["--panel", panel, "--geometry", "800x420+0+0"], server: server)
        defer { edited.close() }
        try edited.settledFrame()
        // Saved as editors save: a new file renamed over the old one.
        try Data("{\"title\": ".utf8).write(to: URL(fileURLWithPath: folder + "/panel.json.new"))
        XCTAssertEqual(rename(folder + "/panel.json.new", panel), 0)
        try edited.waitUntil("the notice") { try edited.lastFrame().nodes("notice").isEmpty == false }
        let notice = try XCTUnwrap(try edited.settledFrame().nodes("notice").first)
        XCTAssertTrue(notice.text.contains("🎨"), notice.text)
        try edited.parkPointer()
        usleep(200_000)
        let path = pictureFolder + "/x11-notice.png"
        try edited.capture(to: path)
        XCTAssertGreaterThan(EmojiPixels.colourful(in: try RGBImage(contentsOf: path), notice.rect).count, 20, "the notice's emoji in colour")
    }

    func testEmojiBesideArabicAndHebrewRightToLeft() throws {
        let server = try XvfbServer(width: 1200, height: 900)
        defer { server.stop() }
        // The direction alone: a catalog would translate the plain panel's words.
        let plain = try x11(Self.plainPanel, scale: 1, extra: ["--direction", "rtl"], server: server, name: "plain-rtl")
        let emoji = try x11(Self.emojiPanel, scale: 1, extra: ["--direction", "rtl"], server: server, name: "emoji-rtl")
        let heading = try XCTUnwrap(emoji.frame.node("menus.heading"))
        XCTAssertGreaterThan(heading.frame[0], 400, "laid out from the right")
        try assertEmojiDrawn((emoji.frame, emoji.picture), plain: plain.frame, scale: 1, "X11 right to left")
        XCTAssertEqual(emoji.stderr, "")
    }

    /// A fontconfig configuration: the machine's own, and `fonts` (a folder),
    /// without Noto Color Emoji, with `emoji` standing for `emojiFamily`.
    private func fontConfiguration(fonts: String? = nil, emojiFamily: String? = nil) throws -> String {
        let path = pictureFolder + "/fonts.conf"
        let alias = emojiFamily.map { "<alias><family>emoji</family><prefer><family>\($0)</family></prefer></alias>" } ?? ""
        try """
        <?xml version="1.0"?>
        <!DOCTYPE fontconfig SYSTEM "urn:fontconfig:fonts.dtd">
        <fontconfig>
          <include>/etc/fonts/fonts.conf</include>
          \(fonts.map { "<dir>\($0)</dir>" } ?? "")
          <cachedir>\(pictureFolder)/fontconfig</cachedir>
          <selectfont><rejectfont><glob>*/NotoColorEmoji.ttf</glob></rejectfont></selectfont>
          \(alias)
        </fontconfig>
        """.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    func testALayeredColourFontComesOutInItsColoursOnBothPlatforms() throws {
        let fonts = pictureFolder + "/fonts"
        try FileManager.default.createDirectory(atPath: fonts, withIntermediateDirectories: true)
        let built = try runCommand(["/usr/bin/python3", Self.folder + "make-layers-font.py", fonts + "/layers.ttf"])
        XCTAssertEqual(built.status, 0, built.stderr)
        let environment = ["FONTCONFIG_FILE": try fontConfiguration(fonts: fonts, emojiFamily: "Rewrap Layers")]
        let panel = Self.folder + "layers.json"
        let server = try XvfbServer(width: 2000, height: 1200)
        defer { server.stop() }
        let sway = try SwayServer(width: 2800, height: 1680)
        defer { sway.stop() }
        for scale in [1.0, 2] {
            let x11 = try x11(panel, scale: scale, environment: environment, server: server, name: "layers-\(scale)")
            XCTAssertEqual(x11.stderr, "")
            let image = try RGBImage(contentsOf: x11.picture)
            func pixels(in id: String, _ test: (RGBImage.RGB) -> Bool) throws -> [(x: Int, y: Int)] {
                let rect = try XCTUnwrap(x11.frame.node(id)).rect
                return (Int(rect.minY)..<Int(rect.maxY)).flatMap { y in
                    (Int(rect.minX)..<Int(rect.maxX)).filter { test(image[$0, y]) }.map { (x: $0, y: y) }
                }
            }
            // COLRv0: the red layer, and the blue one drawn over its middle.
            let red = try pixels(in: "layers") { $0.red > 230 && $0.green < 30 && $0.blue < 30 }
            let blue = try pixels(in: "layers") { $0.blue > 230 && $0.red < 30 && $0.green < 30 }
            XCTAssertGreaterThan(red.count, Int(40 * scale * scale), "red layer at \(scale)")
            XCTAssertGreaterThan(blue.count, Int(10 * scale * scale), "blue layer at \(scale)")
            if let redLeft = red.map(\.x).min(), let redRight = red.map(\.x).max(), let blueLeft = blue.map(\.x).min(),
               let blueRight = blue.map(\.x).max() {
                XCTAssertTrue(redLeft < blueLeft && blueRight < redRight, "the blue layer inside the red one at \(scale)")
                // COLRv1 and SVG: their frame outlines, as tall as the layered square, in the text's colour.
                let square = redRight - redLeft + 1
                for id in ["paint", "svg"] {
                    XCTAssertEqual(try pixels(in: id, EmojiPixels.isColourful).count, 0, "\(id) in the text's colour at \(scale)")
                    let ink = try pixels(in: id) { Int($0.red) + Int($0.green) + Int($0.blue) < 150 }
                    let glyph = ink.filter { $0.x < (ink.map(\.x).min() ?? 0) + square + 2 }
                    let width = (glyph.map(\.x).max() ?? 0) - (glyph.map(\.x).min() ?? 0) + 1
                    XCTAssertEqual(Double(width), Double(square), accuracy: 2, "\(id)'s outline as wide as the square at \(scale)")
                }
            }
            let wayland = try wayland(panel, sway: sway, scale: scale, environment: environment, name: "layers-\(scale)")
            let (count, total) = try differingPixels(x11.picture, wayland.picture)
            XCTAssertEqual(count, 0, "layers at \(scale): \(count) of \(total) pixels differ: \(wayland.picture) against \(x11.picture)")
            XCTAssertEqual(wayland.stderr, "")
        }
    }

    func testWithoutAnEmojiFontLabelsKeepTheirHeightAndNothingIsSaid() throws {
        let environment = ["FONTCONFIG_FILE": try fontConfiguration()]
        let server = try XvfbServer(width: 1200, height: 900)
        defer { server.stop() }
        let plain = try x11(Self.plainPanel, scale: 1, environment: environment, server: server, name: "plain-none")
        let emoji = try x11(Self.emojiPanel, scale: 1, environment: environment, server: server, name: "emoji-none")
        for node in emoji.frame.nodes {
            let other = try XCTUnwrap(plain.frame.node(node.id))
            XCTAssertLessThanOrEqual(node.frame[3], other.frame[3] + 2, "\(node.id) keeps its height")
        }
        XCTAssertEqual(EmojiPixels.colourful(in: try RGBImage(contentsOf: emoji.picture), Rect(x: 0, y: 0, width: 1e6, height: 1e6)).count, 0,
                       "no colour without a colour font")
        XCTAssertEqual(emoji.stderr, "", "nothing on stderr")
        XCTAssertEqual(plain.stderr, "")

        // `rewrap coverage` counts an emoji only in a face that shows it as asked.
        let without = try runCommand([PackagePaths.rewrapBinary, "coverage", Self.emojiPanel], environment: environment)
        XCTAssertEqual(without.status, 1, without.stdout)
        XCTAssertTrue(without.stdout.contains("U+270F U+FE0F"), "the VS16 pencil, which DejaVu Sans draws as text: \(without.stdout)")
        XCTAssertFalse(without.stdout.contains("U+2764"), "the VS15 heart is text, which DejaVu Sans draws: \(without.stdout)")
        let with = try runCommand([PackagePaths.rewrapBinary, "coverage", Self.emojiPanel])
        XCTAssertEqual(with.status, 0, with.stdout + with.stderr)
    }

    /// Measured after another emoji of its face was drawn, a label is as wide
    /// as measured before any was: before issue 48, Xft set its downscale on
    /// the face it borrowed, and advances read after a draw came out scaled
    /// (a flag 17 px wide after the first frame, 136 px before it).
    func testAnEmojiMeasuredAfterOneWasDrawnIsAsWideAsBefore() throws {
        let server = try XvfbServer()
        defer { server.stop() }
        let source = try String(contentsOfFile: Self.emojiPanel, encoding: .utf8)
        let france = try TemporaryFile(suffix: ".json", contents: Data(source.replacingOccurrences(
            of: "\"selected\": \"🇯🇵 Japan\"", with: "\"selected\": \"🇫🇷 France\"").utf8))
        let fresh = try RewrapSession(arguments: ["--panel", france.path, "--geometry", "800x420+0+0"], server: server)
        let expected = try XCTUnwrap(try fresh.settledFrame().node("country"))
        fresh.close()
        XCTAssertEqual(expected.text, "Country: 🇫🇷 France")

        let session = try RewrapSession(arguments: ["--panel", Self.emojiPanel, "--geometry", "800x420+0+0"], server: server)
        defer { session.close() }
        let menu = try openedPopup(of: "country", in: session)
        let row = try XCTUnwrap(menu.nodes.firstIndex { $0.text == "🇫🇷 France" })
        try session.clickRoot(menu.center(of: row))
        try session.waitUntil("the pick of France") { try session.lastFrame().node("country")?.text == "Country: 🇫🇷 France" }
        XCTAssertEqual(try session.settledFrame().node("country")?.frame, expected.frame, "picked after a draw, measured as at the start")
    }

    /// The emoji font is opened when a label needs it, and only then: the
    /// shipped panel starts without mapping it.
    func testThePanelWithoutEmojiNeverMapsTheEmojiFont() throws {
        let server = try XvfbServer()
        defer { server.stop() }
        func mapsEmojiFont(_ arguments: [String]) throws -> Bool {
            let session = try RewrapSession(arguments: arguments, server: server)
            defer { session.close() }
            try session.settledFrame()
            return try ProcessStats.mappedFiles(of: session.process.processIdentifier).contains { $0.hasSuffix("/NotoColorEmoji.ttf") }
        }
        XCTAssertFalse(try mapsEmojiFont([]), "the shipped panel")
        XCTAssertTrue(try mapsEmojiFont(["--panel", Self.emojiPanel]), "the emoji panel, which needs it")
    }
}

