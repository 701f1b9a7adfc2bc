import RewrapLayout
import RewrapScene
@testable import RewrapX11

extension FuzzTarget {
    /// What a window manager and RandR report, as a recipe of numbers: the
    /// monitor list, CRTCs with their mode timings, `_NET_WORKAREA` and
    /// `_NET_CURRENT_DESKTOP`, a button to place a popup for, then a run of
    /// sync requests, ConfigureNotify events and presented frames.
    /// (Rewrap reads no `WM_STATE`, so there is none to fuzz.)
    public static let desktop = FuzzTarget(name: "desktop") { bytes in
        var input = FuzzInput(bytes)
        let screen = Rect(x: 0, y: 0, width: Double(input.uint16()) + 1, height: Double(input.uint16()) + 1)
        let listed = (0..<input.byte() % 8).map { _ in (frame: input.rect(), primary: input.bool()) }
        var crtcs: [Monitor] = []
        for _ in 0..<input.byte() % 4 {
            let frame = input.rect()
            let timing = ModeTiming(dotClock: UInt(UInt32(bitPattern: input.int32())), hTotal: UInt(input.uint16()),
                                    vTotal: UInt(input.uint16()), doubleScan: input.bool(), interlace: input.bool())
            if let rate = timing.refreshRate, !(rate.isFinite && rate > 0) { return "\(timing) gives a rate of \(rate)" }
            crtcs.append(Monitor(frame: frame, refreshRate: timing.refreshRate))
        }
        let cardinals = (0..<input.byte() % 14).map { _ in Int(input.int32()) }
        let current = input.bool() ? Int(input.int32()) : nil
        let button = input.rect()

        let monitors = Desktop.monitors(listed: listed, crtcs: crtcs, screen: screen)
        if let broken = checkMonitors(monitors, listed: listed, crtcs: crtcs) { return broken }
        let workArea = Desktop.workArea(cardinals: cardinals, current: current)
        if let area = workArea {
            guard area.width > 0, area.height > 0 else { return "an empty work area \(area) from \(cardinals)" }
            let quads = stride(from: 0, to: cardinals.count, by: 4).map { cardinals[$0..<$0 + 4].map(Double.init) }
            guard quads.contains([area.minX, area.minY, area.width, area.height]) else {
                return "work area \(area) is none of the desktops in \(cardinals)"
            }
        }
        let desktop = Desktop(screen: screen, monitors: monitors, workArea: workArea)
        let monitor = desktop.monitor(for: button)
        guard monitors.isEmpty ? monitor.frame == screen : monitors.contains(monitor) else {
            return "the button's monitor \(monitor) is not one of the desktop's"
        }
        let area = desktop.popupArea(for: button)
        guard area.width > 0, area.height > 0, area.minX >= monitor.frame.minX, area.minY >= monitor.frame.minY,
              area.maxX <= monitor.frame.maxX, area.maxY <= monitor.frame.maxY else {
            return "popup area \(area) is empty or outside its monitor \(monitor.frame)"
        }
        let rate = desktop.refreshRate(for: button)
        guard rate == Desktop.defaultRefreshRate || Desktop.plausibleRefreshRates.contains(rate) else {
            return "a refresh rate of \(rate)"
        }
        return checkSyncRequests(&input)
    }

    private static func checkMonitors(_ monitors: [Monitor], listed: [(frame: Rect, primary: Bool)], crtcs: [Monitor]) -> String? {
        let sized = listed.filter { $0.frame.width > 0 && $0.frame.height > 0 }
        let order = sized.filter(\.primary) + sized.filter { !$0.primary }
        guard monitors.map(\.frame) == order.map(\.frame) else {
            return "monitors \(monitors.map(\.frame)) are not the listed ones of some size, primary first: \(order)"
        }
        for monitor in monitors {
            guard let rate = monitor.refreshRate else { continue }
            guard crtcs.contains(where: { $0.refreshRate == rate && $0.frame.overlaps(monitor.frame) }) else {
                return "monitor \(monitor) has the rate of no CRTC that shows it"
            }
        }
        return nil
    }

    /// The ledger against its contract (EWMH `_NET_WM_SYNC_REQUEST`): it
    /// gives the latest request's value once, when the size of the
    /// ConfigureNotify after that request is the size presented.
    private static func checkSyncRequests(_ input: inout FuzzInput) -> String? {
        var ledger = SyncRequestLedger()
        var pending: Int64?, awaited: (width: Int, height: Int)?, shown: (width: Int, height: Int)?
        while !input.isAtEnd {
            let step = input.byte() % 3
            let given: Int64?
            switch step {
            case 0:
                let value = Int64(bitPattern: input.uint64())
                ledger.requested(value)
                (pending, awaited) = (value, nil)
                continue
            case 1:
                let size = (width: Int(input.byte() % 4), height: Int(input.byte() % 4))
                given = ledger.configured(width: size.width, height: size.height)
                if pending != nil { awaited = size }
            default:
                let size = (width: Int(input.byte() % 4), height: Int(input.byte() % 4))
                given = ledger.presented(width: size.width, height: size.height)
                shown = size
            }
            var expected: Int64?
            if let value = pending, let size = awaited, let shown, size == shown {
                expected = value
                (pending, awaited) = (nil, nil)
            }
            guard given == expected else { return "the counter was given \(String(describing: given)), not \(String(describing: expected))" }
        }
        return nil
    }
}

extension FuzzInput {
    /// A rectangle as X sends one: 16-bit place and size.
    mutating func rect() -> Rect {
        Rect(x: Double(Int16(bitPattern: uint16())), y: Double(Int16(bitPattern: uint16())),
             width: Double(Int16(bitPattern: uint16())), height: Double(Int16(bitPattern: uint16())))
    }
}
