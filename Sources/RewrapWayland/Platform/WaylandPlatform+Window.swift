import CWayland
import CWaylandProtocols
import RewrapLayout
import RewrapPlatform
import RewrapScene
import RewrapText
#if canImport(Glibc)
import Glibc
#endif

/// The main window while the compositor has not configured it yet: its
/// surface and the shell being made for it, with what the window has from
/// `openWindow` on: its text, and what the seat's events mean to it.
final class OpeningWindow {
    let surface: WindowSurface
    var shell: any Shell
    /// What the window's frames are drawn into, with the text engine its
    /// text and its popup's are set with: new at the start, the old
    /// window's when it opens again on a restarted compositor.
    let buffer: ShmSurface
    /// What the seat's events mean: before there is a window to scroll,
    /// there is no scroll step, and no event to mean anything.
    var input: SeatInput
    /// The latest toplevel configure, until its xdg_surface configure.
    var pendingConfigure = ToplevelConfigure()
    /// Whether the window opened before, on a compositor now gone.
    let isReopening: Bool
    var request: WindowRequest
    /// The smallest size, in logical pixels.
    let minimum: (Int32, Int32)
    /// The scale the app was told of, which the window starts at.
    let scale: SurfaceScale
    var logicalSize: LogicalSize

    init(surface: WindowSurface, shell: any Shell, buffer: ShmSurface, input: SeatInput, isReopening: Bool,
         request: WindowRequest, minimum: (Int32, Int32), scale: SurfaceScale, logicalSize: LogicalSize) {
        self.surface = surface
        self.shell = shell
        self.buffer = buffer
        self.input = input
        self.isReopening = isReopening
        self.request = request
        self.minimum = minimum
        self.scale = scale
        self.logicalSize = logicalSize
    }
}

/// What one toplevel configure says, held until its xdg_surface configure
/// makes it current.
struct ToplevelConfigure {
    /// 0 on a side means "your choice".
    var size: (width: Int32, height: Int32)?
    var activated: Bool?
    var maximized = false

    /// Reads xdg_toplevel's states (an array of 32-bit values).
    mutating func read(states: UnsafeMutablePointer<wl_array>?) {
        var isActivated = false
        maximized = false
        if let states, let data = states.pointee.data {
            let values = data.bindMemory(to: UInt32.self, capacity: states.pointee.size / 4)
            for index in 0..<(states.pointee.size / 4) {
                switch values[index] {
                case XDG_TOPLEVEL_STATE_ACTIVATED.rawValue: isActivated = true
                case XDG_TOPLEVEL_STATE_MAXIMIZED.rawValue: maximized = true
                default: break
                }
            }
        }
        activated = isActivated
    }
}

/// The main window: an xdg_toplevel, decorated by the compositor where it
/// offers xdg-decoration and by libdecor elsewhere, that answers each
/// configure with a frame.
extension WaylandPlatform {
    public func openWindow(_ request: WindowRequest, text: TextEngine) throws(PlatformError) -> any FrameSurface {
        let scale = SurfaceScale.whole(outputScale)
        func logical(_ pixels: Int) -> Int32 { max(1, scale.logical(Double(pixels))) }
        let size = LogicalSize(width: logical(request.width ?? Int((Double(request.defaultWidth) * request.scale).rounded())),
                               height: logical(request.height ?? Int((Double(request.defaultHeight) * request.scale).rounded())))
        let buffer = ShmSurface(shm: connection.required.shm, text: text, glyphs: glyphs)
        try beginOpening(request, buffer: buffer, scrollStep: Metrics(scale: request.scale).scrollStep, scale: scale,
                         size: size, isReopening: false)
        // Nothing may be drawn before the first configure.
        while true {
            if let failure { throw PlatformError(failure.line) }
            if let failure = decorationFailure { throw PlatformError("rewrap: libdecor: \(failure)") }
            if let window {
                // A scale the compositor preferred before the first configure reaches the app as a change.
                noteScale()
                return window.buffer
            }
            check(wl_display_dispatch(connection.display))
        }
    }

