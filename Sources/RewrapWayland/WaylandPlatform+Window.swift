import CWayland
import CWaylandProtocols
import RewrapLayout
import RewrapPlatform
import RewrapScene
import RewrapText
#if canImport(Glibc)
import Glibc
#endif

/// The main window: an xdg_toplevel, decorated by the compositor where it
/// offers xdg-decoration and by libdecor elsewhere, that answers each
/// configure with a frame.
extension WaylandPlatform {
    public func openWindow(_ request: WindowRequest, text: TextEngine) throws(PlatformError) -> any FrameSurface {
        self.text = text
        scrollStep = Metrics(scale: request.scale).scrollStep
        func logical(_ pixels: Int) -> Int32 { max(1, scale.logical(Double(pixels))) }
        let surface = wl_compositor_create_surface(globals.compositor)!
        self.surface = surface
        wl_surface_add_listener(surface, &surfaceListener, userData)
        if let viewporter = globals.viewporter, let manager = globals.fractionalScales {
            viewport = wp_viewporter_get_viewport(viewporter, surface)
            fractionalScale = wp_fractional_scale_manager_v1_get_fractional_scale(manager, surface)
            wp_fractional_scale_v1_add_listener(fractionalScale, &fractionalScaleListener, userData)
        }
        let minimum = (logical(Int((Double(request.minimumWidth) * request.scale).rounded())),
                       logical(Int((Double(request.minimumHeight) * request.scale).rounded())))
        logicalSize = LogicalSize(width: logical(request.width ?? Int((Double(request.defaultWidth) * request.scale).rounded())),
                                   height: logical(request.height ?? Int((Double(request.defaultHeight) * request.scale).rounded())))
            .fitted(to: scale)
        // Where the compositor draws no title bar, libdecor does, around the window.
        if globals.decorations == nil && globals.offersSubsurfaces {
            try decorate(surface, request, minimum: minimum)
        } else {
            makeToplevel(surface, request, minimum: minimum)
        }
        // Nothing may be drawn before the first configure.
        while !isConfigured {
            check(wl_display_dispatch(display))
            if let failure { throw PlatformError(failure) }
            if let failure = decorationFailure { throw PlatformError("rewrap: libdecor: \(failure)") }
        }
        mainSurface = ShmSurface(shm: globals.shm!, text: text, glyphs: glyphs)
        mainSurface.commit = { [unowned self] buffer, damage in commitMain(buffer, damage: damage) }
        let buffer = logicalSize.buffer(at: scale)
        mainSurface.resize(width: buffer.width, height: buffer.height)
        // A scale the compositor preferred before the first configure reaches the app as a change.
        noteScale()
        return mainSurface
    }

    /// An xdg_toplevel of the platform's own, decorated by the compositor
    /// through xdg-decoration where it offers that.
    private func makeToplevel(_ surface: OpaquePointer, _ request: WindowRequest, minimum: (Int32, Int32)) {
        xdgSurface = xdg_wm_base_get_xdg_surface(globals.wmBase, surface)
        xdg_surface_add_listener(xdgSurface, &xdgSurfaceListener, userData)
        toplevel = xdg_surface_get_toplevel(xdgSurface)
        xdg_toplevel_add_listener(toplevel, &toplevelListener, userData)
        xdg_toplevel_set_title(toplevel, request.title)
        xdg_toplevel_set_app_id(toplevel, request.appID)
        xdg_toplevel_set_min_size(toplevel, minimum.0, minimum.1)
        if let manager = globals.decorations {
            decoration = zxdg_decoration_manager_v1_get_toplevel_decoration(manager, toplevel)
            zxdg_toplevel_decoration_v1_set_mode(decoration, ZXDG_TOPLEVEL_DECORATION_V1_MODE_SERVER_SIDE.rawValue)
        }
        wl_surface_commit(surface)
    }

    /// The toplevel as libdecor makes it, with its title bar and borders.
    private func decorate(_ surface: OpaquePointer, _ request: WindowRequest, minimum: (Int32, Int32)) throws(PlatformError) {
        guard let decorated = DecoratedFrame(display: display, surface: surface, platform: self) else {
            throw PlatformError("rewrap: libdecor cannot decorate a window on this Wayland compositor")
        }
        self.decorated = decorated
        libdecor_frame_set_title(decorated.frame, request.title)
        libdecor_frame_set_app_id(decorated.frame, request.appID)
        libdecor_frame_set_min_content_size(decorated.frame, minimum.0, minimum.1)
        libdecor_frame_map(decorated.frame)
        xdgSurface = decorated.xdgSurface
    }

    public func presentMainFrame() {
        mainSurface.present()
    }

