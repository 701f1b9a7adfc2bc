import RewrapAccessibility
import RewrapLayout
import RewrapPanelFile
import RewrapScene
import RewrapTestDrivers
import RewrapTestFakes

/// The shipped panel laid out with a fixed-advance measurer, drawn at rest
/// or scrolled, with or without an open menu: the tree's inputs, as the app
/// gives them, and the trace record of the same frame.
struct SceneFixture {
    // The panel the app ships; PanelLoaderTests prove it loads.
    static let panel = try! PanelLoader.load(path: PanelFixture.shippedPath)

    var state = PanelState(panel: panel)
    var viewport = Size(width: 680, height: 420)
    var scroll = Point.zero
    var focus: NodeID?
    var popup: TraceRecord.PopupRecord?
    var active = true
    var direction = LayoutDirection.leftToRight
    var scale = 1.0
    var locale = ""

    var scene: Scene {
        PageLayout(metrics: Metrics(scale: scale), words: .english, measurer: FixedAdvanceMeasurer(), direction: direction)
            .scene(for: state, viewportWidth: viewport.width)
    }

    /// At rest: every node presented at its target, scrolled as drawn.
    var drawn: Painter.Frame {
        let scene = self.scene
        let presented = scene.nodes.map { PixelRect($0.frame.offsetBy(dx: -scroll.x, dy: -scroll.y)) }
        return Painter.Frame(scene: scene, presented: presented, viewport: viewport, scroll: scroll,
                             focus: nil, hovered: nil, pressed: popup?.menu.owner)
    }

    var tree: AccessibleTree {
        AccessibleTree(application: "rewrap", title: "Rewrap", drawn: drawn, focus: focus, popup: popup, active: active,
                       locale: locale)
    }

    var trace: TraceRecord {
        TraceRecord(frame: 0, time: 0, animating: false, drawn: drawn, focus: focus, popup: popup)
    }

    /// `owner`'s menu as the app would show it, at a made-up place on the screen.
    mutating func open(_ owner: NodeID, highlighted: Int? = nil) {
        let entries: [PopupEntry]
        if let dropdown = state.dropdown(owner) {
            entries = dropdown.options.map { PopupEntry(id: .option($0, of: owner), text: $0, isSelected: $0 == state.selection(of: owner)) }
        } else {
            let hidden = Self.panel.chips.items.dropFirst(scene.chipPlan.visible)
            entries = hidden.map { PopupEntry(id: .option($0.id.rawValue, of: owner), text: $0.title, isSelected: false) }
        }
        let rows = entries.indices.map { PixelRect(x: 4, y: 4 + 27 * $0, width: 176, height: 27) }
        popup = TraceRecord.PopupRecord(menu: PopupMenu(owner: owner, entries: entries, highlighted: highlighted),
                                  frame: PixelRect(x: 300, y: 200, width: 184, height: 8 + 27 * entries.count), rows: rows)
    }
}
