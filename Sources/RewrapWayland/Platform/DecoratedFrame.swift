import CWayland
import RewrapPlatform

/// The window's toplevel as libdecor makes it, for compositors that draw no
/// decorations (GNOME, weston): libdecor's plugin draws the title bar and
/// the borders on surfaces of its own around the window's, and handles the
/// pointer over them (move, resize, close). The window's own surface and
/// its frames stay the platform's.
final class DecoratedFrame: Shell {
    private let context: OpaquePointer
    let frame: OpaquePointer

    /// Decorates `surface`, its events going to `owner`; nil when libdecor cannot start.
    init?(display: OpaquePointer, surface: OpaquePointer, owner: UnsafeMutableRawPointer) {
        guard let context = libdecor_new(display, &decorationListener) else { return nil }
        guard let frame = libdecor_decorate(context, surface, &decoratedFrameListener, owner) else {
            libdecor_unref(context)
            return nil
        }
        self.context = context
        self.frame = frame
    }

    deinit {
        libdecor_frame_unref(frame)
        libdecor_unref(context)
    }

    /// The xdg_surface libdecor made, the parent of the window's popups;
    /// nil until libdecor's first configure.
    var popupParent: OpaquePointer? { libdecor_frame_get_xdg_surface(frame) }

    func setTitle(_ title: String) {
        libdecor_frame_set_title(frame, title)
    }

    /// Where the window's own surface sits in the frame's geometry, in
    /// logical pixels: below the title bar. A popup is placed relative to
    /// the frame, so its anchor is moved by this much.
    var contentOffset: (x: Int32, y: Int32) {
        var x: Int32 = 0, y: Int32 = 0
        libdecor_frame_translate_coordinate(frame, 0, 0, &x, &y)
        return (x, y)
    }

    /// Takes the content size the window answers `configuration` with; this
    /// acknowledges the configure, so it must come before the frame at that size.
    func commit(width: Int32, height: Int32, configuration: OpaquePointer) {
        let state = libdecor_state_new(width, height)
        libdecor_frame_commit(frame, state, configuration)
        libdecor_state_free(state)
    }
}

// libdecor calls these with the frame's events for as long as the program runs.

/// libdecor reports what it cannot get from the compositor here, with no
/// frame to say it to: the platform that opens the window reads it.
nonisolated(unsafe) var decorationFailure: String?

nonisolated(unsafe) var decorationListener: libdecor_interface = {
    var listener = libdecor_interface()
    listener.error = { _, _, message in
        decorationFailure = message.map { String(cString: $0) } ?? "an unknown error"
    }
    return listener
}()

nonisolated(unsafe) var decoratedFrameListener: libdecor_frame_interface = {
    var listener = libdecor_frame_interface()
    listener.configure = { frame, configuration, data in
        var width: Int32 = 0, height: Int32 = 0
        let sized = libdecor_configuration_get_content_size(configuration, frame, &width, &height)
        var state = LIBDECOR_WINDOW_STATE_NONE
        let stated = libdecor_configuration_get_window_state(configuration, &state)
        WaylandPlatform.from(data).decoratedConfigured(size: sized ? (width, height) : nil, state: stated ? state : nil,
                                                       configuration: configuration!)
    }
    listener.close = { _, data in WaylandPlatform.from(data).events.append(.closeRequested) }
    // The decorations are subsurfaces that show with the window's next commit.
    listener.commit = { _, data in WaylandPlatform.from(data).windowSurface.map { wl_surface_commit($0.proxy) } }
    listener.dismiss_popup = { _, _, data in WaylandPlatform.from(data).popupDone() }
    return listener
}()
