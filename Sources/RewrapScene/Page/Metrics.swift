import RewrapLayout

/// Every length the demo uses, at 1× and scaled, rounded to whole pixels so
/// edges land on pixel boundaries at any scale.
///
///     let metrics = Metrics(scale: 2)
///     metrics.padding   // 40
public struct Metrics: Hashable, Sendable {
    public let scale: Double

    public let padding: Double
    public let sectionSpacing: Double
    public let controlSpacing: Double
    public let dropdownPaddingX: Double
    public let dropdownPaddingY: Double
    public let dropdownRadius: Double
    public let chevronGap: Double
    public let chevronWidth: Double
    public let chevronHeight: Double
    public let chevronStroke: Double
    public let borderWidth: Double
    public let focusRingWidth: Double
    public let focusRingGap: Double
    public let chipPaddingX: Double
    public let chipPaddingY: Double
    public let chipRadius: Double
    public let popupPadding: Double
    public let popupOffset: Double
    public let optionPaddingX: Double
    public let optionPaddingY: Double
    public let optionMarkWidth: Double
    /// The corners of a popup's highlighted row.
    public let highlightRadius: Double
    /// The strip at each cut edge of a menu too tall for the screen.
    public let menuIndicatorHeight: Double
    public let scrollStep: Double
    public let scrollIndicatorWidth: Double
    public let textLineGap: Double
    /// How far a finger may stray and still tap: GTK's drag threshold.
    public let dragThreshold: Double

    /// The scales the window can be drawn at.
    public static let scales: ClosedRange<Double> = 0.5...8

    /// A desktop's DPI may ask for any scale; the window takes the nearest it can.
    public static func clamped(scale: Double) -> Double {
        min(max(scale, scales.lowerBound), scales.upperBound)
    }

    /// A size at 1× scaled, in whole pixels, as every length here is.
    public static func rounded(_ size: Size, scale: Double) -> Size {
        Size(width: (size.width * scale).rounded(), height: (size.height * scale).rounded())
    }

    /// Every length at `scale` times its size at 96 dpi, the scale clamped to what a screen can use.
    public init(scale: Double = 1) {
        let scale = Self.clamped(scale: scale)
        self.scale = scale
        func px(_ value: Double) -> Double { (value * scale).rounded() }
        padding = px(20)
        sectionSpacing = px(16)
        controlSpacing = px(8)
        dropdownPaddingX = px(10)
        dropdownPaddingY = px(6)
        dropdownRadius = px(6)
        chevronGap = px(8)
        chevronWidth = px(8)
        chevronHeight = px(5)
        chevronStroke = max(1, 1.5 * scale)
        borderWidth = max(1, px(1))
        focusRingWidth = max(1, px(2))
        focusRingGap = max(1, px(2))
        chipPaddingX = px(10)
        chipPaddingY = px(6)
        chipRadius = px(8)
        popupPadding = px(4)
        popupOffset = px(4)
        optionPaddingX = px(10)
        optionPaddingY = px(5)
        optionMarkWidth = px(20)
        highlightRadius = px(4)
        menuIndicatorHeight = px(16)
        scrollStep = px(48)
        scrollIndicatorWidth = px(4)
        textLineGap = px(2)
        dragThreshold = px(8)
    }
}
