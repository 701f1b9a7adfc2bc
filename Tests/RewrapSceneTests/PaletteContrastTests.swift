import RewrapLayout
import RewrapPanelFile
import RewrapScene
import RewrapTestSupport
import XCTest

/// Every text colour against every background it is really drawn on, in
/// both themes: the painter draws a frame in every state onto a recording
/// canvas, and the colour under each text is rebuilt by compositing the fills
/// drawn before it. Contrast is computed here from the WCAG 2 definition,
/// not by any code under test.
final class PaletteContrastTests: XCTestCase {
    private let metrics = Metrics()
    private let measurer = FixedAdvanceMeasurer()
    private let themes: [Theme] = [.light, .dark]

    // MARK: - WCAG 2

    /// Relative luminance of an sRGB colour (WCAG 2, "relative luminance").
    private func luminance(_ rgb: (Double, Double, Double)) -> Double {
        func linear(_ c: Double) -> Double { c <= 0.03928 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4) }
        return 0.2126 * linear(rgb.0) + 0.7152 * linear(rgb.1) + 0.0722 * linear(rgb.2)
    }

    private func contrast(_ a: (Double, Double, Double), _ b: (Double, Double, Double)) -> Double {
        let (la, lb) = (luminance(a), luminance(b))
        return (max(la, lb) + 0.05) / (min(la, lb) + 0.05)
    }

    // MARK: - What lies under a point

    /// The colours drawn at (x, y) by `calls`, bottom first, each with the
    /// share of the pixel it covers: the last clear, then each fill over it.
    private func layers(at x: Int, _ y: Int, calls: ArraySlice<RecordingCanvas.Call>) -> [(color: Color, coverage: Double)] {
        var result: [(Color, Double)] = []
        for call in calls {
            switch call {
            case .clear(let color):
                result = [(color, 1)]
            case .fill(let shape, let fx, let fy, let color):
                if let span = shape.spans.first(where: {
                    x >= fx + $0.x && x < fx + $0.x + $0.width && y >= fy + $0.y && y < fy + $0.y + $0.height
                }) {
                    result.append((color, span.coverage))
                }
            case .text:
                continue
            }
        }
        return result
    }

    /// The layers blended by their alpha and coverage, as an opaque colour.
    private func composite(_ layers: [(color: Color, coverage: Double)]) -> (Double, Double, Double) {
        layers.reduce((0, 0, 0)) { below, layer in
            let a = layer.color.alpha * layer.coverage
            return (layer.color.red * a + below.0 * (1 - a), layer.color.green * a + below.1 * (1 - a),
                    layer.color.blue * a + below.2 * (1 - a))
        }
    }

    /// Each text drawn, with the layers just inside its first letter, where the glyph sits.
    private func texts(_ calls: [RecordingCanvas.Call]) -> [(text: String, color: Color, under: [(color: Color, coverage: Double)])] {
        calls.indices.compactMap { index in
            guard case .text(let text, let x, let baseline, _, let color, _) = calls[index] else { return nil }
            return (text, color, layers(at: x + 2, baseline - 3, calls: calls[..<index]))
        }
    }

    private func rgb(_ color: Color) -> (Double, Double, Double) { (color.red, color.green, color.blue) }

    // MARK: - Frames in every state

    private func scene() throws -> Scene {
        let state = PanelState(panel: try PanelLoader.load(path: PackagePaths.root + "/assets/panel.json"))
        let scene = PageLayout(metrics: metrics, strings: Strings(.english), measurer: measurer).scene(for: state, viewportWidth: 440)
        XCTAssertNotNil(scene.node("badge"), "fixture: the badge shows at 440 px")
        return scene
    }

    /// Plain; then a hovered dropdown, the badge pressed and a focus ring; then the inspector over it.
    private func mainWindowCalls(_ theme: Theme) throws -> [[RecordingCanvas.Call]] {
        let scene = try scene()
        let presented = scene.nodes.map { PixelRect($0.frame) }
        let painter = Painter(metrics: metrics, measurer: measurer, palette: theme.palette)
        let viewport = Size(width: 440, height: 2000)
        var result: [[RecordingCanvas.Call]] = []
        for (hovered, pressed, focus) in [(nil, nil, nil), ("shape", "badge", "pattern"), ("badge", "pattern", "badge")] as [(NodeID?, NodeID?, NodeID?)] {
            let canvas = RecordingCanvas()
            painter.paint(Painter.Frame(scene: scene, presented: presented, viewport: viewport, scroll: .zero,
                                        focus: focus, hovered: hovered, pressed: pressed), on: canvas)
            result.append(canvas.calls)
        }
        let canvas = RecordingCanvas()
        painter.paint(Painter.Frame(scene: scene, presented: presented, viewport: viewport, scroll: .zero,
                                    focus: nil, hovered: nil, pressed: nil), on: canvas)
        Inspector(metrics: metrics, measurer: measurer, palette: theme.palette)
            .paint(scene: scene, breakpoints: Breakpoints(scene: scene, metrics: metrics, windowWidth: 440),
                   scroll: .zero, viewport: viewport, on: canvas)
        result.append(canvas.calls)
        return result
    }

    /// The selected row highlighted, then another row highlighted.
    private func popupCalls(_ theme: Theme) -> [[RecordingCanvas.Call]] {
        let entries = ["Circle", "Square", "Star"].map { PopupEntry(id: NodeID("shape/\($0)"), text: $0, isSelected: $0 == "Square") }
        let painter = Painter(metrics: metrics, measurer: measurer, palette: theme.palette)
        return [1, 2].map { highlighted in
            let menu = PopupMenu(owner: "shape", entries: entries, highlighted: highlighted)
            let canvas = RecordingCanvas()
            painter.paintPopup(menu, plan: menu.plan(metrics: metrics, measurer: measurer, minimumWidth: 127), direction: .leftToRight, on: canvas)
            return canvas.calls
        }
    }

    // MARK: - Rules

    func testEveryTextHasContrastOfAtLeastFourAndAHalf() throws {
        for theme in themes {
            let drawn = try (mainWindowCalls(theme) + popupCalls(theme)).flatMap(texts)
            XCTAssertGreaterThan(drawn.count, 40, "fixture: every kind of text is drawn")
            for text in drawn {
                XCTAssertEqual(text.under.first?.coverage, 1, "\(theme): \"\(text.text)\" lies on a cleared surface")
                let ratio = contrast(rgb(text.color), composite(text.under))
                XCTAssertGreaterThanOrEqual(ratio, 4.5, "\(theme): \"\(text.text)\" at \(ratio):1")
            }
        }
    }

    func testEveryBackgroundUnderTextIsSeen() throws {
        // The frames above must put text on each background the painter
        // uses for text, or a colour could escape the contrast check.
        for theme in themes {
            let palette = theme.palette
            let drawn = try (mainWindowCalls(theme) + popupCalls(theme)).flatMap(texts)
            let topmost = Set(drawn.compactMap { $0.under.last?.color })
            XCTAssertEqual(topmost, [palette.background, palette.controlFill, palette.controlHoverFill, palette.chipFill,
                                     palette.badgeFill, palette.badgeHoverFill, palette.popupFill, palette.highlight,
                                     palette.captionFill], "\(theme)")
        }
    }

    func testFocusRingHasContrastOfAtLeastThreeAgainstWhatSurroundsIt() throws {
        for theme in themes {
            let calls = try mainWindowCalls(theme)[1]
            let ringIndex = try XCTUnwrap(calls.firstIndex {
                if case .fill(_, _, _, let color) = $0 { return color == theme.palette.accent }
                return false
            })
            guard case .fill(let shape, let x, let y, let color) = calls[ringIndex] else { return XCTFail("not a fill") }
            let solid = shape.spans.filter { $0.coverage == 1 }
            XCTAssertFalse(solid.isEmpty)
            for span in solid {
                let ratio = contrast(rgb(color), composite(layers(at: x + span.x, y + span.y, calls: calls[..<ringIndex])))
                XCTAssertGreaterThanOrEqual(ratio, 3, "\(theme): ring at \(ratio):1")
            }
        }
    }

    func testTheDarkThemeIsDark() {
        XCTAssertLessThan(luminance(rgb(Palette.dark.background)), 0.05)
        XCTAssertGreaterThan(luminance(rgb(Palette.light.background)), 0.8)
        XCTAssertGreaterThan(luminance(rgb(Palette.dark.text)), luminance(rgb(Palette.dark.background)))
    }
}
