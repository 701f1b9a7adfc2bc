import RewrapLayout
import RewrapPanelFile
import RewrapScene
import RewrapTestSupport
import XCTest

/// Every text colour against every background it is really drawn on, in
/// all four palettes (light, dark, and each in high contrast), plain and
/// with accent colours of every kind: the painter draws a frame in every
/// state onto a recording canvas, and the colour under each text, border and
/// ring is rebuilt by compositing the fills drawn before it. Contrast is
/// computed here from the WCAG 2 definition, not by any code under test.
final class PaletteContrastTests: XCTestCase {
    private let metrics = Metrics()
    private let measurer = FixedAdvanceMeasurer()

    /// A palette to check, with the ratios its kind must keep.
    private struct Case: CustomStringConvertible {
        var name: String
        var palette: Palette
        var highContrast: Bool
        var accent: Color?
        var text: Double { highContrast ? 7 : 4.5 }
        var ring: Double { highContrast ? 4.5 : 3 }
        var description: String { name + (accent.map { " accent (\($0.red), \($0.green), \($0.blue))" } ?? "") }
    }

    private static let bases: [(String, Palette, Bool)] = [
        ("light", .light, false), ("dark", .dark, false),
        ("high-contrast light", .highContrastLight, true), ("high-contrast dark", .highContrastDark, true),
    ]

    /// Accents at the edges (black, white, the window's own greys, pure
    /// primaries, a yellow that white text fails on) and 6 more at random,
    /// the same each run.
    private static let accents: [Color] = {
        var fixed = [Color(hex: 0x000000), Color(hex: 0xffffff), Color(hex: 0xf7f7f8), Color(hex: 0x1c1c1e), Color(hex: 0x808080),
                     Color(hex: 0xff0000), Color(hex: 0x00ff00), Color(hex: 0x0000ff), Color(hex: 0xffff00), Color(hex: 0x3584e4),
                     Color(hex: 0xe66100), Color(hex: 0x9141ac)]
        var seed: UInt64 = 0x5eed
        func next() -> Double {
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            return Double(seed >> 11) / Double(1 << 53)
        }
        for _ in 0..<6 { fixed.append(Color(red: next(), green: next(), blue: next())) }
        return fixed
    }()

    private var cases: [Case] {
        Self.bases.flatMap { name, palette, high in
            [Case(name: name, palette: palette, highContrast: high, accent: nil)]
                + Self.accents.map { Case(name: name, palette: palette.withAccent($0), highContrast: high, accent: $0) }
        }
    }

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

    /// Hue in degrees, from the largest and smallest channel, as HSL defines it.
    private func hue(_ c: Color) -> Double? {
        let high = max(c.red, c.green, c.blue), low = min(c.red, c.green, c.blue), d = high - low
        guard d > 0.02 else { return nil }
        var h: Double
        if high == c.red { h = (c.green - c.blue) / d } else if high == c.green { h = (c.blue - c.red) / d + 2 } else { h = (c.red - c.green) / d + 4 }
        h *= 60
        return h < 0 ? h + 360 : h
    }

    // MARK: - Frames in every state

    private func scene() throws -> Scene {
        let state = PanelState(panel: try PanelLoader.load(path: PackagePaths.root + "/assets/panel.json"))
        let scene = PageLayout(metrics: metrics, words: .english, measurer: measurer).scene(for: state, viewportWidth: 440)
        XCTAssertNotNil(scene.node("badge"), "fixture: the badge shows at 440 px")
        return scene
    }

    /// Plain; then a hovered dropdown, the badge pressed and a focus ring; then the inspector over it.
    private func mainWindowCalls(_ palette: Palette) throws -> [[RecordingCanvas.Call]] {
        let scene = try scene()
        let presented = scene.nodes.map { PixelRect($0.frame) }
        let painter = Painter(metrics: metrics, measurer: measurer, palette: palette)
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
        Inspector(metrics: metrics, measurer: measurer, palette: palette)
            .paint(scene: scene, breakpoints: Breakpoints(scene: scene, metrics: metrics, windowWidth: 440),
                   scroll: .zero, viewport: viewport, on: canvas)
        result.append(canvas.calls)
        return result
    }

    /// The selected row highlighted, then another row highlighted.
    private func popupCalls(_ palette: Palette) -> [[RecordingCanvas.Call]] {
        let entries = ["Circle", "Square", "Star"].map { PopupEntry(id: NodeID("shape/\($0)"), text: $0, isSelected: $0 == "Square") }
        let painter = Painter(metrics: metrics, measurer: measurer, palette: palette)
        return [1, 2].map { highlighted in
            let menu = PopupMenu(owner: "shape", entries: entries, highlighted: highlighted)
            let canvas = RecordingCanvas()
            painter.paintPopup(menu, plan: menu.plan(metrics: metrics, measurer: measurer, minimumWidth: 127), direction: .leftToRight, on: canvas)
            return canvas.calls
        }
    }

    // MARK: - Rules

    func testEveryTextHasContrastOfAtLeastFourAndAHalfOrSevenInHighContrast() throws {
        for check in cases {
            let drawn = try (mainWindowCalls(check.palette) + popupCalls(check.palette)).flatMap(texts)
            XCTAssertGreaterThan(drawn.count, 40, "fixture: every kind of text is drawn")
            XCTAssertTrue(drawn.contains { $0.text == Painter.checkMark }, "fixture: the check mark is drawn")
            for text in drawn {
                XCTAssertEqual(text.under.first?.coverage, 1, "\(check): \"\(text.text)\" lies on a cleared surface")
                let ratio = contrast(rgb(text.color), composite(text.under))
                XCTAssertGreaterThanOrEqual(ratio, check.text, "\(check): \"\(text.text)\" at \(ratio):1")
            }
        }
    }

