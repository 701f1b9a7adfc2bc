import RewrapLayout
import RewrapPanelFile

/// Draws a scene's nodes at their presented frames, and popups. How each
/// widget looks lives here, away from X11, so it can be tested by recording.
/// Right to left, text aligns right and each dropdown's chevron sits left of
/// its label. Every label is clipped to its control, so hostile text (a
/// tower of combining marks, say) never spills over a neighbour.
public struct Painter {
    /// Marks the selected row of a dropdown's menu.
    public static let checkMark = "✓"
    public let metrics: Metrics
    public let measurer: any TextMeasurer
    /// The theme's colours; a desktop switching theme swaps it.
    public var palette: Palette
    /// Controls centre one line of body text; its metrics are fixed per font.
    private let bodyLine: TextMetrics

    /// A painter at `metrics`' scale, measuring with `measurer`, in `palette`'s colours.
    public init(metrics: Metrics, measurer: any TextMeasurer, palette: Palette = .light) {
        self.metrics = metrics
        self.measurer = measurer
        self.palette = palette
        bodyLine = measurer.measure("Ag", style: .body)
    }

    /// What the painter needs to know about the moment it draws.
    public struct Frame {
        public var scene: Scene
        /// Each scene node's presented frame, in the scene's order, in window
        /// pixels with the scroll applied; nil for a node not shown.
        public var presented: [PixelRect?]
        public var viewport: Size
        public var scroll: Point
        public var focus: NodeID?
        public var hovered: NodeID?
        /// The node whose popup is open, drawn as pressed.
        public var pressed: NodeID?

        /// The moment to draw: the scene, where each node is shown, and who has focus, hover and a menu.
        public init(scene: Scene, presented: [PixelRect?], viewport: Size, scroll: Point,
                    focus: NodeID?, hovered: NodeID?, pressed: NodeID?) {
            self.scene = scene
            self.presented = presented
            self.viewport = viewport
            self.scroll = scroll
            self.focus = focus
            self.hovered = hovered
            self.pressed = pressed
        }
    }

    /// Draws the whole window for `frame`: background, nodes at their presented frames, ring and scroll indicators.
    public func paint(_ frame: Frame, on canvas: Canvas) {
        canvas.clear(palette.background)
        let visible = Rect(origin: .zero, size: frame.viewport)
        let direction = frame.scene.direction
        let nodes = frame.scene.nodes
        // By index: a resize paints every node, and copying each whole costs more than its drawing.
        for index in 0..<min(nodes.count, frame.presented.count) {
            guard let box = frame.presented[index], box.rect.overlaps(visible) || box.width == 0 else { continue }
            let node = nodes[index]
            switch node.kind {
            case .heading, .text, .empty:
                let color = node.kind == .heading ? palette.text : palette.secondaryText
                paintLines(node.wrappedLines, in: box, style: node.style, color: color, direction: direction, on: canvas)
            case .dropdown:
                paintDropdown(node.text, in: box, hovered: frame.hovered == node.id || frame.pressed == node.id,
                              direction: direction, on: canvas)
            case .chip:
                paintCapsule(node.text, in: box, fill: palette.chipFill, direction: direction, on: canvas)
            case .badge:
                let fill = frame.hovered == node.id || frame.pressed == node.id
                    ? palette.badgeHoverFill : palette.badgeFill
                paintCapsule(node.text, in: box, fill: fill, direction: direction, on: canvas)
            case .notice:
                paintNotice(node.text, in: box, direction: direction, on: canvas)
            case .option:
                continue   // rows belong to popups: see paintPopup
            }
            if frame.focus == node.id {
                paintFocusRing(around: box, radius: node.kind == .badge ? metrics.chipRadius : metrics.dropdownRadius, on: canvas)
            }
        }
        paintScrollIndicators(frame, on: canvas)
    }

