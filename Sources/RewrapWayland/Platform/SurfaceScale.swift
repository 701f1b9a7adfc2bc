/// How many window pixels one logical pixel is. A whole scale is the
/// outputs' own, given to the compositor as the buffer scale. A fractional
/// one comes from wp_fractional_scale_v1: the window is drawn at exactly
/// that scale into a buffer of scale 1, and a viewport shows the buffer at
/// the logical size, so nothing is stretched.
struct SurfaceScale: Equatable, Sendable {
    /// In 120ths, as wp_fractional_scale_v1 gives it.
    let scale120: Int
    /// Drawn at exactly the scale and shown through a viewport.
    let isFractional: Bool

    /// An output's integer scale (at least 1).
    static func whole(_ scale: Int32) -> SurfaceScale {
        SurfaceScale(scale120: Int(max(1, scale)) * 120, isFractional: false)
    }

    /// A preferred scale in 120ths, within 1 ... `OutputScale.largest`
    /// as an output's scale is.
    static func fractional(_ scale120: UInt32) -> SurfaceScale {
        SurfaceScale(scale120: Int(min(max(scale120, 120), 120 * UInt32(OutputScale.largest))), isFractional: true)
    }

    var factor: Double { Double(scale120) / 120 }

    /// The buffer scale the surface is committed with.
    var bufferScale: Int32 { isFractional ? 1 : Int32(scale120 / 120) }

    /// The window pixels of a logical length: rounded half away from zero,
    /// as wp_fractional_scale_v1 asks of a buffer's size.
    func pixels(_ logical: Int32) -> Int {
        (Int(logical) * scale120 + 60) / 120
    }

    /// The logical length of `pixels` window pixels, rounded as asked.
    func logical(_ pixels: Double, rounding rule: FloatingPointRoundingRule = .toNearestOrAwayFromZero) -> Int32 {
        let value = (pixels / factor).rounded(rule)
        return value.isFinite ? Int32(max(Double(Int32.min), min(Double(Int32.max), value))) : 0
    }

    /// The whole scale a cursor theme is loaded at: the next above a fraction.
    var cursorScale: Int32 { Int32((scale120 + 119) / 120) }
}
