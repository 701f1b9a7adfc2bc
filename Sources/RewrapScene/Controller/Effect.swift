import RewrapLayout

/// Something the app must carry out after the controller handled an input,
/// with everything needed to do it. Effects say what changed now; the
/// controller stays the one owner of interaction state (the open menu, the
/// focus, hover and scroll), which the loop hands, as a value, to whoever
/// draws, hit-tests or publishes a frame, and which changes only through
/// inputs. The loop hands each effect to every one of its parts, and what
/// carrying it out tells (where a menu went, a new layout) comes back as
/// inputs, handled after this input's effects, never inside them.
public enum Effect: Equatable, Sendable {
    /// Focus, hover, scrolling or the inspector changed.
    case redraw
    /// Labels changed (a pick) or the viewport did (a resize): lay out this
    /// state in this viewport. Only a pick animates; a resize lets moves in
    /// flight carry on towards the new plan.
    case relayout(PanelState, viewport: Size, animated: Bool)
    /// Open the menu below its button, as shown at this scroll offset.
    case openPopup(PopupMenu, scroll: Point)
    /// The open menu's highlight moved, it scrolled, or it was placed anew:
    /// its window is drawn again from the controller's menu.
    case redrawPopup
    /// Send `Input.menuScrollTick` after this many seconds: an indicator is hovered.
    case scheduleMenuScroll(after: Double)
    case closePopup
    /// Read the panel file again now (F5), whether or not it is watched.
    case reloadPanel
    /// An edit of the panel file gave the window this title.
    case retitle(String)
    /// The person asked to close the window (Ctrl+Q, Ctrl+W): the app
    /// saves what is kept and stops, as on a close from the title bar.
    case closeWindow
}