    /// Makes the window's surface and shell, which the compositor's first
    /// configure makes whole.
    func beginOpening(_ request: WindowRequest, buffer: ShmSurface, scrollStep: Double, scale: SurfaceScale,
                      size: LogicalSize, isReopening: Bool) throws(PlatformError) {
        func logical(_ pixels: Int) -> Int32 { max(1, scale.logical(Double(pixels))) }
        let minimum = (logical(Int((Double(request.minimumWidth) * request.scale).rounded())),
                       logical(Int((Double(request.minimumHeight) * request.scale).rounded())))
        let surface = WindowSurface(connection: connection, owner: userData)
        let shell = try makeShell(on: surface.proxy, request, minimum: minimum)
        // No smaller than the minimum it asks the compositor to keep, as an
        // X11 window manager holds it to its size hints.
        let size = LogicalSize(width: max(size.width, minimum.0), height: max(size.height, minimum.1))
        phase = .opening(OpeningWindow(surface: surface, shell: shell, buffer: buffer,
                                       input: SeatInput(scrollStep: scrollStep), isReopening: isReopening, request: request,
                                       minimum: minimum, scale: scale, logicalSize: size.fitted(to: scale)))
    }

    /// Where the compositor draws no title bar, libdecor does, around the
    /// window; where it has no subsurfaces, libdecor cannot, and the window
    /// goes without.
    private func makeShell(on surface: OpaquePointer, _ request: WindowRequest, minimum: (Int32, Int32)) throws(PlatformError) -> any Shell {
        let globals = connection.globals
        guard globals.decorations == nil && globals.offersSubsurfaces else {
            let toplevel = XDGToplevel(surface: surface, connection: connection, request: request, minimum: minimum, owner: userData)
            if request.maximized { xdg_toplevel_set_maximized(toplevel.toplevel) }
            wl_surface_commit(surface)
            return toplevel
        }
        return try decorate(surface, request, minimum: minimum)
    }

    /// The toplevel as libdecor makes it, with its title bar and borders.
    private func decorate(_ surface: OpaquePointer, _ request: WindowRequest, minimum: (Int32, Int32)) throws(PlatformError) -> DecoratedFrame {
        guard let frame = DecoratedFrame(display: connection.display, surface: surface, owner: userData) else {
            throw PlatformError("rewrap: libdecor cannot decorate a window on this Wayland compositor")
        }
        libdecor_frame_set_title(frame.frame, request.title)
        libdecor_frame_set_app_id(frame.frame, request.appID)
        libdecor_frame_set_min_content_size(frame.frame, minimum.0, minimum.1)
        if request.maximized { libdecor_frame_set_maximized(frame.frame) }
        libdecor_frame_map(frame.frame)
        return frame
    }

    /// The first configure makes the window whole: its shell now has an
    /// xdg_surface for popups, and it gets its buffers.
    private func finishOpening(_ opening: OpeningWindow, serial: UInt32?) {
        let buffer = opening.buffer
        guard let window = ConfiguredWindow(opening) else {
            failure = .protocolError("rewrap: libdecor configured the window before making its xdg_surface")
            return
        }
        phase = .open(window)
        // Opened maximised, it returns to the size asked for.
        if opening.request.maximized { window.restoredSize = opening.logicalSize }
        takeConfigure(into: window)
        window.unackedSerial = serial
        buffer.commit = { [unowned self, unowned window] frame, damage in commit(frame, damage: damage, to: window) }
        let size = window.logicalSize.buffer(at: window.scale)
        buffer.resize(width: size.width, height: size.height)
        if opening.isReopening {
            // Back on a new compositor: drawn whole at the size it had, at this compositor's scale.
            events.append(.configured(width: size.width, height: size.height))
            events.append(.exposed(.main))
            noteScale()
        }
    }

    public func presentMainFrame() {
        window?.buffer.present()
    }

