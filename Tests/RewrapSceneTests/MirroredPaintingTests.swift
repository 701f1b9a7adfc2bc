import RewrapLayout
import RewrapPanelFile
import RewrapScene
import RewrapTestSupport
import XCTest

/// Right to left, the window is the left-to-right window in a mirror, with
/// its text still reading forwards: every fill and every string lands where
/// the mirror puts it. The oracle is the left-to-right painting, reflected
/// here, not the painter's own right-to-left code.
final class MirroredPaintingTests: XCTestCase {
    private let metrics = Metrics()
    private let measurer = FixedAdvanceMeasurer(advance: 7, boldAdvance: 8, ascent: 13, descent: 4)
    private let width = 440.0

    /// What a call puts where: a fill's ink box, or a string's pen box and clip.
    private struct Mark: Hashable, CustomStringConvertible {
        var what: String
        var box: PixelRect
        var clip: PixelRect?

        var description: String { "\(what) at \(box.x),\(box.y) \(box.width)×\(box.height)" + (clip.map { " clip \($0.x)" } ?? "") }
    }

    private func marks(_ canvas: RecordingCanvas) -> [Mark] {
        canvas.calls.compactMap { call in
            switch call {
            case .clear:
                return nil
            case .fill(let shape, let x, let y, let color):
                let ink = shape.spans.bounds
                return Mark(what: "fill \(color)", box: PixelRect(x: x + ink.x, y: y + ink.y, width: ink.width, height: ink.height))
            case .text(let text, let x, let baseline, let style, let color, let clip):
                let advance = Int(measurer.measure(text, style: style).width)
                return Mark(what: "'\(text)' \(color)", box: PixelRect(x: x, y: baseline, width: advance, height: 0), clip: clip)
            }
        }
    }

    private func mirrored(_ marks: [Mark], within width: Int) -> [Mark] {
        func flip(_ box: PixelRect) -> PixelRect { PixelRect(x: width - box.x - box.width, y: box.y, width: box.width, height: box.height) }
        return marks.map { Mark(what: $0.what, box: flip($0.box), clip: $0.clip.map(flip)) }
    }

    private func assertMirrored(_ ltr: RecordingCanvas, _ rtl: RecordingCanvas, width: Int,
                                file: StaticString = #filePath, line: UInt = #line) {
        let expected = mirrored(marks(ltr), within: width), drawn = marks(rtl)
        XCTAssertFalse(expected.isEmpty, "fixture: something was painted", file: file, line: line)
        XCTAssertEqual(Set(drawn).subtracting(expected).map(\.description).sorted(), [], "drawn but not in the mirror",
                       file: file, line: line)
        XCTAssertEqual(Set(expected).subtracting(drawn).map(\.description).sorted(), [], "in the mirror but not drawn",
                       file: file, line: line)
    }

    private func scene(_ direction: LayoutDirection, width: Double) throws -> Scene {
        let state = PanelState(panel: try PanelLoader.load(path: PanelFixture.shippedPath))
        return PageLayout(metrics: metrics, words: .english, measurer: measurer, direction: direction)
            .scene(for: state, viewportWidth: width)
    }

    private func page(_ direction: LayoutDirection, width: Double, focus: NodeID?) throws -> RecordingCanvas {
        let scene = try scene(direction, width: width)
        let canvas = RecordingCanvas()
        Painter(metrics: metrics, measurer: measurer).paint(
            Painter.Frame(scene: scene, presented: scene.nodes.map { PixelRect($0.frame) }, viewport: Size(width: width, height: 600),
                          scroll: .zero, focus: focus, hovered: nil, pressed: nil), on: canvas)
        return canvas
    }

    /// Chevrons left of their labels, headings and every wrapped footer line
    /// aligned right, the badge at the row's left end, the focus ring around it.
    func testThePageIsTheMirrorOfTheLeftToRightPage() throws {
        for (width, focus) in [(440.0, NodeID("shape")), (250, .badge)] {
            XCTAssertNotNil(try scene(.leftToRight, width: width).node(.badge), "fixture: a badge at \(width) px")
            assertMirrored(try page(.leftToRight, width: width, focus: focus), try page(.rightToLeft, width: width, focus: focus),
                           width: Int(width))
        }
    }

    func testThePopupIsTheMirrorOfTheLeftToRightPopup() {
        let entries = ["Circle", "Square", "Star"].map { PopupEntry(id: .option($0, of: "shape"), text: $0, isSelected: $0 == "Square") }
        let menu = PopupMenu(owner: "shape", entries: entries, highlighted: 2)
        let plan = menu.plan(metrics: metrics, measurer: measurer, minimumWidth: 127)
        let painter = Painter(metrics: metrics, measurer: measurer)
        let ltr = RecordingCanvas(), rtl = RecordingCanvas()
        painter.paintPopup(menu, plan: plan, direction: .leftToRight, on: ltr)
        painter.paintPopup(menu, plan: plan, direction: .rightToLeft, on: rtl)
        assertMirrored(ltr, rtl, width: Int(plan.size.width))
    }

    func testTheInspectorIsTheMirrorOfTheLeftToRightInspector() throws {
        func inspector(_ direction: LayoutDirection) throws -> RecordingCanvas {
            let scene = try scene(direction, width: width)
            let canvas = RecordingCanvas()
            Inspector(metrics: metrics, measurer: measurer).paint(
                scene: scene, breakpoints: Breakpoints(scene: scene, metrics: metrics, windowWidth: width), scroll: .zero,
                viewport: Size(width: width, height: 420), on: canvas)
            return canvas
        }
        assertMirrored(try inspector(.leftToRight), try inspector(.rightToLeft), width: Int(width))
    }
}
