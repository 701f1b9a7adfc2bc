import CX11
import RewrapLayout
#if canImport(Glibc)
import Glibc
#endif

/// The fonts text is drawn in: a primary Xft font per style, plus fallback
/// fonts found through fontconfig for characters the primary lacks.
///
///     let fonts = try FontSet(connection: x, pattern: "sans-serif", scale: 1)
///     fonts.measure("控制項", style: .body).width
///
/// Measuring and drawing split text into the same runs, so a measured width
/// is exactly the drawn width.
public final class FontSet: TextMeasurer {
    /// A stretch of text that one font draws. Runs are kept short enough
    /// that their advance fits the 16 bits X uses for it.
    struct Run {
        var font: UnsafeMutablePointer<XftFont>
        var utf8: [UInt8]
        var scalars = 0
        var advance = 0
    }

    private static let scalarsPerRun = 128

    private let connection: XConnection
    private var primary: [TextStyle: UnsafeMutablePointer<XftFont>] = [:]
    private var patterns: [TextStyle: OpaquePointer] = [:]
    private var fallbacks: [TextStyle: [UnsafeMutablePointer<XftFont>]] = [:]
    /// Characters no installed font has, so fontconfig is asked only once.
    private var missing: Set<UInt32> = []
    /// Which font draws each character, per style.
    private var chosen: [TextStyle: [UInt32: UnsafeMutablePointer<XftFont>]] = [:]
    /// Labels are drawn again every frame; splitting them into runs once is enough.
    private var runCache: [RunKey: [Run]] = [:]

    private struct RunKey: Hashable {
        var text: String
        var style: TextStyle
    }
    /// The warning to print when the requested family was not found.
    public private(set) var substitutionWarning: String?

    public init(connection: XConnection, pattern: String, scale: Double) throws(ToolkitError) {
        self.connection = connection
        for style in [TextStyle.body, .bold] {
            guard let base = FcNameParse(pattern) else {
                throw ToolkitError("rewrap: bad font pattern \"\(pattern)\"")
            }
            Self.scaleSize(of: base, by: scale)
            if style == .bold {
                FcPatternDel(base, FC_WEIGHT)
                FcPatternAddInteger(base, FC_WEIGHT, Int32(FC_WEIGHT_BOLD))
            }
            FcPatternAddBool(base, FC_ANTIALIAS, 1)
            patterns[style] = base
            var result = FcResultNoMatch
            guard let match = XftFontMatch(connection.display, connection.screen, base, &result) else {
                throw ToolkitError("rewrap: no usable font for \"\(pattern)\"; install fonts-dejavu-core")
            }
            guard let font = XftFontOpenPattern(connection.display, match) else {
                FcPatternDestroy(match)
                throw ToolkitError("rewrap: no usable font for \"\(pattern)\"; install fonts-dejavu-core")
            }
            primary[style] = font
            if style == .body { substitutionWarning = Self.substitution(requested: base, matched: match, pattern: pattern) }
        }
    }

    /// Sets a pixel size: the pattern's own (in pixels or points, at 96 dpi)
    /// or 14 px, times the interface scale.
    private static func scaleSize(of pattern: OpaquePointer, by scale: Double) {
        var pixels = 0.0, points = 0.0
        if FcPatternGetDouble(pattern, FC_PIXEL_SIZE, 0, &pixels) != FcResultMatch {
            pixels = FcPatternGetDouble(pattern, FC_SIZE, 0, &points) == FcResultMatch ? points * 96 / 72 : 14
        }
        FcPatternDel(pattern, FC_PIXEL_SIZE)
        FcPatternDel(pattern, FC_SIZE)
        FcPatternAddDouble(pattern, FC_PIXEL_SIZE, pixels * scale)
    }

    deinit {
        for font in primary.values { XftFontClose(connection.display, font) }
        for list in fallbacks.values { for font in list { XftFontClose(connection.display, font) } }
        for pattern in patterns.values { FcPatternDestroy(pattern) }
    }

    public func measure(_ text: String, style: TextStyle) -> TextMetrics {
        var width = 0.0
        var ascent = Double(primary[style]!.pointee.ascent), descent = Double(primary[style]!.pointee.descent)
        for run in runs(text, style: style) {
            width += Double(run.advance)
            ascent = max(ascent, Double(run.font.pointee.ascent))
            descent = max(descent, Double(run.font.pointee.descent))
        }
        return TextMetrics(width: width, ascent: ascent, descent: descent)
    }

