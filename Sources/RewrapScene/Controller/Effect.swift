import RewrapLayout

/// Something the app must carry out after the controller handled an input,
/// with everything needed to do it, so the app never reads state back.
public enum Effect: Equatable, Sendable {
    /// Focus, hover, scrolling or the inspector changed.
    case redraw
    /// Labels changed (a pick) or the viewport did (a resize): lay out this
    /// state in this viewport. Only a pick animates; a resize lets moves in
    /// flight carry on towards the new plan.
    case relayout(PanelState, viewport: Size, animated: Bool)
    /// Open the menu below its button, as shown at this scroll offset.
    case openPopup(PopupMenu, scroll: Point)
    /// The open popup's highlight moved or it scrolled.
    case redrawPopup(PopupMenu)
    /// Send `Input.menuScrollTick` after this many seconds: an indicator is hovered.
    case scheduleMenuScroll(after: Double)
    case closePopup
    /// The person asked to close the window (Ctrl+Q, Ctrl+W): the app
    /// saves what is kept and stops, as on a close from the title bar.
    case closeWindow
}
