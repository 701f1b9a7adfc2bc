/// The desktop settings a settings manager publishes in the
/// `_XSETTINGS_SETTINGS` property, parsed from its wire format.
///
///     let settings = XSettings(parsing: bytes)
///     settings?.integers["Gtk/EnableAnimations"]   // 0 asks for reduced motion
///     settings?.integers["Xft/DPI"]                // DPI × 1024
public struct XSettings: Equatable, Sendable {
    public var integers: [String: Int32] = [:]
    public var strings: [String: String] = [:]

    public init(integers: [String: Int32] = [:], strings: [String: String] = [:]) {
        self.integers = integers
        self.strings = strings
    }

    /// False only when the desktop turned animations off.
    public var animationsEnabled: Bool {
        integers["Gtk/EnableAnimations"].map { $0 != 0 } ?? true
    }

    /// The desktop's theme, such as "Adwaita-dark".
    public var themeName: String? {
        strings["Net/ThemeName"]
    }

    /// `Xft/DPI` is stored in 1/1024ths of a dot per inch.
    public var dpi: Double? {
        integers["Xft/DPI"].flatMap { $0 > 0 ? Double($0) / 1024 : nil }
    }

    /// GTK's window scale and the DPI of its text without it, published
    /// together: the window takes the first, large text the second over 96.
    /// Nil unless both are there and sane.
    public var windowScaleAndTextDPI: (scale: Int, dpi: Double)? {
        guard let factor = integers["Gdk/WindowScalingFactor"], (1...8).contains(factor),
              let unscaled = integers["Gdk/UnscaledDPI"], unscaled > 0 else { return nil }
        return (Int(factor), Double(unscaled) / 1024)
    }

    /// Such as "Cantarell 11".
    public var fontName: String? { strings["Gtk/FontName"] }
    public var cursorThemeName: String? { strings["Gtk/CursorThemeName"] }
    public var cursorThemeSize: Int? { integers["Gtk/CursorThemeSize"].map(Int.init) }

    /// Nil when the data is truncated or malformed.
    public init?(parsing bytes: [UInt8]) {
        var reader = Reader(bytes: bytes)
        guard let order = reader.byte() else { return nil }
        reader.bigEndian = order == 1   // MSBFirst
        guard reader.skip(3), reader.card32() != nil, let count = reader.card32(), count < 100_000 else { return nil }
        for _ in 0..<count {
            guard let type = reader.byte(), reader.skip(1),
                  let nameLength = reader.card16(), let name = reader.string(Int(nameLength)),
                  reader.skip(Self.padding(Int(nameLength))),
                  reader.card32() != nil   // last-change serial
            else { return nil }
            switch type {
            case 0:
                guard let value = reader.card32() else { return nil }
                integers[name] = Int32(bitPattern: value)
            case 1:
                guard let length = reader.card32(), let value = reader.string(Int(length)),
                      reader.skip(Self.padding(Int(length))) else { return nil }
                strings[name] = value
            case 2:
                guard reader.skip(8) else { return nil }
            default:
                return nil
            }
        }
    }

    private static func padding(_ length: Int) -> Int { (4 - length % 4) % 4 }

    private struct Reader {
        let bytes: [UInt8]
        var offset = 0
        var bigEndian = false

        mutating func byte() -> UInt8? {
            guard offset < bytes.count else { return nil }
            defer { offset += 1 }
            return bytes[offset]
        }

        /// False, and nothing skipped, when fewer than `count` bytes are left.
        mutating func skip(_ count: Int) -> Bool {
            guard offset + count <= bytes.count else { return false }
            offset += count
            return true
        }

        mutating func card16() -> UInt16? {
            guard offset + 2 <= bytes.count else { return nil }
            let a = UInt16(bytes[offset]), b = UInt16(bytes[offset + 1])
            offset += 2
            return bigEndian ? a << 8 | b : b << 8 | a
        }

        mutating func card32() -> UInt32? {
            guard offset + 4 <= bytes.count else { return nil }
            let value = bytes[offset..<offset + 4].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
            offset += 4
            return bigEndian ? value : value.byteSwapped
        }

        mutating func string(_ length: Int) -> String? {
            guard length >= 0, offset + length <= bytes.count else { return nil }
            defer { offset += length }
            return String(decoding: bytes[offset..<offset + length], as: UTF8.self)
        }
    }
}