    /// The rows `menu.scroll` shows; a menu cut to fit the screen has a
    /// chevron at each cut edge, dimmed when nothing more lies that way.
    /// The border goes round `window`, the popup's own size, when given: a
    /// buffer of whole logical pixels at a fractional scale holds up to one
    /// more than the plan, and the menu fills it.
    public func paintPopup(_ menu: PopupMenu, plan: PopupPlan, window: Size? = nil, direction: LayoutDirection, on canvas: Canvas) {
        canvas.clear(palette.popupFill)
        let size = window ?? plan.windowSize(menu.scroll)
        canvas.fill(.roundedBorder(width: Int(size.width), height: Int(size.height), radius: 0, stroke: metrics.borderWidth),
                    x: 0, y: 0, color: palette.popupBorder)
        for (index, frame) in plan.shownRows(menu.scroll) where menu.entries.indices.contains(index) {
            let entry = menu.entries[index]
            let row = PixelRect(frame)
            let isHighlighted = menu.highlighted == index
            if isHighlighted {
                canvas.fill(.roundedRect(width: row.width, height: row.height, radius: metrics.highlightRadius),
                            x: row.x, y: row.y, color: palette.highlight)
            }
            let color = isHighlighted ? palette.highlightText : palette.text
            let baseline = self.baseline(in: row)
            // The mark's column, then the text, from the row's leading edge.
            let content = Self.inset(row, by: Int(metrics.optionPaddingX))
            if entry.isSelected {
                canvas.drawText(Self.checkMark, x: leadingX(of: Self.checkMark, in: content, direction: direction), baseline: baseline,
                                style: .body, color: color, clip: row)
            }
            let text = Self.inset(content, leading: Int(metrics.optionMarkWidth), direction: direction)
            canvas.drawText(entry.text, x: leadingX(of: entry.text, in: text, direction: direction), baseline: baseline,
                            style: .body, color: color, clip: row)
        }
        for edge in [MenuEdge.top, .bottom] {
            guard let strip = plan.indicator(edge, menu.scroll).map(PixelRect.init) else { continue }
            let width = Int(metrics.chevronWidth), height = Int(metrics.chevronHeight)
            let shape: Shape = edge == .top ? .upChevron(width: width, height: height, stroke: metrics.chevronStroke)
                : .chevron(width: width, height: height, stroke: metrics.chevronStroke)
            canvas.fill(shape, x: strip.x + (strip.width - width) / 2, y: strip.y + (strip.height - height) / 2,
                        color: menu.scroll.canScroll(towards: edge) ? palette.text : palette.controlBorder)
        }
    }

    private func paintLines(_ lines: [WrappedLine], in box: PixelRect, style: TextStyle, color: Color,
                            direction: LayoutDirection, on canvas: Canvas) {
        var top = Double(box.y)
        for line in lines {
            let text = measurer.measure(line, style: style)
            let x = Self.leadingX(ofWidth: text.width, in: box, direction: direction)
            canvas.drawText(line, x: x, baseline: Int((top + text.ascent).rounded()), style: style, color: color, clip: box)
            top += text.height + metrics.textLineGap
        }
    }

    private func paintDropdown(_ text: String, in box: PixelRect, hovered: Bool, direction: LayoutDirection, on canvas: Canvas) {
        canvas.fill(.roundedRect(width: box.width, height: box.height, radius: metrics.dropdownRadius),
                    x: box.x, y: box.y, color: hovered ? palette.controlHoverFill : palette.controlFill)
        canvas.fill(.roundedBorder(width: box.width, height: box.height, radius: metrics.dropdownRadius,
                                         stroke: metrics.borderWidth),
                    x: box.x, y: box.y, color: palette.controlBorder)
        let chevronWidth = Int(metrics.chevronWidth), chevronHeight = Int(metrics.chevronHeight)
        let content = Self.inset(box, by: Int(metrics.dropdownPaddingX))
        // The chevron sits at the trailing end; the label keeps the rest.
        let label = Self.inset(content, trailing: chevronWidth + Int(metrics.chevronGap / 2), direction: direction)
        let chevronX = direction == .leftToRight ? content.x + content.width - chevronWidth : content.x
        // While a button grows towards its new label, the label is clipped to
        // the button rather than spilling over its neighbour; at rest it fits.
        canvas.drawText(text, x: leadingX(of: text, in: label, direction: direction), baseline: baseline(in: box),
                        style: .body, color: palette.text, clip: PixelRect(x: label.x, y: box.y, width: label.width, height: box.height))
        let chevronY = box.y + (box.height - chevronHeight) / 2
        canvas.fill(.chevron(width: chevronWidth, height: chevronHeight, stroke: metrics.chevronStroke),
                    x: chevronX, y: chevronY, color: palette.secondaryText)
    }

    private func paintCapsule(_ text: String, in box: PixelRect, fill: Color, direction: LayoutDirection, on canvas: Canvas) {
        canvas.fill(.roundedRect(width: box.width, height: box.height, radius: metrics.chipRadius),
                    x: box.x, y: box.y, color: fill)
        if let outline = palette.chipOutline {
            canvas.fill(.roundedBorder(width: box.width, height: box.height, radius: metrics.chipRadius, stroke: metrics.borderWidth),
                        x: box.x, y: box.y, color: outline)
        }
        let content = Self.inset(box, by: Int(metrics.chipPaddingX))
        canvas.drawText(text, x: leadingX(of: text, in: content, direction: direction), baseline: baseline(in: box),
                        style: .body, color: palette.text, clip: box)
    }

