import CX11
import RewrapLayout
import RewrapScene

/// The desktop around the window: RandR monitors with their refresh rates,
/// and the window manager's work area. `watchDesktop()` reads them once,
/// after the first frame; after that they are read again only when the
/// server reports a change, and the window's place is followed from
/// ConfigureNotify without asking.
extension X11Platform {
    /// The window's desktop; before it opens, the screen and the work area
    /// read with the connection, which the window's default size is fitted to.
    public var desktop: Desktop { window?.tracking.desktop ?? openingDesktop }

    var openingDesktop: Desktop {
        let size = connection.screenSize
        return Desktop(screen: Rect(x: 0, y: 0, width: Double(size.width), height: Double(size.height)), workArea: startWorkArea)
    }

    /// Frames per second of the monitor showing most of the window; 60 when unknown.
    public var refreshRate: Double {
        guard let tracking = window?.tracking else { return Desktop.defaultRefreshRate }
        return tracking.desktop.refreshRate(for: tracking.windowFrame)
    }

    /// Asks RandR for its notices of changed monitors; nil on a server
    /// without it. Part of what `finishStartup` sets up.
    func listenToRandR() -> RandRNotices? {
        let display = connection.display
        var eventBase: Int32 = 0, errorBase: Int32 = 0, major: Int32 = 0, minor: Int32 = 0
        guard XRRQueryExtension(display, &eventBase, &errorBase) != 0, XRRQueryVersion(display, &major, &minor) != 0 else { return nil }
        // Every notice that can follow a change of monitors, whichever a
        // server sends; property notices (a backlight, say) change none.
        var mask = RRScreenChangeNotifyMask | RRCrtcChangeNotifyMask | RROutputChangeNotifyMask
        if major > 1 || (major == 1 && minor >= 4) { mask |= RRProviderChangeNotifyMask | RRResourceChangeNotifyMask }
        XRRSelectInput(display, connection.root, Int32(mask))
        return RandRNotices(eventBase: eventBase, hasMonitorList: major > 1 || (major == 1 && minor >= 5))
    }

    /// Reads monitors, refresh rates, the work area and the window's place,
    /// and asks to hear of changes. It waits for several replies, so it
    /// runs once, when the first frame is out.
    func watchDesktop(_ window: MappedWindow, randr: RandRNotices?) {
        XSelectInput(connection.display, connection.root, StructureNotifyMask | PropertyChangeMask)
        let origin = mainWindowOrigin
        window.tracking.placed(at: Point(x: Double(origin.x), y: Double(origin.y)))
        readMonitors(of: window, randr: randr)
        readWorkArea(of: window)
        fitDefaultSizeToItsMonitor(window)
    }

    /// A window that opened at its default size, fitted to the whole work
    /// area then, is fitted to its own monitor's share of it now that the
    /// monitors are known, unless it has been resized since.
    private func fitDefaultSizeToItsMonitor(_ window: MappedWindow) {
        guard let defaultSize = window.defaultSize, window.tracking.windowFrame.size == defaultSize else { return }
        let tracking = window.tracking
        let fitted = tracking.desktop.fittedWindowSize(defaultSize, at: tracking.windowFrame.origin, minimum: window.minimumSize)
        guard fitted != defaultSize else { return }
        XResizeWindow(connection.display, window.id, UInt32(fitted.width), UInt32(fitted.height))
    }

    /// Notes what an event says about the desktop; true when it was one of
    /// RandR's, the root's ConfigureNotify or a root property, and so needs
    /// no other translation. The root's events are asked for as the window
    /// opens; RandR's once the window is open.
    func noteDesktopEvent(_ event: inout XEvent, changes: inout BatchChanges) -> Bool {
        if event.type == ConfigureNotify, event.xconfigure.window == connection.root {
            // The screen's size changed, or RandR 1.5's SetMonitor or
            // DeleteMonitor ran (`xrandr --setmonitor`): the server tells of
            // those only this way, with no RandR event at all.
            guard case .open(_, let finished) = phase else { return true }
            if finished.randr != nil { XRRUpdateConfiguration(&event) }
            changes.monitors = true
            return true
        }
        if event.type == PropertyNotify, event.xproperty.window == connection.root {
            let atom = event.xproperty.atom
            if atom == connection.atom("_NET_WORKAREA") || atom == connection.atom("_NET_CURRENT_DESKTOP") { changes.workArea = true }
            return true
        }
        guard let base = phase.finished?.randr?.eventBase,
              event.type == base + RRScreenChangeNotify || event.type == base + RRNotify else { return false }
        if event.type == base + RRScreenChangeNotify { XRRUpdateConfiguration(&event) }
        changes.monitors = true
        return true
    }

