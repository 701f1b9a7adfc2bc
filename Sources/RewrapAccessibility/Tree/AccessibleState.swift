/// The states Rewrap reports, numbered as `AtspiStateType`
/// (atspi-constants.h); a state set travels as two 32-bit words of bits.
public enum AccessibleState: UInt32, CaseIterable, Sendable {
    case active = 1
    case checked = 4
    case enabled = 8
    case expandable = 9
    case expanded = 10
    case focusable = 11
    case focused = 12
    case resizable = 21
    case selectable = 22
    case selected = 23
    case sensitive = 24
    case showing = 25
    case visible = 30
    case checkable = 41
    case hasPopup = 42

    /// The name state-changed events carry, as libatspi spells it.
    public var name: String {
        switch self {
        case .active: return "active"
        case .checked: return "checked"
        case .enabled: return "enabled"
        case .expandable: return "expandable"
        case .expanded: return "expanded"
        case .focusable: return "focusable"
        case .focused: return "focused"
        case .resizable: return "resizable"
        case .selectable: return "selectable"
        case .selected: return "selected"
        case .sensitive: return "sensitive"
        case .showing: return "showing"
        case .visible: return "visible"
        case .checkable: return "checkable"
        case .hasPopup: return "has-popup"
        }
    }

    /// The two words of `GetState`: bit n of word n / 32 is state n.
    public static func words(_ states: Set<AccessibleState>) -> [UInt32] {
        var words: [UInt32] = [0, 0]
        for state in states { words[Int(state.rawValue / 32)] |= 1 << (state.rawValue % 32) }
        return words
    }
}
