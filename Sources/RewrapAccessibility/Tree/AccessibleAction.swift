import RewrapPanelFile

/// A node's one action: what a screen reader calls it, and which node the
/// controller activates when it runs.
public struct AccessibleAction: Hashable, Sendable {
    /// The action's name as AT-SPI toolkits spell it: "press" or "click".
    public var name: String
    public var description: String
    public var target: NodeID
    /// The keys that do it from the keyboard, as ATK spells them
    /// (`<Alt>Down`); empty when none is its own.
    public var keyBinding: String

    public init(name: String, description: String, target: NodeID, keyBinding: String = "") {
        self.name = name
        self.description = description
        self.target = target
        self.keyBinding = keyBinding
    }
}
