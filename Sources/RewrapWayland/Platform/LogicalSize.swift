/// A surface's size in logical pixels (the main window's, as the
/// compositor's configures set it, or a menu's), kept to what a buffer of
/// at most `largestSide` pixels a side draws at the window's scale.
///
///     LogicalSize(width: 680, height: 420).configured(width: 9000, height: 0, scale: .whole(2))
///     // 4096 × 420, and the line that says the window was clamped
struct LogicalSize: Equatable {
    /// The largest buffer side drawn; a configure asking for more gets a clamped frame.
    static let largestSide: Int32 = 8192

    var width: Int32
    var height: Int32

    /// The most logical pixels a side can have at `scale`.
    static func largestSide(at scale: SurfaceScale) -> Int32 { max(1, scale.logical(Double(largestSide), rounding: .down)) }

    /// The compositor's size for the next frame; a side of 0 (or less,
    /// which no compositor should send) is "your choice" and keeps ours.
    /// A side beyond what `scale` can draw is clamped, said in one line.
    func configured(width: Int32, height: Int32, scale: SurfaceScale) -> (size: LogicalSize, clamped: String?) {
        let largest = Self.largestSide(at: scale)
        var size = fitted(to: scale)
        if width > 0 { size.width = min(width, largest) }
        if height > 0 { size.height = min(height, largest) }
        guard width > largest || height > largest else { return (size, nil) }
        return (size, "rewrap: the compositor asked for a \(width) × \(height) window; drawing it at "
                      + "\(size.width) × \(size.height), the most this window draws")
    }

    /// The same size at another scale, cut to what a buffer can hold
    /// there, and at least one logical pixel a side.
    func fitted(to scale: SurfaceScale) -> LogicalSize {
        let largest = Self.largestSide(at: scale)
        return LogicalSize(width: min(max(1, width), largest), height: min(max(1, height), largest))
    }

    /// The buffer's sides in pixels at `scale`.
    func buffer(at scale: SurfaceScale) -> (width: Int, height: Int) {
        (scale.pixels(width), scale.pixels(height))
    }
}

/// The buffer scale a surface is drawn at, from the integer scales of the
/// outputs it is on.
enum OutputScale {
    /// No screen made is denser than 4; a larger scale is a compositor's
    /// mistake, and drawing at it would ask for text and cursors thousands
    /// of pixels high.
    static let largest: Int32 = 8

    /// The largest of `scales`, as foot and GTK draw, crisp on each output;
    /// 1 for none, and within 1 ... `largest` whatever they say.
    static func drawn(on scales: [Int32]) -> Int32 {
        min(largest, max(1, scales.max() ?? 1))
    }
}
