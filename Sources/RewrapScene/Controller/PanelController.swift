import RewrapLayout
import RewrapPanelFile

/// The demo's behaviour, free of X11, and the only owner of interaction
/// state: selection, focus, hover, the open menu from its opening to its
/// closing, the scroll position and the notice of a bad panel file.
/// The app feeds it `Input`s and carries out the returned `Effect`s; a new
/// layout reaches it as an input too (`laidOut`), so nothing else writes it.
///
///     var controller = PanelController(state: PanelState(panel: panel), metrics: metrics, viewport: window)
///     controller.handle(.pointerPressed(on: "pattern"), scene: scene)   // [.openPopup(menu, scroll: offset), .redraw]
///     controller.menu                                                   // .requested(menu)
public struct PanelController: Sendable {
    public private(set) var metrics: Metrics
    public private(set) var state: PanelState
    /// The window's size: what the scrolled content is seen through.
    public private(set) var viewport: Size
    public private(set) var scroll: ScrollPosition
    /// The focused dropdown or the badge.
    public private(set) var focus: NodeID?
    /// The ring shows only for focus the keyboard moved, as desktops do.
    public private(set) var focusVisible = false
    /// Whether the window holds the keyboard focus; until the window
    /// manager says otherwise, it is taken to.
    public private(set) var windowFocused = true
    public private(set) var hovered: NodeID?
    /// The menu, closed, requested of the platform or placed.
    public private(set) var menu = MenuPhase.closed
    /// The open menu's content, requested or placed.
    private var popup: PopupMenu? { menu.open }
    /// The primary button is down since it opened the open menu or pressed
    /// inside it, so its release may pick.
    private var hold: MenuHold?
    public private(set) var isInspecting: Bool
    /// What is wrong with the panel file, shown over the window's bottom
    /// edge until the file is good again; nil while it is good.
    public private(set) var notice: String?
    /// The Tab order of the scene last laid out, so that when the focused
    /// control goes its nearest neighbour there takes the focus.
    private var tabOrder: [NodeID] = []

    /// Right to left, horizontal scrolling starts at the content's right end.
    public init(state: PanelState, metrics: Metrics, viewport: Size, direction: LayoutDirection = .leftToRight,
                inspecting: Bool = false) {
        self.state = state
        self.metrics = metrics
        self.viewport = viewport
        scroll = ScrollPosition(direction: direction)
        isInspecting = inspecting
    }

    /// Where the focus ring shows: on the focused control, when the keyboard
    /// moved focus there and the window holds the keyboard focus.
    public var ring: NodeID? {
        focusVisible && windowFocused ? focus : nil
    }

    /// Takes what the user did and returns what the app must do about it.
    public mutating func handle(_ input: Input, scene: Scene) -> [Effect] {
        switch input {
        case .resized(let size):
            guard size != viewport else { return [] }
            viewport = size
            return close() + [.relayout(state, viewport: size, animated: false)]
        case .rescaled(let next, let size):
            guard next != metrics || size != viewport else { return [] }
            // The same place in the content, at the new scale.
            scroll.scale(by: next.scale / metrics.scale)
            metrics = next
            viewport = size
            return close() + [.relayout(state, viewport: size, animated: false)]
        case .fontChanged(let size):
            viewport = size
            return close() + [.relayout(state, viewport: size, animated: false)]
        case .windowFocusChanged(let focused):
            guard focused != windowFocused else { return [] }
            windowFocused = focused
            // The ring comes back with the focus only if the keyboard had moved it.
            return !focused && popup != nil ? close() : [.redraw]
        case .scrolled(let delta):
            return scrollBy(delta, scene)
        case .keyRepeated(let key):
            return key.repeats ? handle(.key(key), scene: scene) : []
        case .key(let key):
            let before = focus
            var effects = popup == nil ? handleKey(key, scene: scene) : handlePopupKey(key)
            if let focus, focus != before { effects += reveal(focus, scene) }
            return effects
        case .activate(let id):
            return activate(id, scene: scene)
        case .focus(let id):
            guard popup == nil, isInteractive(id, scene) else { return [] }
            focus = id
            focusVisible = true
            return reveal(id, scene) + [.redraw]
        case .focusFirstControl:
            guard focus == nil, popup == nil, let first = scene.interactiveIDs.first else { return [] }
            focus = first
            return [.redraw]
        case .closeRequested:
            return close() + [.closeWindow]
        case .panelEdited(let next):
            let hadNotice = notice != nil
            notice = nil
            let retitled: [Effect] = next.title != state.panel.title ? [.retitle(next.title)] : []
            let effects = retitled + panelEdited(next)
            return effects.isEmpty && hadNotice ? [.redraw] : effects
        case .panelFileFailed(let text):
            notice = text
            return [.redraw]
        case .laidOut:
            laidOut(scene)
            return []
        default:
            return popup == nil ? handlePointer(input, scene: scene) : handlePopupPointer(input)
        }
    }

