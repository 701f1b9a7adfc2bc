import RewrapLayout
import RewrapPanelFile
import RewrapScene
import RewrapTestSupport
import XCTest

/// The inspector shows the plan's decisions; these check it draws them.
final class InspectorTests: XCTestCase {
    private let metrics = Metrics()
    private let measurer = FixedAdvanceMeasurer()

    private func scene(width: Double) throws -> Scene {
        let panel = try PanelLoader.load(path: PackagePaths.root + "/assets/panel.json")
        return PageLayout(metrics: metrics, words: .english, measurer: measurer)
            .scene(for: PanelState(panel: panel), viewportWidth: width)
    }

    private func paint(width: Double, height: Double = 420) throws -> (RecordingCanvas, Scene, Breakpoints) {
        let scene = try scene(width: width)
        let breakpoints = Breakpoints(scene: scene, metrics: metrics, windowWidth: width)
        let recorder = RecordingCanvas()
        Inspector(metrics: metrics, measurer: measurer)
            .paint(scene: scene, breakpoints: breakpoints, scroll: .zero, viewport: Size(width: width, height: height), on: recorder)
        return (recorder, scene, breakpoints)
    }

    func testEveryTargetFrameIsOutlined() throws {
        let (recorder, scene, _) = try paint(width: 480)
        for node in scene.nodes {
            let box = PixelRect(node.frame)
            XCTAssertTrue(recorder.fills.contains {
                $0.x == box.x && $0.y == box.y && $0.shape == .roundedBorder(width: box.width, height: box.height, radius: 0, stroke: 1)
            }, "\(node.id) has an outline")
        }
    }

    func testTheProposalIsALineAtTheLimit() throws {
        let (recorder, scene, _) = try paint(width: 480)
        let x = Int(scene.panelOrigin.x + scene.proposedWidth)
        XCTAssertTrue(recorder.fills.contains { $0.x == x && $0.shape == .rect(width: 1, height: 420) })
    }

    func testOneTickPerChipCandidate() throws {
        let (recorder, scene, _) = try paint(width: 480)
        let tickY = Int(scene.chipOrigin.y + scene.chipPlan.size.height) + 1
        let ticks = recorder.fills.filter { $0.y == tickY && $0.shape == .rect(width: 2, height: Int(metrics.chipPaddingY)) }
        XCTAssertEqual(ticks.count, scene.chipPlan.candidateWidths.count)
        XCTAssertEqual(ticks.filter { $0.color == Palette.light.inspectorTarget }.count, 1, "the chosen candidate stands out")
    }

    func testCaptionNamesBothBreakpointsAndWrapsWhenNarrow() throws {
        let (recorder, scene, breakpoints) = try paint(width: 340)
        let caption = Inspector.caption(scene: scene, breakpoints: breakpoints, viewport: Size(width: 340, height: 420))
        XCTAssertTrue(caption.contains("changes at \(Int(try XCTUnwrap(breakpoints.narrower))) px"))
        XCTAssertTrue(caption.contains("changes at \(Int(try XCTUnwrap(breakpoints.wider))) px"))
        let drawn = recorder.texts.map(\.text)
        XCTAssertGreaterThan(drawn.count, 1, "a long caption wraps at 340 px")
        XCTAssertEqual(drawn.joined(separator: " "), caption, "nothing of it is cut")
        for line in drawn {
            XCTAssertLessThanOrEqual(measurer.measure(line, style: .body).width, 340 - 2 * metrics.padding)
        }
    }
}
