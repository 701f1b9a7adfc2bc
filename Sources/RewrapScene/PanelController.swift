/// The demo's behaviour, free of X11: selection, focus, hover and popups.
/// The app feeds it `Input`s and carries out the returned `Effects`.
///
///     var controller = PanelController(state: PanelState(panel: panel))
///     let effects = controller.handle(.pointerPressed(on: "pattern"), scene: scene)
///     effects.contains(.openPopup)   // true
public struct PanelController: Sendable {
    public private(set) var state: PanelState
    /// The focused dropdown's id, `badge`, or nil.
    public private(set) var focus: String?
    /// The ring shows only for focus the keyboard moved, as desktops do.
    public private(set) var focusVisible = false
    public private(set) var hovered: String?
    public private(set) var popup: PopupMenu?
    public private(set) var isInspecting: Bool

    public init(state: PanelState, inspecting: Bool = false) {
        self.state = state
        self.isInspecting = inspecting
    }

    public mutating func handle(_ input: Input, scene: Scene) -> Effects {
        if popup != nil { return handleWithPopup(input, scene: scene) }
        switch input {
        case .pointerMoved(let id):
            let target = id.flatMap { isInteractive($0, scene) ? $0 : nil }
            guard target != hovered else { return [] }
            hovered = target
            return .redraw
        case .pointerLeft:
            guard hovered != nil else { return [] }
            hovered = nil
            return .redraw
        case .pointerPressed(let id):
            guard let id, isInteractive(id, scene) else { return [] }
            focus = id
            focusVisible = false
            return open(id, scene: scene, byKeyboard: false)
        case .key(let key):
            return handleKey(key, scene: scene)
        case .popupPointerMoved, .popupPointerPressed, .popupLost, .dismissPopup:
            return []
        }
    }

    /// Keeps focus and hover on nodes the new scene still shows: when the
    /// badge goes away, focus falls back to the control before it.
    public mutating func sceneChanged(_ scene: Scene) {
        let order = focusOrder(scene)
        if let focus, !order.contains(focus) {
            self.focus = order.last
            if order.isEmpty { focusVisible = false }
        }
        if let hovered, !order.contains(hovered) { self.hovered = nil }
    }

    /// The focus order: dropdowns in panel order, then the badge if shown.
    public func focusOrder(_ scene: Scene) -> [String] {
        scene.nodes.filter { $0.kind == .dropdown || $0.kind == .badge }.map(\.id)
    }

    private func isInteractive(_ id: String, _ scene: Scene) -> Bool {
        guard let kind = scene.node(id)?.kind else { return false }
        return kind == .dropdown || kind == .badge
    }

    private mutating func handleKey(_ key: Key, scene: Scene) -> Effects {
        if key != .inspector { focusVisible = true }
        switch key {
        case .tab, .backTab:
            let order = focusOrder(scene)
            guard !order.isEmpty else { return [] }
            let step = key == .tab ? 1 : -1
            if let focus, let index = order.firstIndex(of: focus) {
                self.focus = order[(index + step + order.count) % order.count]
            } else {
                focus = step > 0 ? order[0] : order[order.count - 1]
            }
            return .redraw
        case .returnKey, .space, .down:
            guard let focus, isInteractive(focus, scene) else { return [] }
            return open(focus, scene: scene, byKeyboard: true)
        case .escape:
            guard focus != nil else { return [] }
            focus = nil
            return .redraw
        case .inspector:
            isInspecting.toggle()
            return .redraw
        case .up, .home, .end, .character, .pageUp, .pageDown, .left, .right:
            return []
        }
    }

    private mutating func open(_ id: String, scene: Scene, byKeyboard: Bool) -> Effects {
        if id == "badge" {
            let chips = state.panel.chips.items.dropFirst(scene.chipPlan.visible)
            let entries = chips.map { PopupEntry(id: "badge/\($0.id)", text: $0.title, isSelected: false) }
            popup = PopupMenu(owner: id, entries: entries, highlighted: byKeyboard && !entries.isEmpty ? 0 : nil)
        } else {
            guard let dropdown = state.dropdown(id) else { return [] }
            let current = state.selection(of: id)
            let entries = dropdown.options.map { PopupEntry(id: "\(id)/\($0)", text: $0, isSelected: $0 == current) }
            let selected = entries.firstIndex(where: \.isSelected)
            popup = PopupMenu(owner: id, entries: entries, highlighted: byKeyboard ? selected : nil)
        }
        return [.openPopup, .redraw]
    }

    private mutating func handleWithPopup(_ input: Input, scene: Scene) -> Effects {
        guard var menu = popup else { return [] }
        if case .key(let key) = input, key != .inspector { focusVisible = true }
        switch input {
        case .popupPointerMoved(let row):
            guard row != menu.highlighted else { return [] }
            menu.highlighted = row
            popup = menu
            return .redrawPopup
        case .popupPointerPressed(let row):
            guard let row else { return close() }
            return pick(row)
        case .popupLost:
            popup = nil
            return .redraw
        case .dismissPopup:
            return close()
        case .key(let key):
            switch key {
            case .down: menu.moveHighlight(by: 1)
            case .up: menu.moveHighlight(by: -1)
            case .home: menu.highlighted = menu.entries.isEmpty ? nil : 0
            case .end: menu.highlighted = menu.entries.isEmpty ? nil : menu.entries.count - 1
            case .character(let letter): menu.jump(to: letter)
            case .returnKey, .space:
                guard let row = menu.highlighted else { return close() }
                return pick(row)
            case .escape, .tab, .backTab:
                return close()
            case .inspector:
                isInspecting.toggle()
                return .redraw
            case .pageUp, .pageDown, .left, .right:
                return []
            }
            guard menu != popup else { return [] }
            popup = menu
            return .redrawPopup
        case .pointerMoved, .pointerLeft, .pointerPressed:
            return []
        }
    }

    /// Closes with nothing changed; focus returns to the button that opened it.
    private mutating func close() -> Effects {
        guard let menu = popup else { return [] }
        popup = nil
        focus = menu.owner
        hovered = nil
        return [.closePopup, .redraw]
    }

    private mutating func pick(_ row: Int) -> Effects {
        guard let menu = popup, menu.entries.indices.contains(row) else { return close() }
        var effects = close()
        if menu.owner != "badge", state.select(menu.entries[row].text, for: menu.owner) {
            effects.insert(.selectionChanged)
        }
        return effects
    }
}
