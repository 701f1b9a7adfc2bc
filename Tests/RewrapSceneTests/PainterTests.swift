import RewrapLayout
import RewrapPanelFile
import RewrapScene
import RewrapTestSupport
import XCTest

final class PainterTests: XCTestCase {
    private let metrics = Metrics()
    private let measurer = FixedAdvanceMeasurer(advance: 7, boldAdvance: 8, ascent: 13, descent: 4)
    private var painter: Painter { Painter(metrics: metrics, measurer: measurer) }

    private func scene() throws -> Scene {
        let state = PanelState(panel: try PanelLoader.load(path: PackagePaths.root + "/assets/panel.json"))
        return PageLayout(metrics: metrics, strings: Strings(.english), measurer: measurer).scene(for: state, viewportWidth: 440)
    }

    /// Every node at its target frame, shifted as a scroll of `dy` would.
    private func presented(_ scene: Scene, dy: Double = 0) -> [NodeID: PixelRect] {
        scene.targets.mapValues { PixelRect($0.offsetBy(dx: 0, dy: dy)) }
    }

    private func paint(_ scene: Scene, presented: [NodeID: PixelRect], viewport: Size = Size(width: 440, height: 2000),
                       focus: NodeID? = nil) -> RecordingCanvas {
        let canvas = RecordingCanvas()
        painter.paint(Painter.Frame(scene: scene, presented: presented, viewport: viewport, scroll: .zero,
                                    focus: focus, hovered: nil, pressed: nil), on: canvas)
        return canvas
    }

