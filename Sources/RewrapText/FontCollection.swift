import CText
import RewrapLayout

/// The faces text is set in: a primary face per style, and fallback faces
/// found through fontconfig for clusters the primary cannot draw. Fallback
/// is chosen per cluster, so a letter and its marks share a face. A cluster
/// that asks for emoji presentation goes to the colour emoji face first,
/// and one that asks for text presentation to a face without colour.
final class FontCollection {
    private let library: FreeTypeLibrary
    private let defaults: [FontDefault]
    /// The size every style asks for, in pixels.
    private var pixels = 0.0
    /// The colour face emoji are shown in, opened when a label first needs
    /// it: a panel without emoji never reads the emoji font.
    private var emoji: EmojiFace = .unopened
    /// Each style's pattern before matching: family, size and weight.
    private var requests: [TextStyle: OpaquePointer] = [:]
    /// The body face, then the bold one.
    private var primaries: [FontFace] = []
    private var fallbacks: [TextStyle: [FontFace]] = [:]
    private(set) var faces: [FontFace] = []
    private var files: [String: FontFile] = [:]
    /// Characters no installed font has, so fontconfig is asked only once;
    /// and those no font without colour has.
    private var missing: Set<UInt32> = []
    private var missingWithoutColor: Set<UInt32> = []
    /// How many times fontconfig was asked for a fallback.
    private(set) var fallbackSearches = 0
    /// The face chosen for each single-scalar cluster, per style.
    private var chosen: [TextStyle: [UInt32: FontFace]] = [:]
    /// A one-line warning when the requested family was not found.
    private(set) var substitutionWarning: String?

    init(options: FontOptions) throws(TextEngineError) {
        library = try FreeTypeLibrary()
        defaults = options.defaults
        for style in [TextStyle.body, .bold] {
            guard let request = FcNameParse(options.pattern) else {
                throw TextEngineError("rewrap: bad font pattern \"\(options.pattern)\"")
            }
            pixels = Self.scaleSize(of: request, by: options.scale)
            guard Self.pixelSizes.contains(pixels) else {
                FcPatternDestroy(request)
                throw TextEngineError("rewrap: font size \(pixels) px from \"\(options.pattern)\" is out of range, expected "
                                      + "\(Int(Self.pixelSizes.lowerBound)) to \(Int(Self.pixelSizes.upperBound)) px")
            }
            if style == .bold {
                FcPatternDel(request, FC_WEIGHT)
                FcPatternAddInteger(request, FC_WEIGHT, Int32(FC_WEIGHT_BOLD))
            }
            FcPatternAddBool(request, FC_ANTIALIAS, 1)
            requests[style] = request
            guard let matched = match(request), let face = openFace(matched) else {
                throw TextEngineError("rewrap: no usable font for \"\(options.pattern)\"; install fonts-dejavu-core")
            }
            primaries.append(face)
            if style == .body { substitutionWarning = Self.substitution(requested: request, matched: face.pattern) }
        }
    }

    deinit {
        for request in requests.values { FcPatternDestroy(request) }
    }

    func primary(_ style: TextStyle) -> FontFace {
        primaries[style == .body ? 0 : 1]
    }

    /// The face that draws `cluster` as it asks to be presented (UTS #51):
    /// the emoji face for emoji presentation, a face without colour for
    /// text presentation, when one draws every visible scalar. Otherwise
    /// the first face that does: the primary, a fallback already open, or
    /// a new one from fontconfig; when none draws them all, the face that
    /// draws the first one.
    func face(for cluster: String.UnicodeScalarView, style: TextStyle) -> FontFace {
        let only = cluster.first.flatMap { cluster.index(after: cluster.startIndex) == cluster.endIndex ? $0 : nil }
        let presentation = only.map { Presentation.requested(byScalar: $0) } ?? Presentation.requested(by: cluster)
        if let only, presentation == nil {
            // The primary comes first among the candidates, and asking its
            // character set is cheaper than hashing into the cache.
            let primary = primary(style)
            if primary.covers(only) { return primary }
            if let known = chosen[style]?[only.value] { return known }
        }
        let needed: [Unicode.Scalar] = cluster.filter { !Self.isIgnorable($0) }
        if let presented = presenting(needed, as: presentation, style: style) { return presented }
        let face = covering(needed, style: style)
            ?? needed.first.flatMap { covering([$0], style: style) }
            ?? primary(style)
        if let only, presentation == nil { chosen[style, default: [:]][only.value] = face }
        return face
    }

