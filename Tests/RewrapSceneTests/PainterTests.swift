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
        return PageLayout(metrics: metrics, words: .english, measurer: measurer).scene(for: state, viewportWidth: 440)
    }

    /// Every node at its target frame, shifted as a scroll of `dy` would.
    private func presented(_ scene: Scene, dy: Double = 0) -> [NodeID: PixelRect] {
        scene.targets.mapValues { PixelRect($0.offsetBy(dx: 0, dy: dy)) }
    }

    private func paint(_ scene: Scene, presented: [NodeID: PixelRect], viewport: Size = Size(width: 440, height: 2000),
                       focus: NodeID? = nil) -> RecordingCanvas {
        let canvas = RecordingCanvas()
        painter.paint(Painter.Frame(scene: scene, presented: scene.nodes.map { presented[$0.id] }, viewport: viewport, scroll: .zero,
                                    focus: focus, hovered: nil, pressed: nil), on: canvas)
        return canvas
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
            XCTAssertEqual(fill.shape.spans.bounds, PixelRect(x: 0, y: 0, width: box.width, height: box.height))
        }
        // The chevron sits 10 px in from the right edge and is 8 px wide.
        XCTAssertEqual(fills[2].x, box.x + box.width - 10 - 8)
        let chevron = fills[2].shape.spans.bounds
        XCTAssertEqual(Double(fills[2].y + chevron.y) + Double(chevron.height) / 2, Double(box.y) + Double(box.height) / 2, accuracy: 1)
        let label = try XCTUnwrap(canvas.texts.first)
        XCTAssertEqual(label.text, "Shape: Circle")
        XCTAssertEqual(label.x, box.x + 10)
        // A 17 px line centred in 29 px: 6 px above it, then the 13 px ascent.
        XCTAssertEqual(label.baseline, box.y + 6 + 13)
    }

    // MARK: - Wrapped text

    /// A wrapped footer's lines reach the surface as wrapped lines, so each
    /// can be ordered as the whole paragraph resolves it.
    func testWrappedLinesAreDrawnAsWrappedLines() throws {
        let state = PanelState(panel: try PanelLoader.load(path: PanelFixture.shippedPath))
        let scene = PageLayout(metrics: metrics, words: .english, measurer: measurer).scene(for: state, viewportWidth: 200)
        let footer = try XCTUnwrap(scene.node(.chipsFooter))
        XCTAssertGreaterThan(footer.lines.count, 1, "fixture: the footer wraps at 200 px")
        let canvas = RecordingCanvas()
        painter.paint(Painter.Frame(scene: scene, presented: scene.nodes.map { PixelRect($0.frame) }, viewport: Size(width: 200, height: 2000),
                                    scroll: .zero, focus: nil, hovered: nil, pressed: nil), on: canvas)
        let drawn = canvas.wrappedLines.map(\.text)
        let start = try XCTUnwrap(drawn.firstIndex(of: footer.lines[0]), "the footer's lines are handed over as wrapped lines")
        XCTAssertEqual(Array(drawn[start...].prefix(footer.lines.count)), footer.lines)
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
        XCTAssertTrue(paint(scene, presented: frames).fills.allSatisfy { $0.color != Palette.light.accent }, "no focus, no ring")
        for id: NodeID in ["pattern", "badge"] {
            let rings = paint(scene, presented: frames, focus: id).fills.filter { $0.color == Palette.light.accent }
            XCTAssertEqual(rings.count, 1, "\(id)")
            // 2 px gap and 2 px ring outside the box on every side.
            let box = try XCTUnwrap(frames[id])
            let ring = try XCTUnwrap(rings.first)
            let outline = ring.shape.spans.bounds
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

        let highlights = canvas.fills.filter { $0.color == Palette.light.highlight }
        XCTAssertEqual(highlights.count, 1)
        let highlight = try XCTUnwrap(highlights.first)
        XCTAssertEqual(highlight.x, rows[2].x)
        XCTAssertEqual(highlight.y, rows[2].y)
        XCTAssertEqual(highlight.shape.spans.bounds, PixelRect(x: 0, y: 0, width: rows[2].width, height: rows[2].height))

        let colors = Dictionary(canvas.texts.filter { $0.text != "✓" }.map { ($0.text, $0.color) }, uniquingKeysWith: { first, _ in first })
        XCTAssertEqual(colors, ["Circle": Palette.light.text, "Square": Palette.light.text, "Star": Palette.light.highlightText])
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
        XCTAssertTrue(canvas.fills.allSatisfy { $0.color != Palette.light.highlight })
        XCTAssertTrue(canvas.texts.allSatisfy { $0.color == Palette.light.text })
    }

    // MARK: - A menu cut to fit the screen

    func testCutMenuDrawsOnlyItsShownRowsBetweenIndicators() throws {
        let entries = (1...60).map { PopupEntry(id: NodeID("size/Option \($0)"), text: "Option \($0)", isSelected: $0 == 13) }
        var menu = PopupMenu(owner: "size", entries: entries, highlighted: 12)
        menu.scroll = MenuScroll(count: 60, visible: 19)
        menu.scroll.scroll(by: 10)
        let plan = menu.plan(metrics: metrics, measurer: measurer, minimumWidth: 127)
        let canvas = RecordingCanvas()
        painter.paintPopup(menu, plan: plan, direction: .leftToRight, on: canvas)

        let labels = canvas.texts.filter { $0.text != "✓" }
        XCTAssertEqual(labels.map(\.text), (11...29).map { "Option \($0)" }, "rows 10 to 28 and no others")
        // 4 px padding, a 16 px strip, then 27 px rows.
        let first = try XCTUnwrap(labels.first)
        XCTAssertTrue(first.baseline > 4 + 16 && first.baseline < 4 + 16 + 27, "the first shown row sits under the top strip")
        let highlight = try XCTUnwrap(canvas.fills.first { $0.color == Palette.light.highlight })
        XCTAssertEqual(highlight.y, 4 + 16 + 2 * 27, "row 12 is the third shown")
        XCTAssertEqual(canvas.texts.filter { $0.text == "✓" }.map(\.baseline), [labels[2].baseline], "the mark is on row 12")

        let border = try XCTUnwrap(canvas.fills.first { $0.color == Palette.light.popupBorder })
        XCTAssertEqual(border.shape.spans.bounds.height, 8 + 32 + 19 * 27, "the window's height, not the whole menu's")
        let up = try XCTUnwrap(canvas.fills.first { if case .upChevron = $0.shape { true } else { false } })
        let down = try XCTUnwrap(canvas.fills.first { if case .chevron = $0.shape { true } else { false } })
        XCTAssertLessThan(up.y, 4 + 16)
        XCTAssertGreaterThan(down.y, 4 + 16 + 19 * 27)
        XCTAssertEqual([up.color, down.color], [Palette.light.text, Palette.light.text], "more lies both ways")

        menu.scroll.scroll(by: -10)
        let atTop = RecordingCanvas()
        painter.paintPopup(menu, plan: plan, direction: .leftToRight, on: atTop)
        let dimmed = try XCTUnwrap(atTop.fills.first { if case .upChevron = $0.shape { true } else { false } })
        XCTAssertEqual(dimmed.color, Palette.light.controlBorder, "nothing above: the top indicator is dimmed")
    }

    func testMenuThatFitsHasNoIndicators() {
        let menu = PopupMenu(owner: "pattern", entries: [PopupEntry(id: "pattern/Solid", text: "Solid", isSelected: true)])
        let canvas = RecordingCanvas()
        painter.paintPopup(menu, plan: menu.plan(metrics: metrics, measurer: measurer, minimumWidth: 0), direction: .leftToRight, on: canvas)
        XCTAssertFalse(canvas.fills.contains { if case .upChevron = $0.shape { true } else if case .chevron = $0.shape { true } else { false } })
    }
}
