/// How many bits the screen's visual keeps per colour channel, and the
/// 16-bit channel values that make the server show the nearest level.
///
/// X reduces a 16-bit channel to the visual's bits by dropping the low
/// bits, so at 16 bits `0xf8f8` (248/255) becomes 31 of 31, not the nearest
/// level 30: the light background turned blue. Rounding first fixes that.
///
///     let precision = VisualPrecision(redMask: 0xf800, greenMask: 0x07e0, blueMask: 0x001f)
///     precision.channel(248.0 / 255, bits: precision.blueBits)   // 0xf7bd: level 30 of 31
public struct VisualPrecision: Sendable {
    public var redBits: Int
    public var greenBits: Int
    public var blueBits: Int

    public init(redMask: UInt, greenMask: UInt, blueMask: UInt) {
        redBits = redMask.nonzeroBitCount
        greenBits = greenMask.nonzeroBitCount
        blueBits = blueMask.nonzeroBitCount
    }

    /// `value` (0...1) at the nearest of the visual's levels, as the 16-bit
    /// value whose top `bits` bits are that level. A visual without masks
    /// (not TrueColor) keeps the full 16 bits.
    public func channel(_ value: Double, bits: Int) -> UInt16 {
        let clamped = min(1, max(0, value))
        guard (1...15).contains(bits) else { return UInt16((clamped * 65535).rounded()) }
        let top = Double((1 << bits) - 1)
        let level = (clamped * top).rounded()
        return UInt16((level * 65535 / top).rounded())
    }
}
