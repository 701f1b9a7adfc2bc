/// What a node is to a screen reader: the AT-SPI role numbers of
/// `AtspiRole` (atspi-constants.h) and the names libatspi gives them.
public enum AccessibleRole: UInt32, Sendable {
    case checkMenuItem = 8
    case comboBox = 11
    case frame = 23
    case label = 29
    case list = 31
    case listItem = 32
    case menu = 33
    case menuItem = 35
    case pushButton = 43
    case application = 75
    case heading = 83
    case notification = 101

    /// The role's name as `atspi_role_get_name` spells it.
    public var name: String {
        switch self {
        case .checkMenuItem: return "check menu item"
        case .comboBox: return "combo box"
        case .frame: return "frame"
        case .label: return "label"
        case .list: return "list"
        case .listItem: return "list item"
        case .menu: return "menu"
        case .menuItem: return "menu item"
        case .pushButton: return "push button"
        case .application: return "application"
        case .heading: return "heading"
        case .notification: return "notification"
        }
    }
}