    /// Keeps scrolling, focus and hover within what a new layout shows: when
    /// the focused control goes (the badge, or a dropdown an edit removed),
    /// the focus moves to its nearest neighbour that stays, the next one in
    /// Tab order first.
    private mutating func laidOut(_ scene: Scene) {
        scroll.clamp(content: scene.contentSize, viewport: viewport)
        let order = scene.interactiveIDs
        defer { tabOrder = order }
        guard focus != nil || hovered != nil else { return }
        if let focus, !order.contains(focus) {
            self.focus = Self.nearest(to: focus, in: tabOrder, stayingIn: Set(order)) ?? order.last
            if order.isEmpty { focusVisible = false }
        }
        if let hovered, !order.contains(hovered) { self.hovered = nil }
    }

    /// The control closest to `gone` in the old `order` that is still
    /// there: one after, one before, two after, and so on.
    static func nearest(to gone: NodeID, in order: [NodeID], stayingIn staying: Set<NodeID>) -> NodeID? {
        guard let index = order.firstIndex(of: gone) else { return nil }
        for distance in 1..<max(order.count, 1) {
            for candidate in [index + distance, index - distance] where order.indices.contains(candidate) {
                if staying.contains(order[candidate]) { return order[candidate] }
            }
        }
        return nil
    }

    /// The panel file now holds `next` (rules §12.4). The person's picks
    /// carry over, and the page is laid out again with motion, as for a
    /// pick. An open menu shows the edited options, or closes when its
    /// dropdown is gone; the badge's list closes when the chips changed.
    /// The focus stays, or moves on once the new page is `laidOut`.
    public mutating func panelEdited(_ next: Panel) -> [Effect] {
        let edited = state.replacingPanel(next)
        guard edited != state else { return [] }
        let chipsChanged = edited.panel.chips != state.panel.chips
        state = edited
        var effects: [Effect] = []
        if let menu = popup {
            if menu.owner == .badge {
                if chipsChanged { effects += close() }
            } else if let dropdown = state.dropdown(menu.owner) {
                effects += refreshed(menu, options: dropdown.options)
            } else {
                effects += close()
            }
        }
        return effects + [.relayout(state, viewport: viewport, animated: true), .redraw]
    }

    /// An open dropdown menu over its edited options: the highlight stays
    /// on the same option while it is there. A menu of another length
    /// is opened again, for its window has another size.
    private mutating func refreshed(_ menu: PopupMenu, options: [String]) -> [Effect] {
        let current = state.selection(of: menu.owner)
        let entries = options.map { PopupEntry(id: .option($0, of: menu.owner), text: $0, isSelected: $0 == current) }
        let highlightedID = menu.highlighted.map { menu.entries[$0].id }
        var next = PopupMenu(owner: menu.owner, entries: entries,
                             highlighted: highlightedID.flatMap { id in entries.firstIndex { $0.id == id } })
        guard entries.count == menu.entries.count else {
            self.menu = .requested(next)
            return [.closePopup, .openPopup(next, scroll: scroll.offset)]
        }
        next.scroll = menu.scroll
        return update(next)
    }

    // MARK: - Without a popup

    private mutating func handlePointer(_ input: Input, scene: Scene) -> [Effect] {
        switch input {
        case .pointerMoved(let id):
            let target = id.flatMap { isInteractive($0, scene) ? $0 : nil }
            guard target != hovered else { return [] }
            hovered = target
            return [.redraw]
        case .pointerLeft:
            guard hovered != nil else { return [] }
            hovered = nil
            return [.redraw]
        case .pointerPressed(let id):
            guard let id, isInteractive(id, scene) else { return [] }
            focus = id
            focusVisible = false
            let effects = open(id, scene: scene, byKeyboard: false)
            // Still down on the dropdown: a drag to a row and a release there picks it.
            if popup != nil { hold = MenuHold(onOwner: true) }
            return effects
        default:
            return []
        }
    }

