import RewrapLayout
import RewrapPanelFile
import RewrapScene

extension AccessibleTree {
    /// Alt+Down opens a focused dropdown's menu or the badge's list (rules §8.7).
    static let openMenuKeys = "<Alt>Down"

    /// The tree of one drawn frame: `drawn` is what the painter and the
    /// trace get, `focus` the controller's focus (ring or not), `popup` the
    /// open menu as the trace reports it, and `active` whether the window
    /// has the desktop's focus: screen readers follow the active window.
    /// `words` describe the actions, in the catalog's language, `locale`.
    public init(application: String, title: String, drawn: Painter.Frame, focus: NodeID?, popup: TraceRecord.PopupRecord?,
                active: Bool = true, words: Words = .english, locale: String = "") {
        self.locale = locale
        let window = PixelRect(x: 0, y: 0, width: Int(drawn.viewport.width), height: Int(drawn.viewport.height))
        let always: Set<AccessibleState> = [.enabled, .sensitive, .visible]
        let highlighted = popup.flatMap { popup in popup.menu.highlighted.map { popup.menu.entries[$0].id } }
        let focused = active ? highlighted ?? focus : nil
        func states(_ frame: PixelRect, _ extra: Set<AccessibleState> = []) -> Set<AccessibleState> {
            always.union(extra).union(frame.overlaps(window) ? [.showing] : [])
        }

        append(AccessibleNode(key: .application, role: .application, name: application, states: always.union([.showing]),
                              frame: PixelRect(x: 0, y: 0, width: 0, height: 0), parent: nil))
        append(AccessibleNode(key: .frame, role: .frame, name: title,
                              states: always.union(active ? [.showing, .resizable, .active] : [.showing, .resizable]),
                              frame: window, parent: .application))

        let shown = zip(drawn.scene.nodes, drawn.presented).compactMap { node, frame in frame.map { (node, $0) } }
        let chips = shown.filter { $0.0.kind == .chip }.map(\.1)
        // With no chip shown, an empty list where the row starts, as placed in the window.
        let rowStart = drawn.scene.placed(Rect(origin: drawn.scene.chipOrigin, size: .zero))
            .offsetBy(dx: -drawn.scroll.x, dy: -drawn.scroll.y)
        let chipRow = chips.dropFirst().reduce(chips.first ?? PixelRect(rowStart)) { $0.union($1) }
        let chipRowName = drawn.scene.node(.chipsHeading)?.text ?? ""

        for (node, frame) in shown {
            let key = AccessibleKey.node(node.id)
            let isFocused: Set<AccessibleState> = focused == node.id ? [.focused] : []
            let isOpen: Set<AccessibleState> = popup?.menu.owner == node.id ? [.expanded] : []
            var accessible: AccessibleNode
            switch node.kind {
            case .heading:
                accessible = AccessibleNode(key: key, role: .heading, name: node.text, states: states(frame), frame: frame, parent: .frame)
            case .text, .empty, .option:
                accessible = AccessibleNode(key: key, role: .label, name: node.text, states: states(frame), frame: frame, parent: .frame)
            case .notice:
                accessible = AccessibleNode(key: key, role: .notification, name: node.text, states: states(frame), frame: frame,
                                            parent: .frame)
            case .dropdown:
                accessible = AccessibleNode(key: key, role: .comboBox, name: node.text,
                                            states: states(frame, [.focusable, .expandable, .hasPopup]).union(isFocused).union(isOpen),
                                            frame: frame, parent: .frame)
                accessible.action = AccessibleAction(name: "press", description: words.opensMenu, target: node.id,
                                                     keyBinding: Self.openMenuKeys)
            case .chip:
                if self[.chipList] == nil { appendChipList(chipRow, chipRowName, states(chipRow)) }
                accessible = AccessibleNode(key: key, role: .listItem, name: node.text, states: states(frame), frame: frame, parent: .chipList)
            case .badge:
                if self[.chipList] == nil { appendChipList(chipRow, chipRowName, states(chipRow)) }
                accessible = AccessibleNode(key: key, role: .pushButton, name: node.text,
                                            states: states(frame, [.focusable, .hasPopup]).union(isFocused).union(isOpen),
                                            frame: frame, parent: .frame)
                accessible.action = AccessibleAction(name: "press", description: words.listsHidden, target: node.id,
                                                     keyBinding: Self.openMenuKeys)
            }
            // A button's name is its text; a Text interface as well makes Orca say it twice, as Qt's buttons do not.
            if accessible.action == nil {
                accessible.text = node.text
                accessible.lines = node.lines
                accessible.rightToLeft = drawn.scene.direction == .rightToLeft
                accessible.isBold = node.kind == .heading
            }
            append(accessible)
            // The badge's list hangs from it even while closed, as a menu
            // button's menu does, so screen readers say it opens a menu.
            if node.kind == .badge, popup?.menu.owner != node.id {
                append(AccessibleNode(key: .menu(of: node.id), role: .menu, name: node.text, states: [.enabled, .sensitive],
                                      frame: PixelRect(x: frame.x, y: frame.y + frame.height, width: 0, height: 0), parent: key))
            }
        }
        if let popup, let owner = self[.node(popup.menu.owner)] {
            appendMenu(popup, owner: owner, states: always, active: active, direction: drawn.scene.direction, words: words)
        }
    }

    private mutating func appendChipList(_ frame: PixelRect, _ name: String, _ states: Set<AccessibleState>) {
        append(AccessibleNode(key: .chipList, role: .list, name: name, states: states, frame: frame, parent: .frame))
    }

    /// The open popup hangs from its button: a menu of check menu items for
    /// a dropdown, of plain items for the badge's list of hidden chips.
    private mutating func appendMenu(_ popup: TraceRecord.PopupRecord, owner: AccessibleNode, states always: Set<AccessibleState>,
                                     active: Bool, direction: LayoutDirection, words: Words) {
        let window = AccessibleWindow.popup(x: popup.frame.x, y: popup.frame.y)
        let menuKey = AccessibleKey.menu(of: popup.menu.owner)
        let isDropdown = owner.role == .comboBox
        append(AccessibleNode(key: menuKey, role: .menu, name: owner.name, states: always.union([.showing]),
                              frame: PixelRect(x: 0, y: 0, width: popup.frame.width, height: popup.frame.height),
                              window: window, parent: owner.key))
        for (index, (entry, row)) in zip(popup.menu.entries, popup.rows).enumerated() {
            // A row that a menu cut to fit the screen has scrolled away is still an option, just not shown.
            var states = always.union(row == nil ? [.focusable, .selectable] : [.showing, .focusable, .selectable])
            if isDropdown { states.formUnion(entry.isSelected ? [.checkable, .checked] : [.checkable]) }
            if popup.menu.highlighted == index { states.formUnion(active ? [.selected, .focused] : [.selected]) }
            var item = AccessibleNode(key: .node(entry.id), role: isDropdown ? .checkMenuItem : .menuItem, name: entry.text,
                                      states: states, frame: row ?? PixelRect(x: 0, y: 0, width: 0, height: 0),
                                      window: window, parent: menuKey)
            item.action = AccessibleAction(name: "click", description: isDropdown ? words.picksOption : words.closesList,
                                           target: entry.id)
            item.text = entry.text
            item.lines = [entry.text]
            item.rightToLeft = direction == .rightToLeft
            append(item)
        }
    }
}
