import RewrapLayout
import RewrapPanelFile
import RewrapScene
import RewrapTestSupport
import XCTest

/// Which control a pointer is over: only dropdowns and the badge, by where
/// they are shown rather than where the plan puts them, the topmost first.
final class SceneHitTestingTests: XCTestCase {
    /// The shipped panel at 400 px: some chips hide behind a badge.
    private let scene: Scene = {
        let panel = try! PanelLoader.load(path: PanelFixture.shippedPath)
        return PageLayout(metrics: Metrics(), words: .english, measurer: FixedAdvanceMeasurer())
            .scene(for: PanelState(panel: panel), viewportWidth: 400)
    }()

    private func centre(_ rect: Rect) -> Point { Point(x: (rect.minX + rect.maxX) / 2, y: (rect.minY + rect.maxY) / 2) }

    private func atTargets(_ node: SceneNode) -> PixelRect? { PixelRect(node.frame) }

    func testEachInteractiveNodeIsFoundAtItsCentre() throws {
        XCTAssertNotNil(scene.node("badge"), "fixture: the chip row needs a badge at 400 px")
        for id in scene.interactiveIDs {
            let frame = try XCTUnwrap(scene.node(id)?.frame)
            XCTAssertEqual(scene.interactiveNode(at: centre(frame), presented: atTargets), id)
        }
    }

    func testHeadingsFootersAndChipsAreNotHit() throws {
        for kind in [NodeKind.heading, .text, .chip] {
            let node = try XCTUnwrap(scene.nodes.first { $0.kind == kind }, "fixture: a \(kind) node")
            XCTAssertNil(scene.interactiveNode(at: centre(node.frame), presented: atTargets), "\(kind) takes no pointer")
        }
    }

    /// Mid-move a control is hit where it is drawn, not where it is headed.
    func testPresentedFramesDecideNotTargets() throws {
        let shape = try XCTUnwrap(scene.node("shape")?.frame)
        let shifted: (SceneNode) -> PixelRect? = { PixelRect($0.frame.offsetBy(dx: 1000, dy: 0)) }
        XCTAssertNil(scene.interactiveNode(at: centre(shape), presented: shifted))
        XCTAssertEqual(scene.interactiveNode(at: centre(shape.offsetBy(dx: 1000, dy: 0)), presented: shifted), "shape")
    }

    /// Where shown frames overlap, the node drawn last, on top, wins.
    func testTheTopmostOfOverlappingNodesWins() throws {
        let everywhere: (SceneNode) -> PixelRect? = { _ in PixelRect(x: 0, y: 0, width: 50, height: 50) }
        XCTAssertEqual(scene.interactiveNode(at: Point(x: 10, y: 10), presented: everywhere), scene.interactiveIDs.last)
        XCTAssertEqual(scene.interactiveIDs.last, "badge", "fixture: the badge is drawn after the dropdowns")
    }

    func testANodeWithNoPresentedFrameIsNotHit() throws {
        let shape = try XCTUnwrap(scene.node("shape")?.frame)
        let hidden: (SceneNode) -> PixelRect? = { $0.id == "shape" ? nil : PixelRect($0.frame) }
        XCTAssertNil(scene.interactiveNode(at: centre(shape), presented: hidden))
    }
}