    /// Attaches a finished frame, acknowledging the configure it answers.
    private func commit(_ buffer: ShmBuffer, damage: PixelRect?, to window: ConfiguredWindow) {
        let surface = window.surface.proxy
        if let serial = window.unackedSerial {
            xdg_surface_ack_configure(window.xdgSurface, serial)
            window.unackedSerial = nil
        }
        // A new scale goes with the first buffer drawn at it; a fractional
        // one is shown through the viewport at the logical size.
        let scale = window.scale
        if window.committedScale != scale, wl_proxy_get_version(surface) >= 3 {
            wl_surface_set_buffer_scale(surface, scale.bufferScale)
        }
        if let viewport = window.surface.viewport {
            let destination = scale.isFractional ? (width: window.logicalSize.width, height: window.logicalSize.height) : (width: -1, height: -1)
            if window.committedDestination.map({ $0 != destination }) ?? true {
                wp_viewport_set_destination(viewport, destination.width, destination.height)
                window.committedDestination = destination
            }
        }
        window.committedScale = scale
        wl_surface_attach(surface, buffer.buffer, 0, 0)
        if let damage {
            wl_surface_damage_buffer(surface, Int32(damage.x), Int32(damage.y), Int32(damage.width), Int32(damage.height))
            // A frame that changed nothing would wait for a callback that a
            // compositor with nothing to repaint may never send.
            if window.frameCallback == nil {
                window.frameCallback = wl_surface_frame(surface)
                wl_callback_add_listener(window.frameCallback, &frameListener, userData)
            }
        }
        wl_surface_commit(surface)
        // The compositor has what it needs to show the window: from now on
        // a size or a maximised state it reports is the person's doing.
        if !window.framePresented { events.append(.windowShown) }
        window.framePresented = true
    }

    func frameDone() {
        guard let window else { return }
        if let callback = window.frameCallback { wl_callback_destroy(callback) }
        window.frameCallback = nil
        events.append(.frameReady)
    }

    func toplevelConfigured(width: Int32, height: Int32, states: UnsafeMutablePointer<wl_array>?) {
        amendConfigure { configure in
            configure.size = (width, height)
            configure.read(states: states)
        }
    }

    /// Changes the toplevel configure under way, the opening window's or the open one's.
    private func amendConfigure(_ change: (inout ToplevelConfigure) -> Void) {
        if let opening { change(&opening.pendingConfigure) } else if let window { change(&window.pendingConfigure) }
    }

    /// The compositor said whether it draws the title bar.
    func decorationConfigured(mode: UInt32) {
        if let toplevel = (opening?.shell ?? window?.shell) as? XDGToplevel { toplevel.decorationMode = mode }
    }

    /// libdecor's configure, which it acknowledges as the window answers it
    /// with a content size; nil leaves the size to the window.
    func decoratedConfigured(size: (width: Int32, height: Int32)?, state: libdecor_window_state?, configuration: OpaquePointer) {
        amendConfigure { configure in
            configure.size = size
            if let state {
                configure.activated = state.rawValue & LIBDECOR_WINDOW_STATE_ACTIVE.rawValue != 0
                configure.maximized = state.rawValue & LIBDECOR_WINDOW_STATE_MAXIMIZED.rawValue != 0
            }
        }
        let first = opening
        if let first { finishOpening(first, serial: nil) } else if let window { takeConfigure(into: window) }
        guard let window, let frame = window.decoratedFrame else { return }
        // libdecor's decorations are subsurfaces: what it sets here (their
        // input region above all) shows only with the window's next commit,
        // so it goes first. Otherwise the shadow's default input region,
        // which covers the window, takes the pointer until something else
        // commits (the first click on mutter went to it).
        frame.commit(width: window.logicalSize.width, height: window.logicalSize.height, configuration: configuration)
        if first == nil { configured(window) }
    }

    /// A configure is complete: the window takes the latest size. `serial`
    /// is acknowledged with the frame drawn for it.
    func surfaceConfigured(serial: UInt32) {
        if let opening {
            // A compositor that answered "client side" draws no title bar: libdecor does instead, on the same surface.
            if let toplevel = opening.shell as? XDGToplevel, toplevel.isUndecorated, connection.globals.offersSubsurfaces {
                opening.pendingConfigure = ToplevelConfigure()
                do {
                    opening.shell = try decorate(opening.surface.proxy, opening.request, minimum: opening.minimum)
                } catch {
                    failure = .protocolError(error.message)
                }
                return
            }
            finishOpening(opening, serial: serial)
            return
        }
        guard let window else { return }
        takeConfigure(into: window)
        window.unackedSerial = serial
        configured(window)
    }

    /// Tells the app of the window's size once a configure is complete.
    private func configured(_ window: ConfiguredWindow) {
        let (width, height) = window.logicalSize.buffer(at: window.scale)
        if window.framePresented, width == window.buffer.width, height == window.buffer.height {
            // Nothing to redraw, as when only the activated state changed.
            if let serial = window.unackedSerial { xdg_surface_ack_configure(window.xdgSurface, serial) }
            window.unackedSerial = nil
            wl_surface_commit(window.surface.proxy)
        }
        events.append(.configured(width: width, height: height))
    }

