import CText
import RewrapLayout

/// The faces text is set in: a primary face per style, and fallback faces
/// found through fontconfig for clusters the primary cannot draw. Fallback
/// is chosen per cluster, so a letter and its marks share a face.
final class FontCollection {
    private let library: FreeTypeLibrary
    private let defaults: [FontDefault]
    /// Each style's pattern before matching: family, size and weight.
    private var requests: [TextStyle: OpaquePointer] = [:]
    /// The body face, then the bold one.
    private var primaries: [FontFace] = []
    private var fallbacks: [TextStyle: [FontFace]] = [:]
    private(set) var faces: [FontFace] = []
    private var files: [String: FontFile] = [:]
    /// Characters no installed font has, so fontconfig is asked only once.
    private var missing: Set<UInt32> = []
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
            let pixels = Self.scaleSize(of: request, by: options.scale)
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

    /// The first face that draws every visible scalar of `cluster`: the
    /// primary, a fallback already open, or a new one from fontconfig.
    /// When none draws them all, the face that draws the first one.
    func face(for cluster: String.UnicodeScalarView, style: TextStyle) -> FontFace {
        let only = cluster.first.flatMap { cluster.index(after: cluster.startIndex) == cluster.endIndex ? $0 : nil }
        if let only {
            // The primary comes first among the candidates, and asking its
            // character set is cheaper than hashing into the cache.
            let primary = primary(style)
            if primary.covers(only) { return primary }
            if let known = chosen[style]?[only.value] { return known }
        }
        let needed: [Unicode.Scalar] = cluster.filter { !Self.isIgnorable($0) }
        let face = covering(needed, style: style)
            ?? needed.first.flatMap { covering([$0], style: style) }
            ?? primary(style)
        if let only { chosen[style, default: [:]][only.value] = face }
        return face
    }

    /// True when some installed font draws `scalar` in `style`.
    func covers(_ scalar: Unicode.Scalar, style: TextStyle) -> Bool {
        Self.isIgnorable(scalar) || covering([scalar], style: style) != nil
    }

    /// Drawn by no font, and needing none (joiners, variation selectors).
    /// None comes before U+00AD, so Latin text never pages in the Unicode
    /// property tables.
    private static func isIgnorable(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value >= 0xAD && scalar.properties.isDefaultIgnorableCodePoint
    }

    private func covering(_ scalars: [Unicode.Scalar], style: TextStyle) -> FontFace? {
        let candidates = [primary(style)] + fallbacks[style, default: []]
        if let face = candidates.first(where: { face in scalars.allSatisfy(face.covers) }) { return face }
        guard let lacking = scalars.first(where: { scalar in !candidates.contains { $0.covers(scalar) } }),
              !missing.contains(lacking.value) else { return nil }
        guard let found = openFallback(for: lacking, style: style) else {
            missing.insert(lacking.value)
            return nil
        }
        if !fallbacks[style, default: []].contains(where: { $0 === found }) { fallbacks[style, default: []].append(found) }
        return scalars.allSatisfy(found.covers) ? found : nil
    }

    /// Asks fontconfig for the best font like the style's own that has `scalar`.
    private func openFallback(for scalar: Unicode.Scalar, style: TextStyle) -> FontFace? {
        fallbackSearches += 1
        guard let request = requests[style], let pattern = FcPatternDuplicate(request) else { return nil }
        defer { FcPatternDestroy(pattern) }
        let charset = FcCharSetCreate()
        defer { FcCharSetDestroy(charset) }
        FcCharSetAddChar(charset, scalar.value)
        FcPatternDel(pattern, FC_FAMILY)
        FcPatternAddCharSet(pattern, FC_CHARSET, charset)
        guard let matched = match(pattern) else { return nil }
        guard let face = openFace(matched), face.covers(scalar) else { return nil }
        return face
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
              let face = FontFace(id: faces.count, pattern: matched, file: file, library: library) else {
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
