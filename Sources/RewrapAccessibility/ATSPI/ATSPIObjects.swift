import RewrapPanelFile

/// Object paths for tree nodes. The application is the root every AT-SPI
/// application has; every other node gets a number on first sight that it
/// keeps for the whole run, so events and later calls name the same object.
/// Panel ids need not be valid path elements, so they are not used as such.
struct ATSPIObjects {
    static let prefix = "/org/a11y/atspi/accessible/"
    static let rootPath = prefix + "root"
    static let cachePath = "/org/a11y/atspi/cache"

    private var numbers: [AccessibleKey: Int] = [:]
    private var keys: [Int: AccessibleKey] = [:]

    mutating func path(of key: AccessibleKey) -> String {
        if key == .application { return Self.rootPath }
        if let number = numbers[key] { return Self.prefix + String(number) }
        let number = numbers.count + 1
        numbers[key] = number
        keys[number] = key
        return Self.prefix + String(number)
    }

    func key(at path: String) -> AccessibleKey? {
        if path == Self.rootPath { return .application }
        // One path per object: 01 or +1 names none.
        let digits = path.dropFirst(Self.prefix.count)
        guard path.hasPrefix(Self.prefix), let number = Int(digits), String(number) == digits else { return nil }
        return keys[number]
    }

    /// What tests and scripts can find a node by (`AccessibleId`): a node's
    /// own id, or, for the window's own objects, one that starts with the
    /// separator, as no panel id and no menu row's id can.
    static func accessibleID(of key: AccessibleKey) -> String {
        let own = String(NodeID.separator)
        switch key {
        case .application: return own + "application"
        case .frame: return own + "window"
        case .chipList: return own + "chips"
        case .menu(let owner): return own + "menu" + own + owner.rawValue
        case .node(let id): return id.rawValue
        }
    }
}
