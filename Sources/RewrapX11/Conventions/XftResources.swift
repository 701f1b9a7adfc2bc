import CX11
#if canImport(Glibc)
import Glibc
#endif
import RewrapText

/// The font settings an X desktop gives its programs: the `Xft.*` X
/// resources (`Xft.antialias`, `Xft.hintstyle`, `Xft.rgba`, `Xft.dpi` ...)
/// and RENDER's subpixel order, with the defaults libXft's
/// `XftDefaultSubstitute` finishes a pattern with. Rewrap draws its own
/// glyphs, so it reads these itself rather than load libXft at start to
/// read them.
///
///     XftResources.fontDefaults(display: display, screen: 0)
///     // [antialias true, ..., hintstyle 3, rgba 0, ..., dpi 96, scale 1]
enum XftResources {
    /// Each property as libXft reads it: the resource, parsed as it parses
    /// it, or its default.
    static func fontDefaults(display: OpaquePointer, screen: Int32) -> [FontDefault] {
        func resource(_ name: String) -> String? {
            XGetDefault(display, "Xft", name).map { String(cString: $0) }
        }
        func bool(_ name: String, _ fallback: Bool) -> FontDefault {
            FontDefault(name, .bool(resource(name).flatMap(parseBool) ?? fallback))
        }
        func integer(_ name: String, _ fallback: Int32) -> FontDefault {
            FontDefault(name, .integer(resource(name).flatMap(parseInteger) ?? fallback))
        }
        func double(_ name: String, _ fallback: Double) -> FontDefault {
            FontDefault(name, .double(resource(name).flatMap(parseDouble) ?? fallback))
        }
        var base: Int32 = 0, error: Int32 = 0
        let hasRender = XRenderQueryExtension(display, &base, &error) != 0
        let millimetres = XDisplayHeightMM(display, screen)
        let dpi = millimetres > 0 ? Double(XDisplayHeight(display, screen)) * 25.4 / Double(millimetres) : 75
        return [
            bool(FC_ANTIALIAS, true), bool(FC_EMBOLDEN, false), bool(FC_HINTING, true), bool(FC_AUTOHINT, false),
            bool(FC_MINSPACE, false), bool("render", hasRender),
            integer(FC_HINT_STYLE, Int32(FC_HINT_FULL)),
            integer(FC_RGBA, hasRender ? subpixelOrder(display, screen) : Int32(FC_RGBA_UNKNOWN)),
            integer(FC_LCD_FILTER, Int32(FC_LCD_DEFAULT)), integer("maxglyphmemory", 1024 * 1024),
            double(FC_DPI, dpi), double(FC_SCALE, 1),
        ]
    }

    /// The screen's subpixel order from RENDER, as fontconfig names it.
    private static func subpixelOrder(_ display: OpaquePointer, _ screen: Int32) -> Int32 {
        switch Int32(XRenderQuerySubpixelOrder(display, screen)) {
        case SubPixelHorizontalRGB: Int32(FC_RGBA_RGB)
        case SubPixelHorizontalBGR: Int32(FC_RGBA_BGR)
        case SubPixelVerticalRGB: Int32(FC_RGBA_VRGB)
        case SubPixelVerticalBGR: Int32(FC_RGBA_VBGR)
        case SubPixelNone: Int32(FC_RGBA_NONE)
        default: Int32(FC_RGBA_UNKNOWN)
        }
    }

    /// As libXft reads a switch: its first letter (t, y, 1 or f, n, 0), or
    /// "on" and "off"; anything else is no value.
    static func parseBool(_ text: String) -> Bool? {
        let lowered = text.lowercased()
        switch lowered.first {
        case "t", "y", "1": return true
        case "f", "n", "0": return false
        case "o": return lowered.dropFirst().first == "n" ? true : lowered.dropFirst().first == "f" ? false : nil
        default: return nil
        }
    }

    /// A number, or one of fontconfig's constants (`hintslight`, `rgb`,
    /// `lcddefault`), as libXft reads an integer.
    static func parseInteger(_ text: String) -> Int32? {
        if let first = text.first, first.isNumber || first == "-" {
            return Int32(text.prefix { $0.isNumber || $0 == "-" }) ?? 0
        }
        var value: Int32 = 0
        let found = text.withCString { FcNameConstant(UnsafeRawPointer($0).assumingMemoryBound(to: FcChar8.self), &value) }
        return found != 0 ? value : nil
    }

    /// A number as `strtod` reads it.
    static func parseDouble(_ text: String) -> Double? {
        text.withCString { start in
            var end: UnsafeMutablePointer<CChar>?
            let value = strtod(start, &end)
            return end == UnsafeMutablePointer(mutating: start) ? nil : value
        }
    }
}
