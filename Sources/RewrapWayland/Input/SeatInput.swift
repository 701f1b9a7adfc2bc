import RewrapPlatform

/// What the compositor says about the seat and the window's focus, once the
/// platform has named the surface (main window, popup, or none of ours) and
/// turned surface coordinates into window pixels.
enum SeatEvent: Equatable {
    case pointerEntered(WindowRole?, x: Double, y: Double, serial: UInt32)
    case pointerLeft(WindowRole?)
    case pointerMoved(x: Double, y: Double)
    /// A Linux button code (BTN_LEFT is 0x110).
    case button(UInt32, pressed: Bool, serial: UInt32)
    /// Continuous motion, as a touchpad gives it, in window pixels.
    case axis(vertical: Bool, pixels: Double)
    /// Wheel clicks, in 120ths of a click.
    case clicks(vertical: Bool, value120: Int32)
    /// Where the next axis values come from: true for fingers on a touchpad.
    case axisSource(finger: Bool)
    /// The fingers left the touchpad: its scroll is over.
    case axisStop
    /// The end of one pointer motion.
    case pointerFrame
    /// A finger on a touchscreen, in window pixels; `time` in seconds.
    case touchDown(WindowRole?, id: Int32, x: Double, y: Double, time: Double, serial: UInt32)
    case touchMotion(id: Int32, x: Double, y: Double, time: Double)
    case touchUp(id: Int32, time: Double)
    /// The end of one set of touch changes.
    case touchFrame
    /// The compositor took every finger for a gesture of its own.
    case touchCancel
    case keyboardEntered(WindowRole?)
    case keyboardLeft
    /// A key went down or up: its serial may grab a popup.
    case key(pressed: Bool, serial: UInt32)
    /// The toplevel's `activated` state, from each configure.
    case activated(Bool)
    /// Our popup went away: its surface hands the pointer and keyboard back
    /// with no leave, and the window keeps its focus.
    case popupClosed
}

/// The seat's rules, with no compositor: pointer, wheel and focus events in,
/// `PlatformEvent`s out, with the X11 platform's meaning.
///
///     var input = SeatInput(scrollStep: 48)
///     input.take(.pointerEntered(.main, x: 30, y: 60, serial: 7))   // [.pointerMoved(.main, x: 30, y: 60)]
///     input.take(.activated(false))                                  // [.focusChanged(false)]
///
/// Focus is the toplevel's `activated` state, as Wayland means it: the
/// keyboard can come and go (a virtual keyboard unplugged, a popup's grab)
/// while the window stays the one the person works in. A compositor that
/// never says `activated` leaves the keyboard's enter and leave as focus.
struct SeatInput {
    /// Window pixels one wheel click scrolls.
    var scrollStep: Double
    /// Which of our windows the pointer is over, and where, in its pixels.
    private(set) var pointerRole: WindowRole?
    private(set) var pointerPosition = (x: 0.0, y: 0.0)
    /// The latest enter's serial, which the cursor must be set with.
    private(set) var pointerEnterSerial: UInt32 = 0
    /// The serial of the latest press, finger down or key press, for a
    /// popup's grab.
    private(set) var grabSerial: UInt32 = 0
    /// The serial of the latest key event, a release included: weston grants
    /// a grab to that one only (`WaylandPlatform.popupDone`).
    private(set) var latestKeySerial: UInt32 = 0
    /// Which of our windows has the keyboard: nil also while libdecor's
    /// decorations have it (weston gives it to the title bar clicked).
    private(set) var keyboardRole: WindowRole?
    /// The keyboard is on a surface of ours, a window or its decorations:
    /// the compositor sends a client's keys only while it is.
    private(set) var holdsKeyboard = false
    /// Nil until the compositor sends a configure that says.
    private(set) var activated: Bool?
    /// The focus last reported to the app.
    private(set) var reportedFocus = false
    private var scroll = (clicks: (x: Int32(0), y: Int32(0)), pixels: (x: 0.0, y: 0.0))
    /// Fingers on a touchpad are the source of this frame's axis values, and whether they lifted.
    private var fingerScroll = (source: false, stopped: false)
    /// Fingers down on our windows, by the compositor's id, and where each
    /// was last; motions wait for the frame that ends them.
    private(set) var touches: [Int32: Finger] = [:]
    /// Whether the latest press, key or touch was a touch: a popup it opens
    /// takes no grab, since mutter grants one only to a touch still down.
    private(set) var lastInputWasTouch = false

    struct Finger: Equatable {
        let role: WindowRole
        var x: Double
        var y: Double
        var time: Double
        /// Moved since the last frame.
        var moved = false
    }

    /// The most fingers followed at once: more are ignored until some lift.
    static let mostFingers = 10

    init(scrollStep: Double) {
        self.scrollStep = scrollStep
    }

    /// Whether the window has the focus: activated, or, where the
    /// compositor never says so, holding the keyboard.
    var hasFocus: Bool { activated ?? holdsKeyboard }

