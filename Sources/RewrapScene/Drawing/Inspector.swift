import RewrapLayout
import RewrapText

/// The layout inspector (F12): outlines the planned target frames over the
/// presented ones, marks each flow row and the proposal's width, compares
/// every chip-row candidate with the available width, and names the nearest
/// window widths at which the layout would change. A wrong outline is a
/// layout defect; a right outline with the control elsewhere is a motion one.
/// Right to left, everything it draws is mirrored with the page.
public struct Inspector {
    public let metrics: Metrics
    public let measurer: any TextMeasurer
    private let breaker: LineBreaker
    public let palette: Palette

    /// An inspector measuring its caption with `measurer`, in `palette`'s colours.
    public init(metrics: Metrics, measurer: any TextMeasurer, palette: Palette = .light) {
        self.metrics = metrics
        self.measurer = measurer
        breaker = LineBreaker(measurer: measurer)
        self.palette = palette
    }

    /// Draws the scene's plans over a painted frame scrolled by `scroll`, with the caption along the bottom.
    public func paint(scene: Scene, breakpoints: Breakpoints, scroll: Point, viewport: Size, on canvas: Canvas) {
        let line = max(1, Int(metrics.scale.rounded()))
        let thickness = Double(line)
        /// Node frames are placed already; the plans' geometry is in reading order.
        func toWindow(_ rect: Rect) -> PixelRect {
            PixelRect(rect.offsetBy(dx: -scroll.x, dy: -scroll.y))
        }
        func placedInWindow(_ rect: Rect) -> PixelRect {
            toWindow(scene.placed(rect))
        }
        func fill(_ box: PixelRect, _ color: Color) {
            canvas.fillRect(x: box.x, y: box.y, width: box.width, height: box.height, color: color)
        }
        func outline(_ box: PixelRect, _ color: Color) {
            canvas.fill(.roundedBorder(width: box.width, height: box.height, radius: 0, stroke: Double(line)),
                        x: box.x, y: box.y, color: color)
        }

        // Each flow row as a band across the proposal, its used width darker.
        for row in scene.panelPlan.rows {
            let top = scene.panelOrigin.y + row.minY
            fill(placedInWindow(Rect(x: scene.panelOrigin.x, y: top, width: max(row.width, scene.proposedWidth), height: row.height)),
                 palette.inspectorRow.withAlpha(0.1))
            fill(placedInWindow(Rect(x: scene.panelOrigin.x, y: top + row.height, width: row.width, height: thickness)),
                 palette.inspectorRow)
        }
        for node in scene.nodes {
            outline(toWindow(node.frame), palette.inspectorTarget)
        }

        var limit = placedInWindow(Rect(x: scene.panelOrigin.x + scene.proposedWidth, y: 0, width: thickness, height: 0))
        (limit.y, limit.height) = (0, Int(viewport.height))
        fill(limit, palette.inspectorLimit)

        // One tick per chip-row candidate: its width, against the limit line.
        let baseY = scene.chipOrigin.y + scene.chipPlan.size.height + thickness
        for (k, width) in scene.chipPlan.candidateWidths.enumerated() {
            let fits = scene.chipPlan.fits(k)
            let color = k == scene.chipPlan.visible ? palette.inspectorTarget : (fits ? palette.inspectorRow : palette.inspectorLimit)
            fill(placedInWindow(Rect(x: scene.chipOrigin.x + width - thickness, y: baseY, width: 2 * thickness,
                                     height: metrics.chipPaddingY)), color)
        }

        paintCaption(Self.caption(scene: scene, breakpoints: breakpoints, viewport: viewport), viewport: viewport,
                     direction: scene.direction, on: canvas)
    }

    /// What the bar at the bottom says: the window, the proposal, and the
    /// nearest widths at which the layout decides differently.
    public static func caption(scene: Scene, breakpoints: Breakpoints, viewport: Size) -> String {
        let narrower = breakpoints.narrower.map { "narrower: changes at \(Int($0)) px" } ?? "no change narrower"
        let wider = breakpoints.wider.map { "wider: changes at \(Int($0)) px" } ?? "no change wider"
        return "window \(Int(viewport.width)) px · limit \(Int(scene.proposedWidth)) px · \(narrower) · \(wider)"
    }

    /// A dark bar along the bottom edge, the caption wrapped to fit in it.
    private func paintCaption(_ caption: String, viewport: Size, direction: LayoutDirection, on canvas: Canvas) {
        let pad = Int(metrics.popupPadding)
        let lines = breaker.wrap(caption, width: viewport.width - 2 * metrics.padding, style: .body).lines
        let lineHeight = Int(measurer.measure(caption, style: .body).height)
        let height = lines.count * lineHeight + 2 * pad
        let top = Int(viewport.height) - height
        canvas.fillRect(x: 0, y: top, width: Int(viewport.width), height: height, color: palette.captionFill)
        let ascent = Int(measurer.measure(caption, style: .body).ascent)
        for (index, line) in lines.enumerated() {
            let width = measurer.measure(line, style: .body).width
            let x = direction == .leftToRight ? metrics.padding : viewport.width - metrics.padding - width
            canvas.drawText(line, x: Int(x), baseline: top + pad + index * lineHeight + ascent, style: .body,
                            color: palette.captionText, clip: nil)
        }
    }
}
