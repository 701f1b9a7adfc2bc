/// What a node on screen is; the trace names these (SPEC §6).
public enum NodeKind: String, Hashable, Sendable {
    case heading, dropdown, text, chip, badge, empty
}