    /// Attaches a finished frame, acknowledging the configure it answers.
    private func commitMain(_ buffer: ShmBuffer, damage: PixelRect?) {
        guard let surface else { return }
        if let serial = unackedSerial {
            xdg_surface_ack_configure(xdgSurface, serial)
            unackedSerial = nil
        }
        // A new scale goes with the first buffer drawn at it; a fractional
        // one is shown through the viewport at the logical size.
        if committedScale != scale, wl_proxy_get_version(surface) >= 3 {
            wl_surface_set_buffer_scale(surface, scale.bufferScale)
        }
        if let viewport {
            let destination = scale.isFractional ? (width: logicalSize.width, height: logicalSize.height) : (width: -1, height: -1)
            if committedDestination.map({ $0 != destination }) ?? true {
                wp_viewport_set_destination(viewport, destination.width, destination.height)
                committedDestination = destination
            }
        }
        committedScale = scale
        wl_surface_attach(surface, buffer.buffer, 0, 0)
        if let damage {
            wl_surface_damage_buffer(surface, Int32(damage.x), Int32(damage.y), Int32(damage.width), Int32(damage.height))
            // A frame that changed nothing would wait for a callback that a
            // compositor with nothing to repaint may never send.
            if frameCallback == nil {
                frameCallback = wl_surface_frame(surface)
                wl_callback_add_listener(frameCallback, &frameListener, userData)
            }
        }
        wl_surface_commit(surface)
        framePresented = true
    }

    func frameDone() {
        if let frameCallback { wl_callback_destroy(frameCallback) }
        frameCallback = nil
        events.append(.frameReady)
    }

    func toplevelConfigured(width: Int32, height: Int32) {
        configuredSize = (width, height)
    }

    /// libdecor's configure, which it acknowledges as the window answers it
    /// with a content size; nil leaves the size to the window.
    func decoratedConfigured(size: (width: Int32, height: Int32)?, configuration: OpaquePointer) {
        configuredSize = size
        takeConfiguredSize()
        if xdgSurface == nil { xdgSurface = decorated?.xdgSurface }
        decorated?.commit(width: logicalSize.width, height: logicalSize.height, configuration: configuration)
        surfaceConfigured(serial: nil)
    }

    /// A configure is complete: the window takes the latest size. `serial`
    /// is acknowledged with the frame drawn for it; nil when it already was.
    func surfaceConfigured(serial: UInt32?) {
        unackedSerial = serial
        takeConfiguredSize()
        guard isConfigured else {
            isConfigured = true
            return
        }
        let (width, height) = logicalSize.buffer(at: scale)
        if framePresented, width == mainSurface.width, height == mainSurface.height, let surface {
            // Nothing to redraw, as when only the activated state changed.
            if let serial, let xdgSurface { xdg_surface_ack_configure(xdgSurface, serial) }
            unackedSerial = nil
            wl_surface_commit(surface)
        }
        events.append(.configured(width: width, height: height))
    }

    /// The latest configure's size becomes the window's, in logical pixels,
    /// clamped to what can be drawn; zero means "your choice".
    private func takeConfiguredSize() {
        if let size = configuredSize {
            let answer = logicalSize.configured(width: size.width, height: size.height, scale: scale)
            logicalSize = answer.size
            if let clamped = answer.clamped { writeLine(clamped) }
            configuredSize = nil
        }
    }

    func surfaceEntered(_ output: OpaquePointer) {
        enteredOutputs.insert(output)
        noteScale()
    }

    func surfaceLeft(_ output: OpaquePointer) {
        enteredOutputs.remove(output)
        noteScale()
    }

    /// Draws at `scale` with `engine` from now on: the desktop's scale
    /// changed, and the window keeps its logical size, now in more (or
    /// fewer) pixels.
    public func rescale(to scale: Double, text engine: TextEngine) -> Size {
        text = engine
        scrollStep = Metrics(scale: scale).scrollStep
        glyphs = GlyphCache()
        mainSurface.setText(engine, glyphs: glyphs)
        let buffer = logicalSize.buffer(at: self.scale)
        return Size(width: Double(buffer.width), height: Double(buffer.height))
    }

    public func finishStartup() {
        guard framePresented, !startupFinished else { return }
        startupFinished = true
        cursor = Cursor(compositor: globals.compositor!, shm: globals.shm!, scale: scale.cursorScale)
        seatCapabilities(offeredCapabilities)
        // The launcher's token lets the compositor give the new window focus.
        if let activation = globals.activation, let token = getenv("XDG_ACTIVATION_TOKEN"), let surface {
            xdg_activation_v1_activate(activation, token, surface)
            unsetenv("XDG_ACTIVATION_TOKEN")
        }
        wl_display_flush(display)
    }

    public var refreshRate: Double {
        let outputs = globals.outputs.values.filter { enteredOutputs.isEmpty || enteredOutputs.contains($0.proxy) }
        let fastest = outputs.map(\.refresh).max() ?? 0
        return fastest > 0 ? Double(fastest) / 1000 : Desktop.defaultRefreshRate
    }
}