    /// The latest configure becomes the window's: its size, in logical
    /// pixels, clamped to what can be drawn (zero means "your choice"), its
    /// maximised state, and whether it is activated.
    private func takeConfigure(into window: ConfiguredWindow) {
        let configure = window.pendingConfigure
        window.pendingConfigure = ToplevelConfigure()
        if configure.maximized && !window.isMaximized { window.restoredSize = window.logicalSize }
        let unmaximized = !configure.maximized && window.isMaximized
        if unmaximized, configure.size.map({ $0 == (0, 0) }) ?? true, let restored = window.restoredSize {
            // Unmaximised with "your choice" (weston, libdecor): the size it had before.
            window.logicalSize = restored
        } else if let size = configure.size {
            let answer = window.logicalSize.configured(width: size.width, height: size.height, scale: window.scale)
            window.logicalSize = answer.size
            if let clamped = answer.clamped { writeLine(clamped) }
        }
        if configure.maximized != window.isMaximized { events.append(.maximizedChanged(configure.maximized)) }
        window.isMaximized = configure.maximized
        if let activated = configure.activated { take(.activated(activated)) }
    }

    /// The main window's surface, from `openWindow` on.
    var windowSurface: WindowSurface? { window?.surface ?? opening?.surface }

    func surfaceEntered(_ output: OpaquePointer) {
        windowSurface?.enteredOutputs.insert(output)
        noteScale()
    }

    func surfaceLeft(_ output: OpaquePointer) {
        windowSurface?.enteredOutputs.remove(output)
        noteScale()
    }

    func preferredScale(_ scale120: UInt32) {
        windowSurface?.preferredScale120 = scale120
        noteScale()
    }

    /// Draws at `scale` with `engine` from now on: the desktop's scale
    /// changed, and the window keeps its logical size, now in more (or
    /// fewer) pixels. A window being opened again on a restarted
    /// compositor, or waiting for one, keeps the new engine for when it is
    /// shown.
    public func rescale(to scale: Double, text engine: TextEngine) -> Size {
        let scrollStep = Metrics(scale: scale).scrollStep
        glyphs = GlyphCache()
        let buffer: (width: Int, height: Int)
        switch phase {
        case .windowless:
            return Size(width: 0, height: 0)
        case .opening(let opening):
            opening.input.scrollStep = scrollStep
            opening.buffer.setText(engine, glyphs: glyphs)
            buffer = opening.logicalSize.buffer(at: opening.scale)
        case .open(let window):
            window.input.scrollStep = scrollStep
            window.buffer.setText(engine, glyphs: glyphs)
            buffer = window.logicalSize.buffer(at: window.scale)
        case .reconnecting(var kept):
            kept.scrollStep = scrollStep
            kept.buffer.setText(engine, glyphs: glyphs)
            phase = .reconnecting(kept)
            buffer = kept.logicalSize.buffer(at: kept.scale)
        }
        return Size(width: Double(buffer.width), height: Double(buffer.height))
    }

    public func finishStartup() {
        guard let window, window.framePresented, !window.startupFinished else { return }
        window.startupFinished = true
        // The first frame goes to the compositor now, not after the cursor
        // and the seat's devices below, which it does not need. Should the
        // compositor close the connection on an error in that commit, the
        // next write fails with EPIPE, and `wait` reads on to hear the error
        // itself. The cursor is ready before a pointer comes in, so its
        // first motion does not wait on the theme; a seat that gains a
        // pointer later loads it then.
        wl_display_flush(connection.display)
        loadCursor()
        takeSeatDevices()
        // The launcher's token lets the compositor give the new window focus.
        if let activation = connection.globals.activation, let token = getenv("XDG_ACTIVATION_TOKEN") {
            xdg_activation_v1_activate(activation, token, window.surface.proxy)
            unsetenv("XDG_ACTIVATION_TOKEN")
        }
        wl_display_flush(connection.display)
    }

    public var refreshRate: Double {
        let fastest = windowOutputs.map(\.refresh).max() ?? 0
        return fastest > 0 ? Double(fastest) / 1000 : Desktop.defaultRefreshRate
    }
}
