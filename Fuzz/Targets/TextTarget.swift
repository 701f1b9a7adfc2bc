import RewrapLayout
@testable import RewrapText

extension FuzzTarget {
    /// Any UTF-8 through the text engine, in either direction and style, at
    /// any width: bidi, itemizing, shaping, breaking and measuring. The
    /// first byte picks the direction and style, the next two the width in
    /// sixteenths of a pixel, and the rest is the text.
    ///
    /// On each shaped line every cluster of its scalars is drawn, by one
    /// unbroken stretch of glyphs, in the order its run reads; the width is
    /// the glyphs' advances added up. Wrapped, the lines hold the text's
    /// every piece once, in order, and each fits the width unless it is a
    /// single piece, which nothing can break.
    public static let text = FuzzTarget(name: "text") { bytes in
        var input = FuzzInput(bytes)
        let flags = input.byte()
        let width = Double(input.uint16()) / 16
        let text = String(decoding: input.rest(), as: UTF8.self)
        guard let setter = (flags & 1 == 0 ? TextSetter.leftToRight : TextSetter.rightToLeft) else {
            return "no fonts: the text engine did not start"
        }
        let style: TextStyle = flags & 2 == 0 ? .body : .bold

        if let broken = checkClusters(setter.engine.line(text, style: style), of: text) { return broken }
        let wrapped = setter.breaker.wrap(text, width: width, style: style)
        guard !wrapped.lines.isEmpty, wrapped.lines.count == wrapped.metrics.count else {
            return "\(wrapped.lines.count) lines with \(wrapped.metrics.count) measurements"
        }
        let unspaced = { (text: String) in Array(text.filter { $0 != " " }.unicodeScalars) }
        guard wrapped.lines.flatMap({ unspaced($0.text) }) == unspaced(text) else {
            return "the lines \(wrapped.lines.map(\.text)) do not hold the text \(text.debugDescription) once, in order"
        }
        for (line, metrics) in zip(wrapped.lines, wrapped.metrics) {
            if let levels = line.levels, levels.count != line.text.unicodeScalars.count {
                return "\(levels.count) levels for the \(line.text.unicodeScalars.count) scalars of \(line.text.debugDescription)"
            }
            let shaped = setter.engine.line(line, style: style)
            if let broken = checkClusters(shaped, of: line.text) { return broken }
            guard metrics.width == Double(shaped.width) else {
                return "line \(line.text.debugDescription) was measured \(metrics.width) wide but is \(shaped.width)"
            }
            guard metrics.width <= width || LineBreaker.breakablePieces(line.text).count <= 1 else {
                return "line \(line.text.debugDescription) is \(metrics.width) wide, more than \(width), and could break"
            }
        }
        return nil
    }

    private static func checkClusters(_ line: ShapedLine, of text: String) -> String? {
        let scalars = text.unicodeScalars.map(\.value)
        let count = StreamSafe.capped(scalars, levels: scalars.map { _ in 0 })?.scalars.count ?? scalars.count
        guard count == 0 || line.runs.contains(where: { $0.glyphs.contains { $0.cluster == 0 } }) else {
            return "the first cluster of \(text.debugDescription) is not drawn"
        }
        var finished: Set<UInt32> = []
        var drawing: UInt32?
        for run in line.runs {
            var before: UInt32?
            for glyph in run.glyphs {
                let cluster = glyph.cluster
                guard cluster < count else { return "a glyph of cluster \(cluster) in \(text.debugDescription), of \(count) scalars" }
                if let before, cluster != before, (cluster < before) != run.isRightToLeft {
                    return "clusters \(before), \(cluster) of \(text.debugDescription) run against their direction"
                }
                before = cluster
                guard cluster != drawing else { continue }
                if let drawing { finished.insert(drawing) }
                guard !finished.contains(cluster) else { return "cluster \(cluster) of \(text.debugDescription) is drawn twice" }
                drawing = cluster
            }
        }
        let advances = line.runs.reduce(Int64(0)) { $0 + $1.glyphs.reduce(0) { $0 + Int64($1.advance) } }
        guard Int64(line.width) == Shaper.pixels(advances) else {
            return "line \(text.debugDescription) is \(line.width) wide, but its glyphs advance \(Shaper.pixels(advances))"
        }
        return nil
    }
}

/// A text engine and its line breaker for one direction, made once: fonts
/// are opened at the first input, not at every one.
private struct TextSetter {
    let engine: TextEngine
    let breaker: LineBreaker

    init?(direction: LayoutDirection) {
        guard let engine = try? TextEngine(options: FontOptions(), direction: direction) else { return nil }
        self.engine = engine
        breaker = LineBreaker(measurer: engine)
    }

    nonisolated(unsafe) static let leftToRight = TextSetter(direction: .leftToRight)
    nonisolated(unsafe) static let rightToLeft = TextSetter(direction: .rightToLeft)
}
