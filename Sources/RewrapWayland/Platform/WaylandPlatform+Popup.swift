import CWayland
import CWaylandProtocols
import RewrapLayout
import RewrapPlatform
import RewrapScene

/// An open menu's xdg_popup: its request, its surface, and where the
/// compositor put it.
final class XDGPopup {
    var request: PopupRequest
    let surface: OpaquePointer
    let xdgSurface: OpaquePointer
    let xdgPopup: OpaquePointer
    let buffer: ShmSurface
    /// Shows a buffer drawn at a fractional scale at the popup's logical size.
    let viewport: OpaquePointer?
    /// The rectangle of the latest configure, in window pixels.
    var configured: Rect?
    var unackedSerial: UInt32?
    /// The logical size the popup is drawn for.
    var logicalSize = LogicalSize(width: 1, height: 1)
    /// Counts the moves asked of the compositor.
    var repositionToken: UInt32 = 0
    /// The serial the menu grabbed with; nil for one opened by touch or
    /// without a serial.
    let grabSerial: UInt32?
    /// The seat whose grab libdecor was told of, so that only a menu that
    /// grabbed ungrabs.
    let decorationGrabSeat: String?

    init(request: PopupRequest, surface: OpaquePointer, xdgSurface: OpaquePointer, xdgPopup: OpaquePointer, buffer: ShmSurface,
         viewport: OpaquePointer?, grabSerial: UInt32?, decorationGrabSeat: String?) {
        self.request = request
        self.surface = surface
        self.xdgSurface = xdgSurface
        self.xdgPopup = xdgPopup
        self.buffer = buffer
        self.viewport = viewport
        self.grabSerial = grabSerial
        self.decorationGrabSeat = decorationGrabSeat
    }

    deinit {
        if let viewport { wp_viewport_destroy(viewport) }
        xdg_popup_destroy(xdgPopup)
        xdg_surface_destroy(xdgSurface)
        wl_surface_destroy(surface)
    }
}

/// Menus as xdg_popups: anchored below the button, lined up with its start
/// edge, flipped, slid and cut by the compositor as room allows.
extension WaylandPlatform {
    /// Asks the compositor to place the popup; `.popupPlaced` says where.
    public func openPopup(_ request: PopupRequest) -> PopupPlacement? {
        // The grab takes the serial of the press or key that opened the
        // menu. A tap opens it once the finger is up, and mutter grants a
        // grab only to a touch still down: a menu opened by touch takes none
        // on any compositor, and closes on a tap elsewhere in the window or
        // when the window loses the focus.
        let serial = input.flatMap { $0.grabSerial != 0 && !$0.lastInputWasTouch ? $0.grabSerial : nil }
        open(request, grabbingWith: serial)
        return nil
    }

    private func open(_ request: PopupRequest, grabbingWith serial: UInt32?) {
        closePopup()
        let globals = connection.globals, required = connection.required
        guard let window else { return }
        let scale = window.scale
        let positioner = self.positioner(for: request, in: window, wmBase: required.wmBase)
        defer { xdg_positioner_destroy(positioner) }
        let surface = wl_compositor_create_surface(required.compositor)!
        let popupXDGSurface = xdg_wm_base_get_xdg_surface(required.wmBase, surface)!
        let xdgPopup = xdg_surface_get_popup(popupXDGSurface, window.xdgSurface, positioner)!
        let buffer = ShmSurface(shm: required.shm, text: window.buffer.engine, glyphs: glyphs)
        let viewport = scale.isFractional ? globals.viewporter.map { wp_viewporter_get_viewport($0, surface)! } : nil
        xdg_surface_add_listener(popupXDGSurface, &popupSurfaceListener, userData)
        xdg_popup_add_listener(xdgPopup, &popupListener, userData)
        var grabbed: UInt32?, decorationGrabSeat: String?
        if let seat, let serial {
            xdg_popup_grab(xdgPopup, seat.proxy, serial)
            grabbed = serial
            if let frame = window.decoratedFrame, let name = connection.seatName {
                libdecor_frame_popup_grab(frame.frame, name)
                decorationGrabSeat = name
            }
        }
        let popup = XDGPopup(request: request, surface: surface, xdgSurface: popupXDGSurface, xdgPopup: xdgPopup, buffer: buffer,
                          viewport: viewport, grabSerial: grabbed, decorationGrabSeat: decorationGrabSeat)
        buffer.commit = { [unowned self, unowned popup] frame, damage in commitPopup(popup, frame, damage: damage) }
        if wl_proxy_get_version(surface) >= 3 { wl_surface_set_buffer_scale(surface, scale.bufferScale) }
        wl_surface_commit(surface)
        self.popup = popup
    }

    /// Asks the compositor to move the open popup below its anchor's new
    /// place; its configure (and `.popupPlaced`) follows.
    public func repositionPopup(_ request: PopupRequest) -> PopupPlacement? {
        guard let popup, let window else { return nil }
        // Before version 3 (sway 1.7) a popup cannot move: it is opened anew
        // at the new place, with the grab of the same press or key, as GTK does there.
        guard wl_proxy_get_version(popup.xdgPopup) >= 3 else {
            open(request, grabbingWith: popup.grabSerial)
            return nil
        }
        popup.request = request
        let positioner = self.positioner(for: request, in: window, wmBase: connection.required.wmBase)
        defer { xdg_positioner_destroy(positioner) }
        popup.repositionToken &+= 1
        xdg_popup_reposition(popup.xdgPopup, positioner, popup.repositionToken)
        return nil
    }

