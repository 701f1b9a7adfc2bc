@testable import RewrapX11

extension FuzzTarget {
    /// Any bytes as the `_XSETTINGS_SETTINGS` property. Whatever the parser
    /// accepts, written again in the wire format (by the encoder below, not
    /// the parser's code) and parsed, gives the same settings, in either byte
    /// order; and the desktop's settings read from them are each usable or
    /// the default, whatever the scale, font and cursor keys hold.
    public static let xsettings = FuzzTarget(name: "xsettings") { bytes in
        guard let settings = XSettings(parsing: bytes) else { return nil }
        for bigEndian in [false, true] {
            let written = encoded(settings, bigEndian: bigEndian)
            guard let again = XSettings(parsing: written) else { return "settings written again do not parse: \(settings)" }
            guard again == settings else { return "settings written again parse as \(again), not \(settings)" }
        }
        _ = settings.animationsEnabled
        if let dpi = settings.dpi, !(dpi.isFinite && dpi > 0) { return "a DPI of \(dpi)" }
        let resources = ["Xft.dpi": settings.strings["Xft.dpi"], "Xcursor.size": settings.strings["Xcursor.size"],
                         "Xcursor.theme": settings.strings["Xcursor.theme"]]
        return DesktopSettingsRules.broken(X11Platform.desktopSettings(settings, resource: { resources[$0] ?? nil }))
    }

    /// The XSETTINGS wire format: byte order, three pad bytes, serial, count,
    /// then each setting with its name and value padded to four bytes.
    private static func encoded(_ settings: XSettings, bigEndian: Bool) -> [UInt8] {
        var bytes: [UInt8] = [bigEndian ? 1 : 0, 0, 0, 0]
        func card(_ value: UInt32, _ width: Int) {
            let shifts = (0..<width).map { $0 * 8 }
            for shift in bigEndian ? shifts.reversed() : shifts { bytes.append(UInt8(truncatingIfNeeded: value >> UInt32(shift))) }
        }
        func text(_ value: String, lengthWidth: Int) {
            let utf8 = Array(value.utf8)
            card(UInt32(utf8.count), lengthWidth)
            bytes += utf8 + [UInt8](repeating: 0, count: (4 - utf8.count % 4) % 4)
        }
        card(7, 4)
        card(UInt32(settings.integers.count + settings.strings.count), 4)
        for (name, value) in settings.integers {
            bytes += [0, 0]
            text(name, lengthWidth: 2)
            card(0, 4)
            card(UInt32(bitPattern: value), 4)
        }
        for (name, value) in settings.strings {
            bytes += [1, 0]
            text(name, lengthWidth: 2)
            card(0, 4)
            text(value, lengthWidth: 4)
        }
        return bytes
    }
}