    func testEveryBackgroundUnderTextIsSeen() throws {
        // The frames above must put text on each background the painter
        // uses for text, or a colour could escape the contrast check.
        for check in cases {
            let palette = check.palette
            let drawn = try (mainWindowCalls(palette) + popupCalls(palette)).flatMap(texts)
            let topmost = Set(drawn.compactMap { $0.under.last?.color })
            XCTAssertEqual(topmost, [palette.background, palette.controlFill, palette.controlHoverFill, palette.chipFill,
                                     palette.badgeFill, palette.badgeHoverFill, palette.popupFill, palette.highlight,
                                     palette.captionFill], "\(check)")
        }
    }

    func testFocusRingHasContrastOfAtLeastThreeOrFourAndAHalfInHighContrast() throws {
        for check in cases {
            let calls = try mainWindowCalls(check.palette)[1]
            let ringIndex = try XCTUnwrap(calls.firstIndex {
                if case .fill(_, _, _, let color) = $0 { return color == check.palette.accent }
                return false
            })
            guard case .fill(let shape, let x, let y, let color) = calls[ringIndex] else { return XCTFail("not a fill") }
            let solid = shape.spans.filter { $0.coverage == 1 }
            XCTAssertFalse(solid.isEmpty)
            for span in solid {
                let ratio = contrast(rgb(color), composite(layers(at: x + span.x, y + span.y, calls: calls[..<ringIndex])))
                XCTAssertGreaterThanOrEqual(ratio, check.ring, "\(check): ring at \(ratio):1")
            }
        }
    }

    func testHighContrastBordersOutlinesAndChevronsHaveFourAndAHalf() throws {
        for check in cases where check.highContrast {
            // Without the inspector, whose overlay is a tool, not the interface.
            let frames = try mainWindowCalls(check.palette).dropLast() + popupCalls(check.palette)
            var strokes = 0
            for calls in frames {
                for index in calls.indices {
                    guard case .fill(let shape, let x, let y, let color) = calls[index] else { continue }
                    switch shape {
                    case .roundedBorder, .chevron, .upChevron: break
                    default: continue
                    }
                    // The most covered pixels of the stroke: a thin chevron has no solid one.
                    guard let most = shape.spans.map(\.coverage).max() else { continue }
                    // Every fifth such span: each side and corner of a stroke, at a fifth of the cost.
                    let strongest = shape.spans.filter { $0.coverage == most }
                    for span in stride(from: 0, to: strongest.count, by: 5).map({ strongest[$0] }) {
                        let under = composite(layers(at: x + span.x, y + span.y, calls: calls[..<index]))
                        let ratio = contrast(rgb(color), under)
                        XCTAssertGreaterThanOrEqual(ratio, 4.5, "\(check): \(shape) at \(ratio):1")
                        strokes += 1
                    }
                }
            }
            XCTAssertGreaterThan(strokes, 0)
        }
    }

    func testHighContrastOutlinesChipsAndThickensTheRing() throws {
        for (name, palette, high) in Self.bases {
            let calls = try mainWindowCalls(palette)[1]
            let borders = calls.compactMap { call -> (width: Int, stroke: Double)? in
                guard case .fill(.roundedBorder(let width, _, _, let stroke), _, _, _) = call else { return nil }
                return (width, stroke)
            }
            let ring = try XCTUnwrap(calls.compactMap { call -> Double? in
                guard case .fill(.roundedBorder(_, _, _, let stroke), _, _, let color) = call, color == palette.accent else { return nil }
                return stroke
            }.first, name)
            XCTAssertEqual(ring, high ? 3 : 2, "\(name): the ring's stroke")
            // Three dropdowns always have a border; chips and the badge only in high contrast.
            let dropdowns = 3, capsules = try scene().nodes.filter { $0.kind == .chip || $0.kind == .badge }.count
            XCTAssertEqual(borders.count, dropdowns + 1 + (high ? capsules : 0), "\(name)")
        }
    }

    func testAccentKeepsItsHue() {
        for (name, palette, _) in Self.bases {
            for accent in Self.accents {
                guard let wanted = hue(accent) else { continue }
                let drawn = palette.withAccent(accent).accent
                // Pure black or white, where the search ends, has no hue to keep.
                guard let got = hue(drawn) else { continue }
                let apart = min(abs(got - wanted), 360 - abs(got - wanted))
                XCTAssertLessThan(apart, 2, "\(name): accent \(accent) drawn as \(drawn)")
            }
        }
    }

    func testAnAccentThatStandsOutIsKeptAsItIs() {
        // GNOME's blue already keeps 3:1 on the light window with white text: nothing to adjust.
        let blue = Color(hex: 0x1c71d8)
        XCTAssertEqual(Palette.light.withAccent(blue).accent, blue)
        XCTAssertEqual(Palette.light.withAccent(blue).highlightText, Color(hex: 0xffffff))
    }

    func testTheDarkThemeIsDark() {
        XCTAssertLessThan(luminance(rgb(Palette.dark.background)), 0.05)
        XCTAssertGreaterThan(luminance(rgb(Palette.light.background)), 0.8)
        XCTAssertGreaterThan(luminance(rgb(Palette.dark.text)), luminance(rgb(Palette.dark.background)))
        XCTAssertLessThan(luminance(rgb(Palette.highContrastDark.background)), 0.05)
        XCTAssertGreaterThan(luminance(rgb(Palette.highContrastLight.background)), 0.8)
    }
}