    private mutating func handleKey(_ key: Key, scene: Scene) -> [Effect] {
        let ringWasHidden = !focusVisible
        if key != .inspector && key != .reload { focusVisible = true }
        let effects = keyEffects(key, scene: scene)
        // Any key shows the ring around a control clicked before, even a key that does nothing else.
        if ringWasHidden, focusVisible, focus != nil, !effects.contains(.redraw) { return effects + [.redraw] }
        return effects
    }

    private mutating func keyEffects(_ key: Key, scene: Scene) -> [Effect] {
        switch key {
        case .tab, .backTab:
            let order = scene.interactiveIDs
            guard !order.isEmpty else { return [] }
            let step = key == .tab ? 1 : -1
            if let focus, let index = order.firstIndex(of: focus) {
                self.focus = order[(index + step + order.count) % order.count]
            } else {
                focus = step > 0 ? order[0] : order[order.count - 1]
            }
            return [.redraw]
        case .returnKey, .space, .down, .openMenu:
            guard let focus, isInteractive(focus, scene) else { return [] }
            return open(focus, scene: scene, byKeyboard: true)
        case .reload:
            return [.reloadPanel]
        case .escape, .closeMenu:
            // Nothing to close: the focus stays where it is, as Qt and GTK keep it.
            return []
        case .inspector:
            isInspecting.toggle()
            return [.redraw]
        case .pageUp, .pageDown:
            let page = max(metrics.scrollStep, viewport.height - metrics.scrollStep)
            return scrollBy(Point(x: 0, y: key == .pageUp ? -page : page), scene)
        case .left, .right:
            return scrollBy(Point(x: key == .left ? -metrics.scrollStep : metrics.scrollStep, y: 0), scene)
        case .up, .home, .end, .character:
            return []
        case .quit, .closeWindow:
            return [.closeWindow]
        }
    }

    private func isInteractive(_ id: NodeID, _ scene: Scene) -> Bool {
        scene.node(id)?.kind.isInteractive == true
    }

    private mutating func open(_ id: NodeID, scene: Scene, byKeyboard: Bool) -> [Effect] {
        let menu: PopupMenu
        if id == .badge {
            let chips = state.panel.chips.items.dropFirst(scene.chipPlan.visible)
            let entries = chips.map { PopupEntry(id: .option($0.id.rawValue, of: .badge), text: $0.title, isSelected: false) }
            menu = PopupMenu(owner: id, entries: entries, highlighted: byKeyboard && !entries.isEmpty ? 0 : nil)
        } else {
            guard let dropdown = state.dropdown(id) else { return [] }
            let current = state.selection(of: id)
            let entries = dropdown.options.map { PopupEntry(id: .option($0, of: id), text: $0, isSelected: $0 == current) }
            menu = PopupMenu(owner: id, entries: entries, highlighted: byKeyboard ? entries.firstIndex(where: \.isSelected) : nil)
        }
        self.menu = .requested(menu)
        // The menu hangs from its button, so the button must be in view.
        let revealed = reveal(id, scene)
        return revealed + [.openPopup(menu, scroll: scroll.offset), .redraw]
    }

    /// Actions come from the keyboard's side of the world: the ring shows,
    /// and a menu opens as Return would open it. A row is picked as a click
    /// picks it, so the reflow animates the same way.
    private mutating func activate(_ id: NodeID, scene: Scene) -> [Effect] {
        if let menu = popup {
            if let row = menu.entries.firstIndex(where: { $0.id == id }) { return pick(row) }
            let closing = close()
            return id == menu.owner || !isInteractive(id, scene) ? closing : closing + activate(id, scene: scene)
        }
        guard isInteractive(id, scene) else { return [] }
        focus = id
        focusVisible = true
        return open(id, scene: scene, byKeyboard: true)
    }

    // MARK: - With a popup

