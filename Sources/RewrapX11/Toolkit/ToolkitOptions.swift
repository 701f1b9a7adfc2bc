import RewrapLayout

/// How to open the main window.
public struct ToolkitOptions {
    public var display: String?
    public var title: String
    /// Nil opens at the default size times the scale.
    public var width: Int?
    public var height: Int?
    public var defaultWidth = 680
    public var defaultHeight = 420
    /// Set only when the user placed the window, so a window manager honours it.
    public var x: Int?
    public var y: Int?
    public var minimumWidth: Int
    public var minimumHeight: Int
    /// A fontconfig pattern; a size in it is scaled by `scale`.
    public var font: String
    /// Nil takes the desktop's DPI (XSETTINGS, then RESOURCE_MANAGER) over 96.
    public var scale: Double?
    /// The paragraph direction text is ordered in.
    public var direction: LayoutDirection
    /// The square icon's size, and how to draw it at that size as ARGB
    /// pixels row by row; nil for none. The first frame does not need it,
    /// so it is drawn after.
    public var icon: (size: Int, draw: (Int) -> [UInt32])?

    public init(display: String? = nil, title: String, width: Int? = nil, height: Int? = nil, x: Int? = nil, y: Int? = nil,
                minimumWidth: Int = 320, minimumHeight: Int = 240, font: String = "sans-serif", scale: Double? = nil,
                direction: LayoutDirection = .leftToRight,
                icon: (size: Int, draw: (Int) -> [UInt32])? = nil) {
        self.display = display
        self.title = title
        self.width = width
        self.height = height
        self.x = x
        self.y = y
        self.minimumWidth = minimumWidth
        self.minimumHeight = minimumHeight
        self.font = font
        self.scale = scale
        self.direction = direction
        self.icon = icon
    }
}
