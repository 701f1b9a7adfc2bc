/// The font a label is set in. Measurements are keyed by text and font.
public enum TextStyle: Hashable, Sendable {
    case body
    case bold
}