    /// The popup's size, below its anchor, lined up with its start edge
    /// (the right one, right to left), flipped, slid and cut as room allows.
    private func positioner(for request: PopupRequest, in window: ConfiguredWindow, wmBase: OpaquePointer) -> OpaquePointer {
        let scale = window.scale
        func logical(_ pixels: Double) -> Int32 { scale.logical(pixels, rounding: .up) }
        // Never taller than the output: a compositor that cannot resize a
        // popup (sway 1.7) then slides it into view, cut to whole rows.
        let room = Rect(x: 0, y: 0, width: .greatestFiniteMagnitude, height: outputHeight(at: scale) ?? .greatestFiniteMagnitude)
        let size = request.plan.placement(below: Rect(x: 0, y: 0, width: 0, height: 0), gap: 0, area: room).frame.size
        let positioner = xdg_wm_base_create_positioner(wmBase)!
        xdg_positioner_set_size(positioner, max(1, logical(size.width)), max(1, logical(size.height)))
        let anchor = request.anchor
        let offset = window.contentOffset
        xdg_positioner_set_anchor_rect(positioner, offset.x + scale.logical(Double(anchor.x), rounding: .down),
                                       offset.y + scale.logical(Double(anchor.y), rounding: .down),
                                       max(1, logical(Double(anchor.width))), max(1, logical(Double(anchor.height))))
        let left = request.edge == .left
        xdg_positioner_set_anchor(positioner, (left ? XDG_POSITIONER_ANCHOR_BOTTOM_LEFT : XDG_POSITIONER_ANCHOR_BOTTOM_RIGHT).rawValue)
        xdg_positioner_set_gravity(positioner, (left ? XDG_POSITIONER_GRAVITY_BOTTOM_RIGHT : XDG_POSITIONER_GRAVITY_BOTTOM_LEFT).rawValue)
        xdg_positioner_set_offset(positioner, 0, scale.logical(request.gap))
        xdg_positioner_set_constraint_adjustment(positioner, XDG_POSITIONER_CONSTRAINT_ADJUSTMENT_FLIP_Y.rawValue
                                                 | XDG_POSITIONER_CONSTRAINT_ADJUSTMENT_SLIDE_X.rawValue
                                                 | XDG_POSITIONER_CONSTRAINT_ADJUSTMENT_SLIDE_Y.rawValue
                                                 | XDG_POSITIONER_CONSTRAINT_ADJUSTMENT_RESIZE_Y.rawValue)
        return positioner
    }

    /// The tallest output the window is on, in window pixels; nil when unknown.
    private func outputHeight(at scale: SurfaceScale) -> Double? {
        windowOutputs.filter { $0.height > 0 }.map { Double($0.height) / Double($0.scale) * scale.factor }.max()
    }

    public var popupSurface: (any FrameSurface)? {
        guard let popup, popup.configured != nil else { return nil }
        return popup.buffer
    }

    public func closePopup() {
        guard let popup else { return }
        // libdecor warns of an ungrab that no grab came before.
        if let name = popup.decorationGrabSeat, let frame = window?.decoratedFrame { libdecor_frame_popup_ungrab(frame.frame, name) }
        take(.popupClosed)
        self.popup = nil
    }

    func popupConfigured(x: Int32, y: Int32, width: Int32, height: Int32) {
        guard let window else { return }
        let offset = window.contentOffset
        popup?.configured = PopupAnswer.area(x: x - offset.x, y: y - offset.y, width: width, height: height, scale: window.scale)
    }

    /// The compositor's answer is complete: the menu is cut to whole rows
    /// in the room it was given, and drawn at that size.
    func popupSurfaceConfigured(serial: UInt32) {
        guard let popup, let window, let area = popup.configured else { return }
        popup.unackedSerial = serial
        let answer = PopupAnswer.placement(of: popup.request, in: area, scale: window.scale)
        popup.logicalSize = answer.logical
        popup.buffer.resize(width: answer.buffer.width, height: answer.buffer.height)
        events.append(.popupPlaced(popup.request, answer.placement))
    }

    private func commitPopup(_ popup: XDGPopup, _ buffer: ShmBuffer, damage: PixelRect?) {
        if let serial = popup.unackedSerial {
            xdg_surface_ack_configure(popup.xdgSurface, serial)
            popup.unackedSerial = nil
        }
        if let viewport = popup.viewport { wp_viewport_set_destination(viewport, popup.logicalSize.width, popup.logicalSize.height) }
        wl_surface_attach(popup.surface, buffer.buffer, 0, 0)
        if let damage {
            wl_surface_damage_buffer(popup.surface, Int32(damage.x), Int32(damage.y), Int32(damage.width), Int32(damage.height))
        }
        wl_surface_commit(popup.surface)
    }

    /// The compositor closed the menu: a press elsewhere, or another grab.
    func popupDone() {
        guard let popup else { return }
        // weston grants a grab only to the latest key event's serial, a
        // release included (libweston's notify_key), and a key tapped faster
        // than the menu is asked for has been released by then; mutter
        // wants the press's. A menu refused before it was ever placed is
        // asked for again with the latest key event's serial, and closes
        // if that one is refused too.
        if popup.configured == nil, let grabbed = popup.grabSerial, let latest = input?.latestKeySerial, latest != 0, latest != grabbed {
            open(popup.request, grabbingWith: latest)
            return
        }
        closePopup()
        events.append(.popupDismissed)
    }
}