    /// Draws `text` with its baseline's left end at (`x`, `baseline`),
    /// skipping runs that fall wholly outside `0..<visibleWidth`.
    func draw(_ text: String, on draw: OpaquePointer, x: Int, baseline: Int, style: TextStyle,
              color: UnsafePointer<XftColor>, visibleWidth: Int) {
        var pen = x
        for run in runs(text, style: style) {
            if pen + run.advance > 0 && pen < visibleWidth {
                run.utf8.withUnsafeBufferPointer {
                    XftDrawStringUtf8(draw, color, run.font, Int32(pen), Int32(clamping: baseline), $0.baseAddress, Int32($0.count))
                }
            }
            pen += run.advance
        }
    }

    /// True when some loaded or installed font has every character of `text`.
    public func covers(_ text: String, style: TextStyle = .body) -> Bool {
        text.unicodeScalars.allSatisfy { scalar in
            scalar.properties.isWhitespace || XftCharExists(connection.display, font(for: scalar.value, style: style), scalar.value) != 0
        }
    }

    private func advance(of run: Run) -> Int {
        var extents = XGlyphInfo()
        run.utf8.withUnsafeBufferPointer {
            XftTextExtentsUtf8(connection.display, run.font, $0.baseAddress, Int32($0.count), &extents)
        }
        return Int(extents.xOff)
    }

    func runs(_ text: String, style: TextStyle) -> [Run] {
        let key = RunKey(text: text, style: style)
        if let cached = runCache[key] { return cached }
        var runs: [Run] = []
        for scalar in text.unicodeScalars {
            let font = self.font(for: scalar.value, style: style)
            if runs.last?.font != font || runs.last!.scalars == Self.scalarsPerRun { runs.append(Run(font: font, utf8: [])) }
            runs[runs.count - 1].utf8.append(contentsOf: UTF8.encode(scalar)!)
            runs[runs.count - 1].scalars += 1
        }
        for index in runs.indices { runs[index].advance = advance(of: runs[index]) }
        // Animated labels are few; a full cache means something unusual, so start afresh.
        if runCache.count >= 4096 { runCache.removeAll(keepingCapacity: true) }
        runCache[key] = runs
        return runs
    }

    private func font(for character: UInt32, style: TextStyle) -> UnsafeMutablePointer<XftFont> {
        if let font = chosen[style]?[character] { return font }
        let main = primary[style]!
        var font = main
        if XftCharExists(connection.display, main, character) == 0 && !missing.contains(character) {
            if let found = fallbacks[style, default: []].first(where: { XftCharExists(connection.display, $0, character) != 0 }) {
                font = found
            } else if let found = openFallback(for: character, style: style) {
                fallbacks[style, default: []].append(found)
                font = found
            } else {
                missing.insert(character)
            }
        }
        chosen[style, default: [:]][character] = font
        return font
    }

    /// Asks fontconfig for the best font like the primary one that has `character`.
    private func openFallback(for character: UInt32, style: TextStyle) -> UnsafeMutablePointer<XftFont>? {
        guard let base = patterns[style], let pattern = FcPatternDuplicate(base) else { return nil }
        defer { FcPatternDestroy(pattern) }
        let charset = FcCharSetCreate()
        defer { FcCharSetDestroy(charset) }
        FcCharSetAddChar(charset, character)
        FcPatternDel(pattern, FC_FAMILY)
        FcPatternAddCharSet(pattern, FC_CHARSET, charset)
        var result = FcResultNoMatch
        guard let match = XftFontMatch(connection.display, connection.screen, pattern, &result) else { return nil }
        guard let font = XftFontOpenPattern(connection.display, match) else {
            FcPatternDestroy(match)
            return nil
        }
        if XftCharExists(connection.display, font, character) == 0 {
            XftFontClose(connection.display, font)
            return nil
        }
        return font
    }

    /// A one-line warning when a named family was asked for and another came back.
    private static func substitution(requested: OpaquePointer, matched: OpaquePointer, pattern: String) -> String? {
        let generic: Set<String> = ["sans-serif", "sans", "serif", "monospace", "mono", "system-ui", ""]
        var value: UnsafeMutablePointer<FcChar8>?
        guard FcPatternGetString(requested, FC_FAMILY, 0, &value) == FcResultMatch, let value else { return nil }
        let family = String(cString: value)
        guard !generic.contains(family.lowercased()) else { return nil }
        var got: UnsafeMutablePointer<FcChar8>?
        guard FcPatternGetString(matched, FC_FAMILY, 0, &got) == FcResultMatch, let got else { return nil }
        let actual = String(cString: got)
        guard actual.lowercased() != family.lowercased() else { return nil }
        return "rewrap: font \"\(family)\" not found; using \"\(actual)\""
    }
}