    private mutating func handlePopupPointer(_ input: Input) -> [Effect] {
        guard var menu = popup else { return [] }
        switch input {
        case .popupPointerMoved(.indicator(let edge), let onOwner):
            if !onOwner { hold?.onOwner = false }
            guard menu.autoScroll != edge else { return [] }
            menu.autoScroll = edge
            menu.highlighted = nil
            return autoScroll(menu)
        case .popupPointerMoved(let spot, let onOwner):
            if !onOwner { hold?.onOwner = false }
            if case .row(let row) = spot { menu.highlighted = row } else { menu.highlighted = nil }
            menu.autoScroll = nil
        case .popupPointerPressed(let spot):
            switch spot {
            case .row(let row):
                // Picked on the release, which may come over another row.
                hold = MenuHold(onOwner: false)
                menu.highlighted = row
                menu.autoScroll = nil
            case .menu, .indicator:
                hold = nil
                return []
            case .outside:
                return close()
            }
        case .popupPointerReleased(let spot, let onOwner):
            guard let held = hold else { return [] }
            hold = nil
            // A quick click on the dropdown leaves its menu open for the next
            // click, even where the menu came up over the dropdown.
            if held.onOwner && onOwner { return [] }
            switch spot {
            case .row(let row): return pick(row)
            case .menu, .indicator: return []
            case .outside: return close()
            }
        case .popupClicked(let row):
            guard let row else { return close() }
            return pick(row)
        case .popupLost:
            self.menu = .closed
            hold = nil
            return [.redraw]
        case .popupPlaced(let place):
            let before = self.menu
            self.menu.put(at: place)
            return self.menu == before ? [] : [.redrawPopup]
        case .popupScrolled(let rows):
            menu.scroll.scroll(by: rows)
        case .menuScrollTick:
            return autoScroll(menu)
        default:
            return []
        }
        return update(menu)
    }

    /// One row towards the hovered indicator, and another tick while more lies beyond.
    private mutating func autoScroll(_ menu: PopupMenu) -> [Effect] {
        var menu = menu
        guard let edge = menu.autoScroll else { return [] }
        menu.scroll.scroll(by: edge == .top ? -1 : 1)
        let more = menu.scroll.canScroll(towards: edge)
        if !more { menu.autoScroll = nil }
        return update(menu) + (more ? [.scheduleMenuScroll(after: PopupMenu.autoScrollInterval)] : [])
    }

    /// Keeps `menu` as the open popup; a redraw when anything shown changed.
    private mutating func update(_ menu: PopupMenu) -> [Effect] {
        guard menu != popup else { return [] }
        self.menu.show(menu)
        return [.redrawPopup]
    }

    private mutating func handlePopupKey(_ key: Key) -> [Effect] {
        guard var menu = popup else { return [] }
        if key != .inspector && key != .reload { focusVisible = true }
        switch key {
        case .down: menu.moveHighlight(by: 1)
        case .up: menu.moveHighlight(by: -1)
        case .pageDown: menu.moveHighlight(pages: 1)
        case .pageUp: menu.moveHighlight(pages: -1)
        case .home: menu.highlighted = menu.entries.isEmpty ? nil : 0
        case .end: menu.highlighted = menu.entries.isEmpty ? nil : menu.entries.count - 1
        case .character(let letter): menu.jump(to: letter)
        case .returnKey, .space:
            guard let row = menu.highlighted else { return close() }
            return pick(row)
        case .escape, .tab, .backTab, .closeMenu:
            // A release of a button still held then does nothing.
            return close()
        case .reload:
            return [.reloadPanel]
        case .inspector:
            isInspecting.toggle()
            return [.redraw]
        case .left, .right, .openMenu:
            return []
        case .quit, .closeWindow:
            return close() + [.closeWindow]
        }
        // The highlight stays in view.
        if let row = menu.highlighted { menu.scroll.reveal(row) }
        return update(menu)
    }

    /// Closes with nothing changed; focus returns to the button that opened it.
    private mutating func close() -> [Effect] {
        guard let menu = popup else { return [] }
        self.menu = .closed
        hold = nil
        focus = menu.owner
        hovered = nil
        return [.closePopup, .redraw]
    }

    private mutating func pick(_ row: Int) -> [Effect] {
        guard let menu = popup, menu.entries.indices.contains(row) else { return close() }
        var effects = close()
        if menu.owner != .badge, state.select(menu.entries[row].text, for: menu.owner) {
            effects.append(.relayout(state, viewport: viewport, animated: true))
        }
        return effects
    }

    // MARK: - Scrolling

    private mutating func scrollBy(_ delta: Point, _ scene: Scene) -> [Effect] {
        let before = scroll
        scroll.scroll(by: delta, content: scene.contentSize, viewport: viewport)
        return scroll == before ? [] : [.redraw]
    }

    /// Scrolls a control into view, focus ring included.
    private mutating func reveal(_ id: NodeID, _ scene: Scene) -> [Effect] {
        guard let frame = scene.node(id)?.frame else { return [] }
        let before = scroll
        scroll.reveal(frame, margin: metrics.focusRingGap + metrics.focusRingWidth, content: scene.contentSize, viewport: viewport)
        return scroll == before ? [] : [.redraw]
    }
}
