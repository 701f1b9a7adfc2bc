/// The identity of something the window shows. A control keeps its id
/// across label changes and moves, so motion, focus and hover follow it.
///
///     NodeID("shape")                         // a dropdown, as the panel file names it
///     NodeID.option("Circle", of: "shape")    // "shape/Circle", a row of its menu
///
/// The scene reserves the ids of the window's own nodes, so a panel may not
/// give them to a dropdown or a chip (`PanelLoader.load(path:reserving:)`).
public struct NodeID: Hashable, Comparable, Sendable, CustomStringConvertible, ExpressibleByStringLiteral {
    public let rawValue: String
    /// `rawValue`'s hash, taken once, as every layout pass looks nodes up by id.
    private let textHash: Int

    /// The id spelled `rawValue`, as a panel file or the trace spells it.
    public init(_ rawValue: String) {
        self.rawValue = rawValue
        var hasher = Hasher()
        hasher.combine(rawValue)
        textHash = hasher.finalize()
    }

    public init(stringLiteral value: String) {
        self.init(value)
    }

    /// Joins a dropdown's id to an option's in the popup's row ids, so a
    /// panel's ids may not contain it. A Character, as a search for one
    /// costs less memory at start than a search for a String.
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