    mutating func take(_ event: SeatEvent) -> [PlatformEvent] {
        switch event {
        case let .pointerEntered(role, x, y, serial):
            pointerRole = role
            pointerEnterSerial = serial
            pointerPosition = (x, y)
            return moved()
        case let .pointerLeft(role):
            if role == pointerRole { pointerRole = nil }
            return role.map { [.pointerLeft($0)] } ?? []
        case let .pointerMoved(x, y):
            pointerPosition = (x, y)
            return moved()
        case let .button(button, pressed, serial):
            // A popup's grab takes the press's serial, never the release's.
            if pressed {
                grabSerial = serial
                lastInputWasTouch = false
            }
            guard button == Self.primaryButton, let role = pointerRole else { return [] }
            let x = Int(pointerPosition.x.rounded(.down)), y = Int(pointerPosition.y.rounded(.down))
            return [pressed ? .pressed(role, x: x, y: y) : .released(role, x: x, y: y)]
        case let .axis(vertical, pixels):
            if vertical { scroll.pixels.y += pixels } else { scroll.pixels.x += pixels }
            return []
        case let .clicks(vertical, value120):
            if vertical { scroll.clicks.y &+= value120 } else { scroll.clicks.x &+= value120 }
            return []
        case let .axisSource(finger):
            fingerScroll.source = finger
            return []
        case .axisStop:
            fingerScroll.stopped = true
            return []
        case .pointerFrame:
            return endScroll()
        case let .touchDown(role, id, x, y, time, serial):
            guard let role, touches[id] == nil, touches.count < Self.mostFingers else { return [] }
            grabSerial = serial
            lastInputWasTouch = true
            touches[id] = Finger(role: role, x: x, y: y, time: time)
            return [.touch(Touch(.began, role, id: Int(id), x: x, y: y, time: time))]
        case let .touchMotion(id, x, y, time):
            touches[id]?.x = x
            touches[id]?.y = y
            touches[id]?.time = time
            touches[id]?.moved = true
            return []
        case let .touchUp(id, time):
            guard let finger = touches.removeValue(forKey: id) else { return [] }
            let moved = finger.moved ? [PlatformEvent.touch(Touch(.moved, finger.role, id: Int(id), x: finger.x, y: finger.y, time: finger.time))] : []
            return moved + [.touch(Touch(.ended, finger.role, id: Int(id), x: finger.x, y: finger.y, time: time))]
        case .touchFrame:
            var events: [PlatformEvent] = []
            for (id, finger) in touches.sorted(by: { $0.key < $1.key }) where finger.moved {
                touches[id]?.moved = false
                events.append(.touch(Touch(.moved, finger.role, id: Int(id), x: finger.x, y: finger.y, time: finger.time)))
            }
            return events
        case .touchCancel:
            defer { touches.removeAll() }
            return touches.sorted(by: { $0.key < $1.key }).map { id, finger in
                .touch(Touch(.cancelled, finger.role, id: Int(id), x: finger.x, y: finger.y, time: finger.time))
            }
        case let .keyboardEntered(role):
            keyboardRole = role
            holdsKeyboard = true
            return focus()
        case .keyboardLeft:
            keyboardRole = nil
            holdsKeyboard = false
            return focus()
        case let .key(pressed, serial):
            latestKeySerial = serial
            if pressed {
                grabSerial = serial
                lastInputWasTouch = false
            }
            return []
        case let .activated(isActivated):
            activated = isActivated
            return focus()
        case .popupClosed:
            if pointerRole == .popup { pointerRole = nil }
            if keyboardRole == .popup { keyboardRole = .main }
            return []
        }
    }

    /// BTN_LEFT, from linux/input-event-codes.h.
    static let primaryButton: UInt32 = 0x110

    private func moved() -> [PlatformEvent] {
        guard let role = pointerRole else { return [] }
        return [.pointerMoved(role, x: Int(pointerPosition.x.rounded(.down)), y: Int(pointerPosition.y.rounded(.down)))]
    }

    /// One motion is one scroll: clicks when a wheel sent them, never also
    /// their continuous equivalent.
    private mutating func endScroll() -> [PlatformEvent] {
        let gathered = scroll
        // Only fingers on a touchpad end a scroll; a wheel never does.
        let ended = fingerScroll.source && fingerScroll.stopped
        scroll = ((0, 0), (0, 0))
        fingerScroll = (false, false)
        guard let role = pointerRole else { return [] }
        let dx: Int, dy: Int
        if gathered.clicks != (0, 0) {
            dx = Self.whole(Double(gathered.clicks.x) / 120 * scrollStep)
            dy = Self.whole(Double(gathered.clicks.y) / 120 * scrollStep)
        } else {
            dx = Self.whole(gathered.pixels.x)
            dy = Self.whole(gathered.pixels.y)
        }
        let scrolled: [PlatformEvent] = dx != 0 || dy != 0 ? [.scrolled(role, dx: dx, dy: dy)] : []
        return scrolled + (ended ? [.scrollEnded(role)] : [])
    }

    /// Pixels as a whole number, within what a scroll can mean.
    private static func whole(_ pixels: Double) -> Int {
        pixels.isFinite ? Int(max(-1e9, min(1e9, pixels)).rounded()) : 0
    }

    private mutating func focus() -> [PlatformEvent] {
        let focused = hasFocus
        guard focused != reportedFocus else { return [] }
        reportedFocus = focused
        return [.focusChanged(focused)]
    }
}
