import RewrapLayout

/// The layout inspector (F12): outlines the planned target frames over the
/// presented ones, marks each flow row and the proposal's width, compares
/// every chip-row candidate with the available width, and names the nearest
/// window widths at which the layout would change. A wrong outline is a
/// layout defect; a right outline with the control elsewhere is a motion one.
public struct Inspector {
    public let metrics: Metrics
    public let measurer: any TextMeasurer
    public let palette: Palette

    public init(metrics: Metrics, measurer: any TextMeasurer, palette: Palette = .light) {
        self.metrics = metrics
        self.measurer = measurer
        self.palette = palette
    }

    public func paint(scene: Scene, breakpoints: Breakpoints, scroll: Point, viewport: Size, on canvas: Canvas) {
        let line = max(1, Int(metrics.scale.rounded()))
        func toWindow(_ rect: Rect) -> PixelRect {
            PixelRect(rect.offsetBy(dx: -scroll.x, dy: -scroll.y))
        }
        func outline(_ box: PixelRect, _ color: Color) {
            canvas.fill(.roundedBorder(width: box.width, height: box.height, radius: 0, stroke: Double(line)),
                        x: box.x, y: box.y, color: color)
        }

        // Each flow row as a band across the proposal, its used width darker.
        for row in scene.panelPlan.rows {
            let band = toWindow(Rect(x: scene.panelOrigin.x, y: scene.panelOrigin.y + row.minY,
                                     width: max(row.width, scene.proposedWidth), height: row.height))
            canvas.fillRect(x: band.x, y: band.y, width: band.width, height: band.height, color: palette.inspectorRow.withAlpha(0.1))
            canvas.fillRect(x: band.x, y: band.y + band.height, width: Int(row.width.rounded()), height: line,
                            color: palette.inspectorRow)
        }
        for node in scene.nodes {
            outline(toWindow(node.frame), palette.inspectorTarget)
        }

        let limitX = Int((scene.panelOrigin.x + scene.proposedWidth - scroll.x).rounded())
        canvas.fillRect(x: limitX, y: 0, width: line, height: Int(viewport.height), color: palette.inspectorLimit)

        // One tick per chip-row candidate: its width, against the limit line.
        let tickHeight = Int(metrics.chipPaddingY)
        let baseY = Int((scene.chipOrigin.y + scene.chipPlan.size.height - scroll.y).rounded()) + line
        for (k, width) in scene.chipPlan.candidateWidths.enumerated() {
            let x = Int((scene.chipOrigin.x + width - scroll.x).rounded())
            let fits = scene.chipPlan.fits(k)
            let color = k == scene.chipPlan.visible ? palette.inspectorTarget : (fits ? palette.inspectorRow : palette.inspectorLimit)
            canvas.fillRect(x: x - line, y: baseY, width: 2 * line, height: tickHeight, color: color)
        }

        paintCaption(Self.caption(scene: scene, breakpoints: breakpoints, viewport: viewport), viewport: viewport, on: canvas)
    }

    /// What the bar at the bottom says: the window, the proposal, and the
    /// nearest widths at which the layout decides differently.
    public static func caption(scene: Scene, breakpoints: Breakpoints, viewport: Size) -> String {
        let narrower = breakpoints.narrower.map { "narrower: changes at \(Int($0)) px" } ?? "no change narrower"
        let wider = breakpoints.wider.map { "wider: changes at \(Int($0)) px" } ?? "no change wider"
        return "window \(Int(viewport.width)) px · limit \(Int(scene.proposedWidth)) px · \(narrower) · \(wider)"
    }

    /// A dark bar along the bottom edge, the caption wrapped to fit in it.
    private func paintCaption(_ caption: String, viewport: Size, on canvas: Canvas) {
        let pad = Int(metrics.popupPadding)
        let lines = TextWrapper.lines(caption, width: viewport.width - 2 * metrics.padding, style: .body, measurer: measurer)
        let lineHeight = Int(measurer.measure(caption, style: .body).height)
        let height = lines.count * lineHeight + 2 * pad
        let top = Int(viewport.height) - height
        canvas.fillRect(x: 0, y: top, width: Int(viewport.width), height: height, color: palette.captionFill)
        let ascent = Int(measurer.measure(caption, style: .body).ascent)
        for (index, line) in lines.enumerated() {
            canvas.drawText(line, x: Int(metrics.padding), baseline: top + pad + index * lineHeight + ascent, style: .body,
                            color: palette.captionText)
        }
    }
}
