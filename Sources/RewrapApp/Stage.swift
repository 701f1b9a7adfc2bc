import RewrapLayout
import RewrapMotion
import RewrapPanelFile
import RewrapScene

/// The scene the window shows and how its nodes move towards it: the latest
/// layout is the target, the animator decides the presented frames, and the
/// pacer when the next of them is due. A class, owned by the app alone, so
/// that reading it while the loop runs never copies its scene and animator.
final class Stage {
    private var layout: PageLayout
    private(set) var scene: Scene
    private var animator: Animator<NodeID>
    private var pacer = FramePacer(interval: 1 / Desktop.defaultRefreshRate)
    /// The inspector's nearest breakpoints: searching plans hundreds of
    /// widths, so once per layout is enough.
    private var breakpoints: Breakpoints?
    /// False once a resize at rest has left the animator behind: a resize
    /// moves nothing, so the animator hears of a new layout only when
    /// something is about to move, and until then the scene's frames are
    /// the presented ones.
    private var animatorIsCurrent = true

    /// `slowMotion` makes every move ten times as long, to watch one.
    init(layout: PageLayout, state: PanelState, viewport: Size, slowMotion: Bool) {
        self.layout = layout
        scene = layout.scene(for: state, viewportWidth: viewport.width)
        animator = Animator(duration: Animator<NodeID>.standardDuration * (slowMotion ? 10 : 1))
        animator.update(targets: scene.targets, at: 0, animate: .retargetInFlight)
    }

    var isAnimating: Bool { animator.isAnimating }

    /// When the next animation frame is due; nil at rest.
    var frameDeadline: Double? { animator.isAnimating ? pacer.deadline : nil }

    /// The time to draw an animation frame for, once it is due.
    func dueFrameTime(at now: Double) -> Double? {
        animator.isAnimating ? pacer.frameTime(at: now) : nil
    }

    /// A platform that paces frames itself is ready for the next one: a
    /// move's next frame is due at once, so frames come at the compositor's
    /// pace, not also at the timer's.
    func frameReady(at now: Double) {
        if animator.isAnimating { pacer.start(at: now) }
    }

    /// After drawing the frame for `time`: the next one comes an interval
    /// of the display's refresh later, or when the move ends if sooner.
    func frameDrawn(at time: Double, refreshRate: Double) {
        pacer.interval = 1 / refreshRate
        pacer.advance(after: time, moveEnd: animator.endTime)
    }

    /// Lays out again. A pick animates what moved; a resize never does,
    /// though moves in flight carry on.
    func relayout(_ state: PanelState, viewport: Size, at now: Double, animated: Bool) {
        let next = layout.scene(for: state, viewportWidth: viewport.width)
        breakpoints = nil
        let wasAnimating = animator.isAnimating
        defer { scene = next }
        guard animated || wasAnimating else {
            animatorIsCurrent = false
            return
        }
        // At rest the scene shown so far is where moves start from.
        if !animatorIsCurrent { animator.update(targets: scene.targets, at: now, animate: .retargetInFlight) }
        animator.update(targets: next.targets, at: now, animate: animated ? .animateChanges : .retargetInFlight)
        animatorIsCurrent = true
        if animator.isAnimating && !wasAnimating { pacer.start(at: now) }
    }

    /// Lays out at a new scale from now on. Moves in flight end first: their
    /// frames are at the old scale, and a change of scale never animates.
    func rescale(_ metrics: Metrics, measurer: any TextMeasurer) {
        animator.finishAll()
        layout = layout.rescaled(metrics, measurer: measurer)
        breakpoints = nil
    }

    /// Ends every move at once, as reduced motion asks.
    func finishMoves() {
        animator.finishAll()
    }

    /// A node's presented frame in window pixels, scrolled and snapped as drawn.
    func presented(_ id: NodeID, at now: Double, scroll: Point) -> PixelRect? {
        scene.node(id).flatMap { presented($0, at: now, scroll: scroll) }
    }

    /// The same for a node of the scene in hand: at rest its own frame, with
    /// no search for it by id.
    private func presented(_ node: SceneNode, at now: Double, scroll: Point) -> PixelRect? {
        let frame = animator.isAnimating ? animator.presentedFrame(of: node.id, at: now) : node.frame
        return frame.map { PixelRect($0.offsetBy(dx: -scroll.x, dy: -scroll.y)) }
    }

    func interactiveNode(at point: Point, at now: Double, scroll: Point) -> NodeID? {
        scene.interactiveNode(at: point) { presented($0, at: now, scroll: scroll) }
    }

    /// What to draw at `now`, with moves that have ended dropped first.
    func frame(at now: Double, controller: PanelController) -> Painter.Frame {
        animator.settle(at: now)
        return shown(at: now, controller: controller)
    }

    /// What is shown at `now`, leaving the animator as it is, for readers
    /// such as the accessible tree that must not end a move before it is drawn.
    func shown(at now: Double, controller: PanelController) -> Painter.Frame {
        let scroll = controller.scroll.offset
        var presentedFrames = scene.nodes.map { presented($0, at: now, scroll: scroll) }
        var scene = self.scene
        if let notice = controller.notice {
            // Fixed to the window, over the page: its target is where it is, scrolled or not.
            let frame = layout.noticeFrame(in: controller.viewport)
            scene.nodes.append(SceneNode(id: .notice, kind: .notice, text: notice, style: .body,
                                         frame: frame.offsetBy(dx: scroll.x, dy: scroll.y)))
            presentedFrames.append(PixelRect(frame))
        }
        return Painter.Frame(scene: scene, presented: presentedFrames, viewport: controller.viewport, scroll: scroll,
                             focus: controller.ring, hovered: controller.hovered,
                             pressed: controller.menu.open?.owner)
    }

    func breakpoints(metrics: Metrics, windowWidth: Double) -> Breakpoints {
        if let breakpoints { return breakpoints }
        let found = Breakpoints(scene: scene, metrics: metrics, windowWidth: windowWidth)
        breakpoints = found
        return found
    }
}
