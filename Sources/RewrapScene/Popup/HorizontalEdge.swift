/// Left or right, on the screen whatever the reading direction: which edge
/// of its button a popup lines up with.
public enum HorizontalEdge: Hashable, Sendable {
    case left, right
}
