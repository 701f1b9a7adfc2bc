/// Something the app must carry out after the controller handled an input,
/// with everything needed to do it, so the app never reads state back.
public enum Effect: Hashable, Sendable {
    /// Focus, hover, scrolling or the inspector changed.
    case redraw
    /// Labels changed (a pick) or the viewport did (a resize). Only a pick
    /// animates; a resize lets moves in flight carry on towards the new plan.
    case relayout(animated: Bool)
    case openPopup(PopupMenu)
    /// The open popup's highlight moved or it scrolled.
    case redrawPopup(PopupMenu)
    /// Send `Input.menuScrollTick` after this many seconds: an indicator is hovered.
    case scheduleMenuScroll(after: Double)
    case closePopup
}