    /// A panel file's error: a menu's fill and border with the accent's
    /// colour along it, so it reads as the window's own, in any theme.
    private func paintNotice(_ text: String, in box: PixelRect, direction: LayoutDirection, on canvas: Canvas) {
        canvas.fill(.roundedRect(width: box.width, height: box.height, radius: metrics.dropdownRadius),
                    x: box.x, y: box.y, color: palette.popupFill)
        canvas.fill(.roundedBorder(width: box.width, height: box.height, radius: metrics.dropdownRadius,
                                   stroke: (2 * metrics.borderWidth).rounded()),
                    x: box.x, y: box.y, color: palette.accent)
        let content = Self.inset(box, by: Int(metrics.dropdownPaddingX))
        canvas.drawText(text, x: leadingX(of: text, in: content, direction: direction), baseline: baseline(in: box),
                        style: .body, color: palette.text, clip: content)
    }

    /// Where text starts so that it begins at the box's leading edge: the
    /// left edge, or right to left, the right edge less the text's width.
    private func leadingX(of text: String, in box: PixelRect, direction: LayoutDirection) -> Int {
        guard direction == .rightToLeft else { return box.x }
        return Self.leadingX(ofWidth: measurer.measure(text, style: .body).width, in: box, direction: direction)
    }

    private static func leadingX(ofWidth width: Double, in box: PixelRect, direction: LayoutDirection) -> Int {
        direction == .leftToRight ? box.x : box.x + box.width - Int(width.rounded(.up))
    }

    /// `box` narrowed by `inset` on the left and right.
    private static func inset(_ box: PixelRect, by inset: Int) -> PixelRect {
        PixelRect(x: box.x + inset, y: box.y, width: max(0, box.width - 2 * inset), height: box.height)
    }

    /// `box` without `amount` at its leading edge (left, or right when right to left).
    private static func inset(_ box: PixelRect, leading amount: Int, direction: LayoutDirection) -> PixelRect {
        let width = max(0, box.width - amount)
        return PixelRect(x: direction == .leftToRight ? box.x + amount : box.x, y: box.y, width: width, height: box.height)
    }

    /// `box` without `amount` at its trailing edge (right, or left when right to left).
    private static func inset(_ box: PixelRect, trailing amount: Int, direction: LayoutDirection) -> PixelRect {
        inset(box, leading: amount, direction: direction == .leftToRight ? .rightToLeft : .leftToRight)
    }

    private func paintFocusRing(around box: PixelRect, radius: Double, on canvas: Canvas) {
        let stroke = (metrics.focusRingWidth * palette.focusRingWeight).rounded()
        let inset = Int(metrics.focusRingGap + stroke)
        canvas.fill(.roundedBorder(width: box.width + 2 * inset, height: box.height + 2 * inset,
                                         radius: radius + Double(inset), stroke: stroke),
                    x: box.x - inset, y: box.y - inset, color: palette.accent)
    }

    /// The baseline that centres a line of `style` text vertically in `box`.
    private func baseline(in box: PixelRect) -> Int {
        box.y + Int(((Double(box.height) - bodyLine.height) / 2 + bodyLine.ascent).rounded())
    }

    private func paintScrollIndicators(_ frame: Frame, on canvas: Canvas) {
        let content = frame.scene.contentSize, viewport = frame.viewport
        let thickness = Int(metrics.scrollIndicatorWidth)
        let inset = thickness / 2
        if let bar = ScrollPosition.indicator(offset: frame.scroll.y, content: content.height,
                                              viewport: viewport.height, length: viewport.height - 2 * Double(inset)) {
            // At the trailing edge, as GTK puts its scrollbar.
            let x = frame.scene.direction == .leftToRight ? Int(viewport.width) - thickness - inset : inset
            canvas.fill(.roundedRect(width: thickness, height: Int(bar.length.rounded()), radius: Double(thickness) / 2),
                        x: x, y: inset + Int(bar.start.rounded()), color: palette.scrollIndicator)
        }
        if let bar = ScrollPosition.indicator(offset: frame.scroll.x, content: content.width,
                                              viewport: viewport.width, length: viewport.width - 2 * Double(inset)) {
            canvas.fill(.roundedRect(width: Int(bar.length.rounded()), height: thickness, radius: Double(thickness) / 2),
                        x: inset + Int(bar.start.rounded()), y: Int(viewport.height) - thickness - inset, color: palette.scrollIndicator)
        }
    }
}
