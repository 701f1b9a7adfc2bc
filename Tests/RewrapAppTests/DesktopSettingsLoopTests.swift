import Foundation
import RewrapApp
import RewrapPlatform
import RewrapScene
import RewrapTestSupport
import XCTest

/// The person's own settings as the loop sees them: a new value of
/// `DesktopSettings`, whichever platform it came from, changes the look at
/// once, with no animation, keeping selection, focus and scroll.
final class DesktopSettingsLoopTests: XCTestCase {
    /// Runs the shipped panel, focused on Shape with Pattern's pick made,
    /// then applies `change` to the settings and announces it; returns the
    /// trace, the platform, and the index of the first frame after the change.
    private func run(_ arguments: [String] = [], settings: DesktopSettings = DesktopSettings(fontDefaults: RecordingPlatform.xftDefaults),
                     change: @escaping (inout DesktopSettings) -> Void) throws -> (frames: [TraceFrame], platform: RecordingPlatform, after: Int) {
        let trace = try TemporaryFile(suffix: ".jsonl")
        let stateHome = StateHome()
        let launch = try Launch(["--panel", PackagePaths.root + "/assets/panel.json", "--locale", "C", "--reduce-motion",
                                 "--geometry", "340x240+0+0", "--trace", trace.path] + arguments, stateDirectory: stateHome.directory)
        var platform: RecordingPlatform!
        var before = 0
        var script: [() -> [PlatformEvent]] = [
            { [.focusChanged(true)] + [Key.tab, .tab, .returnKey, .down, .returnKey].map(RecordingPlatform.press) },
            { [.pointerMoved(.main, x: 170, y: 200), .scrolled(.main, dx: 0, dy: 30)] },
            {
                before = TraceFrame.read(trace.path).count
                change(&platform.settings)
                return [.settingsChanged]
            },
        ]
        platform = RecordingPlatform(settings: settings) { script.isEmpty ? nil : script.removeFirst()() }
        let app = try launch.open(on: platform, clock: Clock { platform.now })
        XCTAssertEqual(app.run(), 0)
        return (TraceFrame.read(trace.path), platform, before)
    }

    func testLargeTextScalesTextAndLengthsAndTheWindowKeepsItsSize() throws {
        let (frames, platform, after) = try run { $0.textScale = 1.5 }
        XCTAssertTrue(platform.requests.contains("retext to 1.5"), "\(platform.requests)")
        XCTAssertFalse(platform.requests.contains { $0.hasPrefix("rescale") }, "the window is not resized")
        let old = try XCTUnwrap(frames[after - 1].node("shape")), new = try XCTUnwrap(frames.last?.node("shape"))
        // A dropdown is a line of text and padding, both scaled: 1.5 times as tall, to the pixel.
        XCTAssertEqual(new.frame[3], (old.frame[3] * 1.5).rounded(), accuracy: 1)
        XCTAssertEqual(frames.last?.window, frames[after - 1].window, "the window keeps its size")
        XCTAssertFalse(frames[after...].contains { $0.animating }, "no animation")
        XCTAssertEqual(frames.last?.node("pattern")?.text, frames[after - 1].node("pattern")?.text, "the pick stays")
        let focused = frames[after - 1].nodes.first { $0.focused == true }?.id
        XCTAssertNotNil(focused)
        XCTAssertEqual(frames.last?.nodes.first { $0.focused == true }?.id, focused, "the focus stays")
        XCTAssertGreaterThan(frames[after - 1].scroll[1], 0, "fixture: the page is scrolled")
        XCTAssertGreaterThan(frames.last?.scroll[1] ?? 0, 0, "the page stays scrolled")
    }

    func testAWindowScaleResizesTheWindowAndLargeTextRidesOnIt() throws {
        let (_, platform, _) = try run { $0.scale = 2; $0.textScale = 1.25 }
        XCTAssertTrue(platform.requests.contains("rescale to 2.5"), "\(platform.requests)")
    }

    func testScaleOptionStillTakesLargeText() throws {
        let (_, platform, _) = try run(["--scale", "2"]) { $0.textScale = 1.5 }
        XCTAssertTrue(platform.requests.contains("retext to 3.0"), "\(platform.requests)")
    }

    func testBadTextScalesChangeNothing() throws {
        for bad in [0, .nan, 100, -1, .infinity] as [Double] {
            let (_, platform, _) = try run { $0.textScale = bad }
            XCTAssertFalse(platform.requests.contains { $0.hasPrefix("retext") || $0.hasPrefix("rescale") }, "\(bad): \(platform.requests)")
        }
    }

    func testHighContrastAndAnAccentRepaintAtOnce() throws {
        let accent = Color(red: 0.8, green: 0.2, blue: 0.6)
        let (_, platform, _) = try run { $0.highContrast = true; $0.accentColor = accent }
        let calls = try XCTUnwrap(platform.main?.canvas.calls)
        XCTAssertEqual(calls.first, .clear(Palette.highContrastLight.background))
        let ring = Palette.highContrastLight.withAccent(accent).accent
        XCTAssertTrue(calls.contains { if case .fill(_, _, _, ring) = $0 { return true } else { return false } }, "the ring is in the accent")
        XCTAssertNotEqual(ring, Palette.highContrastLight.accent)
    }

    func testTheDesktopFontIsUsedAndTheFontOptionWins() throws {
        let followed = try run { $0.interfaceFont = InterfaceFont(description: "DejaVu Serif 15") }
        XCTAssertTrue(followed.platform.requests.contains("retext to 1.0"), "\(followed.platform.requests)")
        let old = try XCTUnwrap(followed.frames[followed.after - 1].node("shape")), new = try XCTUnwrap(followed.frames.last?.node("shape"))
        XCTAssertGreaterThan(new.frame[3], old.frame[3], "15 pt is 20 px, taller than 14 px")

        let fixed = try run(["--font", "sans-serif"]) { $0.interfaceFont = InterfaceFont(description: "DejaVu Serif 15") }
        XCTAssertFalse(fixed.platform.requests.contains { $0.hasPrefix("retext") }, "\(fixed.platform.requests)")
    }

    func testAFontThatDoesNotExistIsTodaysDefault() throws {
        let (frames, platform, after) = try run { $0.interfaceFont = InterfaceFont(description: "No Such Family Anywhere 30") }
        XCTAssertTrue(platform.requests.contains("retext to 1.0"))
        XCTAssertEqual(frames.last?.nodes.map(\.frame), frames[after - 1].nodes.map(\.frame), "sans-serif at 14 px, as before")
    }
}
