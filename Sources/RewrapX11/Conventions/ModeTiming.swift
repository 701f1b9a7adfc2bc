/// A display mode's timing as RandR reports it, and the refresh rate it
/// gives: the pixel clock over the pixels in a whole frame, blanking
/// included. A double-scanned mode draws each line twice; an interlaced
/// one draws half the lines per field.
///
///     ModeTiming(dotClock: 148_500_000, hTotal: 2200, vTotal: 1125).refreshRate   // 60
public struct ModeTiming: Hashable, Sendable {
    public var dotClock: UInt
    public var hTotal: UInt
    public var vTotal: UInt
    public var doubleScan: Bool
    public var interlace: Bool

    public init(dotClock: UInt, hTotal: UInt, vTotal: UInt, doubleScan: Bool = false, interlace: Bool = false) {
        self.dotClock = dotClock
        self.hTotal = hTotal
        self.vTotal = vTotal
        self.doubleScan = doubleScan
        self.interlace = interlace
    }

    /// Frames per second; nil when the mode gives no timing, as Xvfb's does.
    public var refreshRate: Double? {
        var lines = Double(vTotal)
        if doubleScan { lines *= 2 }
        if interlace { lines /= 2 }
        guard dotClock > 0, hTotal > 0, lines > 0 else { return nil }
        return Double(dotClock) / (Double(hTotal) * lines)
    }
}
