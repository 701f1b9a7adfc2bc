import CWayland
import CWaylandProtocols
import RewrapPlatform

/// The main window's wl_surface, with what the compositor tells about it
/// from the start: the outputs it is on and the fractional scale it
/// prefers. It outlives the toplevel's making, which may take two tries.
final class WindowSurface {
    let proxy: OpaquePointer
    /// Both where the compositor offers fractional scales.
    let viewport: OpaquePointer?
    private let fractionalScale: OpaquePointer?
    var enteredOutputs: Set<OpaquePointer> = []
    /// In 120ths, once the compositor has said.
    var preferredScale120: UInt32?

    init(connection: WaylandConnection, owner: UnsafeMutableRawPointer) {
        let globals = connection.globals
        proxy = wl_compositor_create_surface(connection.required.compositor)!
        wl_surface_add_listener(proxy, &surfaceListener, owner)
        if let viewporter = globals.viewporter, let manager = globals.fractionalScales {
            viewport = wp_viewporter_get_viewport(viewporter, proxy)
            fractionalScale = wp_fractional_scale_manager_v1_get_fractional_scale(manager, proxy)
            wp_fractional_scale_v1_add_listener(fractionalScale, &fractionalScaleListener, owner)
        } else {
            viewport = nil
            fractionalScale = nil
        }
    }

    deinit {
        if let fractionalScale { wp_fractional_scale_v1_destroy(fractionalScale) }
        if let viewport { wp_viewport_destroy(viewport) }
        wl_surface_destroy(proxy)
    }
}

/// How the toplevel is made: xdg-shell's own, decorated by the compositor
/// where it offers xdg-decoration (`XDGToplevel`), or libdecor's frame,
/// which draws the title bar and borders itself (`DecoratedFrame`). A
/// protocol rather than an enum of the two: an enum keeps its case in the
/// reference's spare bits, where LeakSanitizer cannot see the reference and
/// reports the second case's object leaked.
protocol Shell: AnyObject {
    /// The parent of the window's popups. libdecor makes its own only after
    /// its first configure, so this is nil until then.
    var popupParent: OpaquePointer? { get }
    /// Titles the toplevel, whichever made it.
    func setTitle(_ title: String)
}

/// An xdg_toplevel of the platform's own, with the compositor's decoration
/// where it offers one.
final class XDGToplevel: Shell {
    let xdgSurface: OpaquePointer
    let toplevel: OpaquePointer
    private let decoration: OpaquePointer?
    /// The mode the compositor last gave the decoration; client-side means
    /// it draws no title bar.
    var decorationMode: UInt32?

    init(surface: OpaquePointer, connection: WaylandConnection, request: WindowRequest, minimum: (Int32, Int32),
         owner: UnsafeMutableRawPointer) {
        xdgSurface = xdg_wm_base_get_xdg_surface(connection.required.wmBase, surface)
        xdg_surface_add_listener(xdgSurface, &xdgSurfaceListener, owner)
        toplevel = xdg_surface_get_toplevel(xdgSurface)
        xdg_toplevel_add_listener(toplevel, &toplevelListener, owner)
        xdg_toplevel_set_title(toplevel, request.title)
        xdg_toplevel_set_app_id(toplevel, request.appID)
        xdg_toplevel_set_min_size(toplevel, minimum.0, minimum.1)
        if let manager = connection.globals.decorations {
            decoration = zxdg_decoration_manager_v1_get_toplevel_decoration(manager, toplevel)
            zxdg_toplevel_decoration_v1_add_listener(decoration, &decorationModeListener, owner)
            zxdg_toplevel_decoration_v1_set_mode(decoration, ZXDG_TOPLEVEL_DECORATION_V1_MODE_SERVER_SIDE.rawValue)
        } else {
            decoration = nil
        }
    }

    /// True when the compositor answered that it will draw no decorations.
    var isUndecorated: Bool { decorationMode == ZXDG_TOPLEVEL_DECORATION_V1_MODE_CLIENT_SIDE.rawValue }

    var popupParent: OpaquePointer? { xdgSurface }

    func setTitle(_ title: String) {
        xdg_toplevel_set_title(toplevel, title)
    }

    deinit {
        if let decoration { zxdg_toplevel_decoration_v1_destroy(decoration) }
        xdg_toplevel_destroy(toplevel)
        xdg_surface_destroy(xdgSurface)
    }
}

/// The main window once the compositor has configured it: a surface with
/// a shell that is a popup's parent, the buffers it is drawn into, its
/// text, and what the seat's events mean to it. It exists only whole.
final class ConfiguredWindow {
    let surface: WindowSurface
    let shell: any Shell
    /// The parent of every popup.
    let xdgSurface: OpaquePointer
    /// Its frames, with the text engine its text and its popup's are set with.
    let buffer: ShmSurface
    /// What the seat's events mean, from the opening window on.
    var input: SeatInput
    /// The latest toplevel configure, until its xdg_surface configure.
    var pendingConfigure: ToplevelConfigure
    /// What the app asked for, to open the window again on a restarted
    /// compositor; a new title goes into it too.
    var request: WindowRequest
    /// Window pixels per logical pixel.
    var scale: SurfaceScale
    /// The toplevel's size in logical pixels.
    var logicalSize: LogicalSize
    /// The configure the next frame answers.
    var unackedSerial: UInt32?
    /// What the surface was last committed with: its scale, and its
    /// viewport's logical size when the scale is fractional.
    var committedScale: SurfaceScale?
    var committedDestination: (width: Int32, height: Int32)?
    var frameCallback: OpaquePointer?
    var framePresented = false
    /// What the first frame did not need is set up (`finishStartup`).
    var startupFinished = false
    var isMaximized = false
    /// The size to return to when unmaximised with "your choice".
    var restoredSize: LogicalSize?

    /// `opening`, configured: nil when its shell has no xdg_surface yet,
    /// which libdecor's first configure guarantees it has.
    init?(_ opening: OpeningWindow) {
        guard let xdgSurface = opening.shell.popupParent else { return nil }
        surface = opening.surface
        shell = opening.shell
        self.xdgSurface = xdgSurface
        buffer = opening.buffer
        input = opening.input
        pendingConfigure = opening.pendingConfigure
        request = opening.request
        scale = opening.scale
        logicalSize = opening.logicalSize
    }

    deinit {
        if let frameCallback { wl_callback_destroy(frameCallback) }
    }

    var decoratedFrame: DecoratedFrame? { shell as? DecoratedFrame }

    /// Where the window's surface sits in the geometry popups are placed
    /// relative to: below libdecor's title bar, or at its corner.
    var contentOffset: (x: Int32, y: Int32) { decoratedFrame?.contentOffset ?? (0, 0) }
}