    /// The face that shows `scalars` as `presentation` asks, if one is installed.
    private func presenting(_ scalars: [Unicode.Scalar], as presentation: Presentation?, style: TextStyle) -> FontFace? {
        switch presentation {
        case .emoji:
            guard let face = emojiFace(), scalars.allSatisfy(face.covers) else { return nil }
            return face
        case .text:
            return covering(scalars, style: style, color: false)
        case nil:
            return nil
        }
    }

    /// True when some installed font draws `scalar` in `style`.
    func covers(_ scalar: Unicode.Scalar, style: TextStyle) -> Bool {
        Self.isIgnorable(scalar) || covering([scalar], style: style) != nil
    }

    /// True when some installed font draws `cluster` in `style` as it asks
    /// to be presented: an emoji only by a colour face, a text presentation
    /// only by a face without colour.
    func covers(cluster: String.UnicodeScalarView, style: TextStyle) -> Bool {
        let needed: [Unicode.Scalar] = cluster.filter { !Self.isIgnorable($0) }
        guard let presentation = Presentation.requested(by: cluster) else {
            return needed.allSatisfy { covers($0, style: style) }
        }
        return presenting(needed, as: presentation, style: style) != nil
    }

    /// Drawn by no font, and needing none (joiners, variation selectors).
    /// None comes before U+00AD, so Latin text never pages in the Unicode
    /// property tables.
    private static func isIgnorable(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value >= 0xAD && scalar.properties.isDefaultIgnorableCodePoint
    }

    /// The first face that draws all of `scalars`, searching fontconfig for
    /// what no open face has; with `color` false, only faces without colour.
    private func covering(_ scalars: [Unicode.Scalar], style: TextStyle, color: Bool = true) -> FontFace? {
        let candidates = ([primary(style)] + fallbacks[style, default: []]).filter { color || !$0.isColor }
        if let face = candidates.first(where: { face in scalars.allSatisfy(face.covers) }) { return face }
        let missing = color ? missing : missingWithoutColor
        guard let lacking = scalars.first(where: { scalar in !candidates.contains { $0.covers(scalar) } }),
              !missing.contains(lacking.value) else { return nil }
        guard let found = openFallback(for: lacking, style: style, color: color) else {
            if color { self.missing.insert(lacking.value) } else { missingWithoutColor.insert(lacking.value) }
            return nil
        }
        if !fallbacks[style, default: []].contains(where: { $0 === found }) { fallbacks[style, default: []].append(found) }
        return scalars.allSatisfy(found.covers) ? found : nil
    }

    /// Asks fontconfig for the best font like the style's own that has
    /// `scalar`; with `color` false, one without colour.
    private func openFallback(for scalar: Unicode.Scalar, style: TextStyle, color: Bool) -> FontFace? {
        fallbackSearches += 1
        guard let request = requests[style], let pattern = FcPatternDuplicate(request) else { return nil }
        defer { FcPatternDestroy(pattern) }
        let charset = FcCharSetCreate()
        defer { FcCharSetDestroy(charset) }
        FcCharSetAddChar(charset, scalar.value)
        FcPatternDel(pattern, FC_FAMILY)
        FcPatternAddCharSet(pattern, FC_CHARSET, charset)
        if !color { FcPatternAddBool(pattern, FC_COLOR, 0) }
        guard let matched = match(pattern) else { return nil }
        guard let face = openFace(matched), face.covers(scalar), color || !face.isColor else { return nil }
        return face
    }

    /// The colour face for emoji presentation, found as Pango finds it:
    /// fontconfig's `emoji` family and the emoji "language" (`und-zsye`),
    /// asking for colour. Nil, asked once, when no colour font answers.
    private func emojiFace() -> FontFace? {
        if case .open(let face) = emoji { return face }
        guard case .unopened = emoji else { return nil }
        emoji = .absent
        guard let pattern = FcPatternCreate() else { return nil }
        defer { FcPatternDestroy(pattern) }
        Self.add(FC_FAMILY, "emoji", to: pattern)
        Self.add(FC_LANG, "und-zsye", to: pattern)
        FcPatternAddBool(pattern, FC_COLOR, 1)
        FcPatternAddDouble(pattern, FC_PIXEL_SIZE, pixels)
        FcPatternAddBool(pattern, FC_ANTIALIAS, 1)
        guard let matched = match(pattern), let face = openFace(matched), face.isColor else { return nil }
        emoji = .open(face)
        return face
    }

