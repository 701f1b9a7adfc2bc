import RewrapLayout
import RewrapPlatform
import RewrapScene

/// X11 as the app sees it: one implementation of `Platform`.
extension X11Platform: Platform {
    /// X11 paces frames by the loop's own timer, so one is always welcome.
    public var isReadyForFrame: Bool { true }

    public var popupSurface: (any FrameSurface)? { popup?.buffer }

    public var windowOrigin: Point? {
        let origin = mainWindowOrigin
        return Point(x: Double(origin.x), y: Double(origin.y))
    }

    public func flush() {
        connection.flush()
    }
}
