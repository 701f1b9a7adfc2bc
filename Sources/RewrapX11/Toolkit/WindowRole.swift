/// Which of the program's windows an event is for.
public enum WindowRole: Hashable, Sendable {
    case main
    case popup
}