    /// The smallest box holding every span, relative to the fill's offset.
    private func bounds(_ spans: [CoverageSpan]) -> PixelRect {
        let minX = spans.map(\.x).min() ?? 0, minY = spans.map(\.y).min() ?? 0
        let maxX = spans.map { $0.x + $0.width }.max() ?? 0, maxY = spans.map { $0.y + $0.height }.max() ?? 0
        return PixelRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    // MARK: - A dropdown moves as one unit

    func testDropdownPartsMoveTogetherWithThePresentedFrame() throws {
        let scene = try scene()
        let box = PixelRect(x: 20, y: 53, width: 127, height: 29)
        let before = paint(scene, presented: ["shape": box]).calls
        XCTAssertEqual(before.filter { if case .fill = $0 { true } else { false } }.count, 3, "fill, border and chevron")
        XCTAssertEqual(before.filter { if case .text = $0 { true } else { false } }.count, 1, "the label")
        for (dx, dy) in [(13, 7), (-9, 0), (0, 31), (101, -20)] {
            let moved = PixelRect(x: box.x + dx, y: box.y + dy, width: box.width, height: box.height)
            let after = paint(scene, presented: ["shape": moved]).calls
            XCTAssertEqual(after, before.map { $0.moved(dx: dx, dy: dy) }, "moved by (\(dx), \(dy))")
        }
    }

    func testDropdownPartsFollowThePresentedFrameNotTheTarget() throws {
        // Mid-move the button is wider than its target; everything follows the presented box.
        let scene = try scene()
        let box = PixelRect(x: 30, y: 60, width: 160, height: 29)
        let canvas = paint(scene, presented: ["shape": box])
        let fills = canvas.fills
        XCTAssertEqual(fills.count, 3)
        for fill in fills.prefix(2) {
            XCTAssertEqual(fill.x, box.x)
            XCTAssertEqual(fill.y, box.y)
            XCTAssertEqual(bounds(fill.shape.spans), PixelRect(x: 0, y: 0, width: box.width, height: box.height))
        }
        // The chevron sits 10 px in from the right edge and is 8 px wide.
        XCTAssertEqual(fills[2].x, box.x + box.width - 10 - 8)
        let chevron = bounds(fills[2].shape.spans)
        XCTAssertEqual(Double(fills[2].y + chevron.y) + Double(chevron.height) / 2, Double(box.y) + Double(box.height) / 2, accuracy: 1)
        let label = try XCTUnwrap(canvas.texts.first)
        XCTAssertEqual(label.text, "Shape: Circle")
        XCTAssertEqual(label.x, box.x + 10)
        // A 17 px line centred in 29 px: 6 px above it, then the 13 px ascent.
        XCTAssertEqual(label.baseline, box.y + 6 + 13)
    }

    // MARK: - Culling

    func testNodesOutsideTheViewportAreNotDrawn() throws {
        let scene = try scene()
        let viewport = Size(width: 440, height: 80)
        let scroll = 140.0
        let canvas = paint(scene, presented: presented(scene, dy: -scroll), viewport: viewport)
        let shown = scene.nodes.filter { $0.frame.maxY - scroll > 0 && $0.frame.minY - scroll < viewport.height }
        // The scroll is chosen so some node straddles each edge and some lie wholly beyond each.
        XCTAssertTrue(shown.contains { $0.frame.minY - scroll < 0 }, "fixture: a node straddles the top")
        XCTAssertTrue(shown.contains { $0.frame.maxY - scroll > viewport.height }, "fixture: a node straddles the bottom")
        XCTAssertTrue(scene.nodes.contains { $0.frame.maxY - scroll <= 0 }, "fixture: a node lies above")
        XCTAssertTrue(scene.nodes.contains { $0.frame.minY - scroll >= viewport.height }, "fixture: a node lies below")
        XCTAssertEqual(Set(canvas.texts.map(\.text)), Set(shown.flatMap(\.lines)))
    }

    func testNodeWithoutPresentedFrameIsNotDrawn() throws {
        let canvas = paint(try scene(), presented: [:])
        XCTAssertTrue(canvas.texts.isEmpty)
        XCTAssertTrue(canvas.fills.isEmpty)
    }

    // MARK: - Focus ring

    func testFocusRingIsDrawnOnlyForTheFocusedNode() throws {
        let scene = try scene()
        let frames = presented(scene)
        XCTAssertTrue(paint(scene, presented: frames).fills.allSatisfy { $0.color != Palette.accent }, "no focus, no ring")
        for id: NodeID in ["pattern", "badge"] {
            let rings = paint(scene, presented: frames, focus: id).fills.filter { $0.color == Palette.accent }
            XCTAssertEqual(rings.count, 1, "\(id)")
            // 2 px gap and 2 px ring outside the box on every side.
            let box = try XCTUnwrap(frames[id])
            let ring = try XCTUnwrap(rings.first)
            let outline = bounds(ring.shape.spans)
            XCTAssertEqual(PixelRect(x: ring.x + outline.x, y: ring.y + outline.y, width: outline.width, height: outline.height),
                           PixelRect(x: box.x - 4, y: box.y - 4, width: box.width + 8, height: box.height + 8), "\(id)")
        }
    }

    // MARK: - Popup

    func testPopupMarksSelectedEntryAndHighlightsRow() throws {
        let entries = ["Circle", "Square", "Star"].map { PopupEntry(id: NodeID("shape/\($0)"), text: $0, isSelected: $0 == "Square") }
        let menu = PopupMenu(owner: "shape", entries: entries, highlighted: 2)
        let plan = menu.plan(metrics: metrics, measurer: measurer, minimumWidth: 127)
        let canvas = RecordingCanvas()
        painter.paintPopup(menu, plan: plan, direction: .leftToRight, on: canvas)
        let rows = plan.rows.map(PixelRect.init)

        let marks = canvas.texts.filter { $0.text == "✓" }
        XCTAssertEqual(marks.count, 1)
        let mark = try XCTUnwrap(marks.first)
        XCTAssertTrue(mark.baseline > rows[1].y && mark.baseline < rows[1].y + rows[1].height, "the mark is on the selected row")
        XCTAssertEqual(mark.x, rows[1].x + 10)

        let highlights = canvas.fills.filter { $0.color == Palette.highlight }
        XCTAssertEqual(highlights.count, 1)
        let highlight = try XCTUnwrap(highlights.first)
        XCTAssertEqual(highlight.x, rows[2].x)
        XCTAssertEqual(highlight.y, rows[2].y)
        XCTAssertEqual(bounds(highlight.shape.spans), PixelRect(x: 0, y: 0, width: rows[2].width, height: rows[2].height))

        let colors = Dictionary(canvas.texts.filter { $0.text != "✓" }.map { ($0.text, $0.color) }, uniquingKeysWith: { first, _ in first })
        XCTAssertEqual(colors, ["Circle": Palette.text, "Square": Palette.text, "Star": Palette.highlightText])
        for (index, entry) in entries.enumerated() {
            let text = try XCTUnwrap(canvas.texts.first { $0.text == entry.text })
            XCTAssertEqual(text.x, rows[index].x + 10 + 20, "options line up after the mark column")
            XCTAssertTrue(text.baseline > rows[index].y && text.baseline < rows[index].y + rows[index].height, entry.text)
        }
    }

    func testPopupWithoutHighlightFillsNoRow() {
        let menu = PopupMenu(owner: "pattern", entries: [PopupEntry(id: "pattern/Solid", text: "Solid", isSelected: true)])
        let canvas = RecordingCanvas()
        painter.paintPopup(menu, plan: menu.plan(metrics: metrics, measurer: measurer, minimumWidth: 0), direction: .leftToRight, on: canvas)
        XCTAssertTrue(canvas.fills.allSatisfy { $0.color != Palette.highlight })
        XCTAssertTrue(canvas.texts.allSatisfy { $0.color == Palette.text })
    }
}
