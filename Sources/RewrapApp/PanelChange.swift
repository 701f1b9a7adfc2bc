import RewrapPanelFile

/// What a reload of the panel file found: a panel to show, or what is wrong
/// with the file, as the one line start-up would have said.
enum PanelChange: Sendable {
    case panel(Panel)
    case problem(PanelError)
}
