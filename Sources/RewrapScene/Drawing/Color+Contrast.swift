import Foundation

/// Contrast as WCAG 2 defines it, and the one adjustment an accent colour
/// needs: lighter or darker at the same hue until it stands out enough.
extension Color {
    /// Relative luminance (WCAG 2): 0 for black, 1 for white.
    public var luminance: Double {
        func linear(_ c: Double) -> Double { c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4) }
        return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue)
    }

    /// From 1:1 (the same) to 21:1 (black on white); opacity is not considered.
    public func contrast(with other: Color) -> Double {
        let (a, b) = (luminance, other.luminance)
        return (max(a, b) + 0.05) / (min(a, b) + 0.05)
    }

    /// White or black, whichever stands out more against this colour; either
    /// way at least 4.58:1, since no colour is far from both.
    public var textOnIt: Color {
        contrast(with: .white) >= contrast(with: .black) ? .white : .black
    }

    public static let white = Color(red: 1, green: 1, blue: 1)
    public static let black = Color(red: 0, green: 0, blue: 0)

    /// The same hue and saturation, made darker (or lighter) in steps of
    /// 1% lightness until `good` holds. Black and white end the search, and
    /// against a light or dark window they stand out.
    func adjustedLightness(darker: Bool, until good: (Color) -> Bool) -> Color {
        guard !good(self) else { return self }
        var hsl = HSL(self)
        while !good(hsl.color) {
            let next = darker ? hsl.lightness - 0.01 : hsl.lightness + 0.01
            guard (0...1).contains(next) else { return darker ? .black : .white }
            hsl.lightness = next
        }
        return hsl.color
    }
}

/// Hue, saturation and lightness, each 0...1, as CSS writes colours.
private struct HSL {
    var hue: Double
    var saturation: Double
    var lightness: Double

    init(_ color: Color) {
        let high = max(color.red, color.green, color.blue), low = min(color.red, color.green, color.blue)
        lightness = (high + low) / 2
        let chroma = high - low
        guard chroma > 0 else {
            hue = 0
            saturation = 0
            return
        }
        saturation = chroma / (1 - abs(2 * lightness - 1))
        let sector: Double
        switch high {
        case color.red: sector = (color.green - color.blue) / chroma
        case color.green: sector = (color.blue - color.red) / chroma + 2
        default: sector = (color.red - color.green) / chroma + 4
        }
        hue = (sector / 6).truncatingRemainder(dividingBy: 1)
        if hue < 0 { hue += 1 }
    }

    var color: Color {
        let chroma = (1 - abs(2 * lightness - 1)) * saturation
        let sector = hue * 6
        let x = chroma * (1 - abs(sector.truncatingRemainder(dividingBy: 2) - 1))
        let (r, g, b): (Double, Double, Double)
        switch Int(sector) {
        case 0: (r, g, b) = (chroma, x, 0)
        case 1: (r, g, b) = (x, chroma, 0)
        case 2: (r, g, b) = (0, chroma, x)
        case 3: (r, g, b) = (0, x, chroma)
        case 4: (r, g, b) = (x, 0, chroma)
        default: (r, g, b) = (chroma, 0, x)
        }
        let m = lightness - chroma / 2
        func channel(_ c: Double) -> Double { min(1, max(0, c + m)) }
        return Color(red: channel(r), green: channel(g), blue: channel(b))
    }
}
