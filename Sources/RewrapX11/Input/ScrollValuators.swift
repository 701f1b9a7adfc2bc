/// Smooth scrolling from one pointer's XInput 2.1 scroll valuators: each
/// motion event carries the valuators' absolute values, and the change since
/// the last event, divided by the axis's increment (one wheel click), is the
/// distance scrolled. The first change is measured from the device's own
/// current values (`XIQueryDevice`, or a device change's classes), as GTK
/// does, so the first wheel click scrolls. Pure, so the arithmetic is tested
/// on recorded values.
///
///     var valuators = ScrollValuators(axes: [.init(number: 3, direction: .vertical, increment: 15)],
///                                     values: [3: 100])
///     valuators.scroll(values: [3: 115], step: 48)   // (0, 48): one click down
///     valuators.scroll(values: [3: 107.5], step: 48) // (0, -24): half a click up
public struct ScrollValuators: Equatable, Sendable {
    public enum Direction: Sendable { case vertical, horizontal }

    public struct Axis: Equatable, Sendable {
        /// The valuator's number within the device.
        public var number: Int
        public var direction: Direction
        /// The valuator change that makes one wheel click; negative means
        /// the axis runs the other way.
        public var increment: Double

        public init(number: Int, direction: Direction, increment: Double) {
            self.number = number
            self.direction = direction
            self.increment = increment
        }
    }

    public private(set) var axes: [Axis]
    /// The last value seen per valuator; the next change is measured from it.
    private var baselines: [Int: Double] = [:]
    /// Fractions of a pixel not scrolled yet, so slow touchpad motion adds up.
    private var pending = (x: 0.0, y: 0.0)

    /// `values` are the device's current valuator values by number, where
    /// known; an axis without one takes its first event's value as its baseline.
    public init(axes: [Axis] = [], values: [Int: Double] = [:]) {
        self.axes = axes.filter { $0.increment != 0 && $0.increment.isFinite }
        seed(values)
    }

    public static func == (a: Self, b: Self) -> Bool {
        a.axes == b.axes && a.baselines == b.baselines && a.pending == b.pending
    }

    /// Whether the device scrolls through valuators at all.
    public var isEmpty: Bool { axes.isEmpty }

    /// Starts afresh from the device's current values, read when the pointer
    /// enters the window: what it scrolled elsewhere is not scrolled here.
    /// An axis missing from `values` keeps the baseline it had, the value
    /// of its last event or device change.
    public mutating func seed(_ values: [Int: Double]) {
        pending = (0, 0)
        for axis in axes {
            if let value = values[axis.number], value.isFinite { baselines[axis.number] = value }
        }
    }

    /// Whole pixels to scroll for one motion event's valuator values (by
    /// valuator number), with `step` pixels per wheel click. Positive moves
    /// the view down and to the right.
    public mutating func scroll(values: [Int: Double], step: Double) -> (dx: Int, dy: Int) {
        for axis in axes {
            guard let value = values[axis.number], value.isFinite else { continue }
            defer { baselines[axis.number] = value }
            guard let baseline = baselines[axis.number] else { continue }
            let pixels = (value - baseline) / axis.increment * step
            switch axis.direction {
            case .vertical: pending.y += pixels
            case .horizontal: pending.x += pixels
            }
        }
        let dx = pending.x.rounded(.towardZero), dy = pending.y.rounded(.towardZero)
        pending = (pending.x - dx, pending.y - dy)
        return (Int(dx), Int(dy))
    }

    /// Whether a press of `button` is a wheel click to act on. Buttons 4 to
    /// 7 that the server emulated from valuator motion were already scrolled
    /// by the valuators, so acting on them would scroll twice.
    public static func isWheelClick(button: Int, emulated: Bool) -> Bool {
        (4...7).contains(button) && !emulated
    }
}