    private enum EmojiFace {
        case unopened
        case open(FontFace)
        case absent
    }

    private static func add(_ property: String, _ value: String, to pattern: OpaquePointer) {
        _ = value.withCString { FcPatternAddString(pattern, property, UnsafeRawPointer($0).assumingMemoryBound(to: FcChar8.self)) }
    }

    /// The same steps as `XftFontMatch`: the configuration's substitutions,
    /// the finishing defaults, the best match, made ready to render.
    private func match(_ request: OpaquePointer) -> OpaquePointer? {
        guard let pattern = FcPatternDuplicate(request) else { return nil }
        defer { FcPatternDestroy(pattern) }
        FcConfigSubstitute(nil, pattern, FcMatchPattern)
        for value in defaults { value.add(to: pattern) }
        FcDefaultSubstitute(pattern)
        var result = FcResultNoMatch
        return FcFontMatch(nil, pattern, &result)
    }

    /// Opens the face a matched pattern names, or the one already open for
    /// an equal pattern. Takes ownership of `matched`.
    private func openFace(_ matched: OpaquePointer) -> FontFace? {
        if let open = faces.first(where: { FcPatternEqual($0.pattern, matched) != 0 }) {
            FcPatternDestroy(matched)
            return open
        }
        var path: UnsafeMutablePointer<FcChar8>?
        guard FcPatternGetString(matched, FC_FILE, 0, &path) == FcResultMatch, let path else {
            FcPatternDestroy(matched)
            return nil
        }
        let name = String(cString: path)
        guard let file = files[name] ?? FontFile(path: name),
              let face = FontFace(id: faces.count, pattern: matched, asked: pixels, file: file, library: library) else {
            FcPatternDestroy(matched)
            return nil
        }
        files[name] = file
        faces.append(face)
        return face
    }

    /// Past a thousand pixels a glyph's image outgrows what X takes in one
    /// request; below one there is nothing to read.
    static let pixelSizes: ClosedRange<Double> = 1...1000

    /// Sets a pixel size: the pattern's own (in pixels or points, at 96 dpi)
    /// or 14 px, times the interface scale; returns it.
    private static func scaleSize(of pattern: OpaquePointer, by scale: Double) -> Double {
        var pixels = 0.0, points = 0.0
        if FcPatternGetDouble(pattern, FC_PIXEL_SIZE, 0, &pixels) != FcResultMatch {
            pixels = FcPatternGetDouble(pattern, FC_SIZE, 0, &points) == FcResultMatch ? points * 96 / 72 : 14
        }
        FcPatternDel(pattern, FC_PIXEL_SIZE)
        FcPatternDel(pattern, FC_SIZE)
        FcPatternAddDouble(pattern, FC_PIXEL_SIZE, pixels * scale)
        return pixels * scale
    }

    /// A one-line warning when a named family was asked for and another came back.
    private static func substitution(requested: OpaquePointer, matched: OpaquePointer) -> String? {
        var value: UnsafeMutablePointer<FcChar8>?
        guard FcPatternGetString(requested, FC_FAMILY, 0, &value) == FcResultMatch, let value else { return nil }
        // Names compare as fontconfig compares them, ignoring case.
        func isNamed(_ name: String) -> Bool {
            name.withCString { FcStrCmpIgnoreCase(value, UnsafeRawPointer($0).assumingMemoryBound(to: FcChar8.self)) == 0 }
        }
        guard !["sans-serif", "sans", "serif", "monospace", "mono", "system-ui", ""].contains(where: isNamed) else { return nil }
        var got: UnsafeMutablePointer<FcChar8>?
        guard FcPatternGetString(matched, FC_FAMILY, 0, &got) == FcResultMatch, let got, FcStrCmpIgnoreCase(value, got) != 0 else {
            return nil
        }
        return "rewrap: font \"\(String(cString: value))\" not found; using \"\(String(cString: got))\""
    }
}
