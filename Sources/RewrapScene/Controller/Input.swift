import RewrapLayout
import RewrapPanelFile

/// What the user did, in the controller's terms. The app hit-tests against
/// presented frames, so pointer inputs name nodes and rows, not pixels.
public enum Input: Hashable, Sendable {
    case pointerMoved(over: NodeID?)
    case pointerLeft
    /// A primary-button press in the main window, on a node or on nothing.
    case pointerPressed(on: NodeID?)
    /// The pointer moved while a menu is open: over a row it highlights
    /// it, and resting on a cut edge's indicator it scrolls the menu.
    /// `onOwner`: it is over the dropdown or badge that opened the menu.
    case popupPointerMoved(over: MenuSpot, onOwner: Bool = false)
    /// The wheel over the popup, in rows; positive scrolls towards the end.
    case popupScrolled(rows: Int)
    /// The platform put the open menu's window here, first or after its
    /// dropdown moved; it shows fewer rows than its entries when it was cut to fit.
    case popupPlaced(MenuPlace)
    /// The time asked for by `Effect.scheduleMenuScroll` has come.
    case menuScrollTick
    /// The primary button went down while a menu is open. Nothing is
    /// picked until it comes up, as in GTK and Qt.
    case popupPointerPressed(at: MenuSpot)
    /// The primary button came up while a menu is open: over a row it picks
    /// it when the press was the one that opened the menu or was in it,
    /// unless the pointer never left the dropdown it pressed (`onOwner`).
    case popupPointerReleased(at: MenuSpot, onOwner: Bool)
    /// A whole click at once, as a tap makes it: on a row it picks it,
    /// outside (nil) it closes the menu.
    case popupClicked(row: Int?)
    case key(Key)
    /// A key the keyboard repeats while it is held: it moves, and never
    /// opens, picks or closes (`Key.repeats`).
    case keyRepeated(Key)
    /// Wheel or touchpad motion in pixels: positive moves the content's
    /// view down and to the right.
    case scrolled(by: Point)
    /// The window's new size; an open menu would point at where its button was, so it closes.
    case resized(Size)
    /// The desktop's DPI changed: every length is now `Metrics`'s, and the
    /// window is to be this size. Selection, focus and the place scrolled
    /// to are kept; nothing moves, and an open menu closes, as on a resize.
    case rescaled(Metrics, viewport: Size)
    /// The text is set in another font at the same scale, as when the
    /// desktop's interface font changed: laid out again in the same
    /// window, keeping what `rescaled` keeps.
    case fontChanged(viewport: Size)
    /// The popup's window went away from outside the program.
    case popupLost
    /// The window gained (true) or lost the keyboard focus, as when the user
    /// switches to another window: an open menu closes and the ring hides.
    case windowFocusChanged(Bool)
    /// An assistive technology ran a node's action: a dropdown or the badge
    /// opens its menu (or closes it when open), a row of the open menu is picked.
    case activate(NodeID)
    /// An assistive technology moved the keyboard focus to a dropdown or the badge.
    case focus(NodeID)
    /// The window is asked to close, from its title bar or by a stop signal
    /// (SIGTERM, SIGINT, SIGHUP): what is kept is saved, and the status is 0.
    case closeRequested
    /// The panel file was edited and read again: this panel, in the
    /// catalog's words, takes the old one's place with motion, and the
    /// notice goes (rules §12.4).
    case panelEdited(Panel)
    /// The panel file is bad after an edit: the panel stays as it was, and
    /// `notice` shows over the window's bottom edge until the file is good.
    case panelFileFailed(notice: String)
    /// A screen reader is there, and the window starts or is activated with
    /// nothing focused: the first control takes the focus, as in Qt and GTK,
    /// so there is something to announce. The ring stays hidden until the
    /// keyboard is used.
    case focusFirstControl
    /// The page was laid out anew (a pick, an edit, a resize): the scene
    /// handed with this input is the new one, and scrolling, focus and
    /// hover are kept within what it shows.
    case laidOut
}
