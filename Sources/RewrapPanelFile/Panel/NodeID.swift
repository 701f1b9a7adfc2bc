/// The identity of something the window shows. A control keeps its id
/// across label changes and moves, so motion, focus and hover follow it.
///
///     NodeID("shape")                         // a dropdown, as the panel file names it
///     NodeID.badge                            // one of the window's own nodes
///     NodeID.option("Circle", of: "shape")    // "shape/Circle", a row of its menu
///
/// The window's own ids are reserved: a panel may not give them to a
/// dropdown or a chip, or the trace could not tell the two apart.
public struct NodeID: Hashable, Comparable, Sendable, CustomStringConvertible, ExpressibleByStringLiteral {
    public let rawValue: String
    /// `rawValue`'s hash, taken once: every layout pass looks nodes up by
    /// id, and hashing their text each time cost a resize 3% of its work.
    private let textHash: Int

    public init(_ rawValue: String) {
        self.rawValue = rawValue
        var hasher = Hasher()
        hasher.combine(rawValue)
        textHash = hasher.finalize()
    }

    public init(stringLiteral value: String) {
        self.init(value)
    }

    public static let badge: NodeID = "badge"
    public static let menusHeading: NodeID = "menus.heading"
    public static let menusFooter: NodeID = "menus.footer"
    public static let chipsHeading: NodeID = "chips.heading"
    public static let chipsFooter: NodeID = "chips.footer"
    /// "No items", shown in place of an empty chip row.
    public static let chipsEmpty: NodeID = "chips.empty"

    public static let reserved: Set<NodeID> = [badge, menusHeading, menusFooter, chipsHeading, chipsFooter, chipsEmpty]

    /// Joins a dropdown's id to an option's in the popup's row ids, so a
    /// panel's ids may not contain it. A Character: looking for a String in
    /// a String would page in the standard library's string processing,
    /// 600 kB of the program's memory, for one check.
    public static let separator: Character = "/"

    /// A row of `owner`'s popup: `owner/option`.
    public static func option(_ option: String, of owner: NodeID) -> NodeID {
        NodeID(owner.rawValue + String(separator) + option)
    }

    public var description: String { rawValue }

    public static func == (lhs: NodeID, rhs: NodeID) -> Bool {
        lhs.textHash == rhs.textHash && lhs.rawValue == rhs.rawValue
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(textHash)
    }

    public static func < (lhs: NodeID, rhs: NodeID) -> Bool { lhs.rawValue < rhs.rawValue }
}