    /// Reads again what a batch of events changed, once per batch.
    func readChangedDesktop(_ changes: BatchChanges) {
        guard case .open(let window, let finished) = phase else { return }
        if changes.monitors { readMonitors(of: window, randr: finished.randr) }
        if changes.workArea { readWorkArea(of: window) }
    }

    private func readMonitors(of window: MappedWindow, randr: RandRNotices?) {
        let size = connection.screenSize
        let screen = Rect(x: 0, y: 0, width: Double(size.width), height: Double(size.height))
        let crtcs = randr == nil ? [] : activeCrtcs()
        var monitors: [Monitor] = []
        if randr?.hasMonitorList == true {
            var count: Int32 = 0
            if let list = XRRGetMonitors(connection.display, connection.root, 1, &count) {
                let listed = UnsafeBufferPointer(start: list, count: Int(max(0, count))).map { info in
                    (frame: Rect(x: Double(info.x), y: Double(info.y), width: Double(info.width), height: Double(info.height)),
                     primary: info.primary != 0)
                }
                XRRFreeMonitors(list)
                monitors = Desktop.monitors(listed: listed, crtcs: crtcs, screen: screen)
            }
        }
        window.tracking.desktop = Desktop(screen: screen, monitors: monitors.isEmpty ? crtcs : monitors,
                                          workArea: window.tracking.desktop.workArea)
    }

    /// Each CRTC that shows something, with its mode's refresh rate.
    private func activeCrtcs() -> [Monitor] {
        let display = connection.display
        guard let resources = XRRGetScreenResourcesCurrent(display, connection.root) else { return [] }
        defer { XRRFreeScreenResources(resources) }
        let modes = UnsafeBufferPointer(start: resources.pointee.modes, count: Int(max(0, resources.pointee.nmode)))
        let crtcs = UnsafeBufferPointer(start: resources.pointee.crtcs, count: Int(max(0, resources.pointee.ncrtc)))
        return crtcs.compactMap { crtc in
            guard let info = XRRGetCrtcInfo(display, resources, crtc) else { return nil }
            defer { XRRFreeCrtcInfo(info) }
            let crtc = info.pointee
            guard crtc.mode != 0, crtc.width > 0, crtc.height > 0 else { return nil }
            let rate = modes.first { $0.id == crtc.mode }.flatMap { mode in
                ModeTiming(dotClock: mode.dotClock, hTotal: UInt(mode.hTotal), vTotal: UInt(mode.vTotal),
                           doubleScan: mode.modeFlags & UInt(RR_DoubleScan) != 0,
                           interlace: mode.modeFlags & UInt(RR_Interlace) != 0).refreshRate
            }
            return Monitor(frame: Rect(x: Double(crtc.x), y: Double(crtc.y), width: Double(crtc.width), height: Double(crtc.height)),
                           refreshRate: rate)
        }
    }

    private func readWorkArea(of window: MappedWindow) {
        window.tracking.desktop.workArea = Desktop.workArea(cardinals: rootCardinals("_NET_WORKAREA"),
                                                            current: rootCardinals("_NET_CURRENT_DESKTOP").first)
    }

    /// A format-32 CARDINAL property of the root window; empty when absent
    /// or of another type. Xlib hands the items back as C longs; each is
    /// read as the 32 bits it was sent as.
    private func rootCardinals(_ name: String) -> [Int] {
        guard let property = connection.property(name, of: connection.root, type: XA_CARDINAL),
              property.type == XA_CARDINAL, property.format == 32 else { return [] }
        let size = MemoryLayout<Int>.size
        return property.bytes.withUnsafeBytes { raw in
            stride(from: 0, to: raw.count - size + 1, by: size).map {
                Int(Int32(truncatingIfNeeded: raw.loadUnaligned(fromByteOffset: $0, as: Int.self)))
            }
        }
    }
}
