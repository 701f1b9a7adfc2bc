/// The window's icon as `_NET_WM_ICON` wants it: width, height, then each
/// ARGB pixel row by row. Xlib takes format-32 data as C longs, so every
/// value is widened to one, whatever the platform's long size.
///
///     WMIcon.pack(pixels: AppIcon.pixels(size: 48), size: 48)   // [48, 48, 0x00000000, ...]
public enum WMIcon {
    public static func pack(pixels: [UInt32], size: Int) -> [UInt] {
        precondition(pixels.count == size * size, "one pixel per place in a square icon")
        var values: [UInt] = []
        values.reserveCapacity(2 + pixels.count)
        values.append(UInt(size))
        values.append(UInt(size))
        values += pixels.lazy.map { UInt($0) }
        return values
    }
}
