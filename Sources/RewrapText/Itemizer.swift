import CText
import RewrapLayout

/// The first stage: splits a line into items that share a bidi level, a
/// script and a face, in logical order.
enum Itemizer {
    static func items(of text: String, scalars: [UInt32], levels: [UInt8], style: TextStyle,
                      fonts: FontCollection) -> [TextItem] {
        guard !scalars.isEmpty else { return [] }
        var scripts = resolvedScripts(scalars)
        var levels = levels
        var faces: [FontFace] = []
        faces.reserveCapacity(scalars.count)
        for cluster in text {
            let scalarsOfCluster = cluster.unicodeScalars
            let face = fonts.face(for: scalarsOfCluster, style: style)
            // A cluster is shaped whole, in one item: a flag, a keycap or a
            // ZWJ sequence mixes Common and Inherited scalars (and joiners
            // of their own bidi class), and split apart it would be several
            // pictures.
            let start = faces.count, end = start + scalarsOfCluster.count
            if end - start > 1 {
                for index in start + 1..<end {
                    scripts[index] = scripts[start]
                    levels[index] = levels[start]
                }
            }
            faces += repeatElement(face, count: scalarsOfCluster.count)
        }
        var items: [TextItem] = []
        var start = 0
        for index in 1...scalars.count {
            let ends = index == scalars.count || levels[index] != levels[start] || scripts[index] != scripts[start]
                || faces[index] !== faces[start]
            guard ends else { continue }
            items.append(TextItem(range: start..<index, level: levels[start], script: scripts[start], face: faces[start]))
            start = index
        }
        return items
    }

    /// Each scalar's script, with Common and Inherited ones (spaces, digits,
    /// punctuation, marks) taking the script around them, so they do not
    /// split a word's item.
    static func resolvedScripts(_ scalars: [UInt32]) -> [hb_script_t] {
        let unicode = hb_unicode_funcs_get_default()
        var scripts = scalars.map { hb_unicode_script(unicode, $0) }
        func isNeutral(_ script: hb_script_t) -> Bool {
            script == HB_SCRIPT_COMMON || script == HB_SCRIPT_INHERITED || script == HB_SCRIPT_UNKNOWN
        }
        var current: hb_script_t?
        for index in scripts.indices {
            if isNeutral(scripts[index]) {
                if let current { scripts[index] = current }
            } else {
                current = scripts[index]
            }
        }
        // Neutrals before the first real script take that script.
        if let first = scripts.first(where: { !isNeutral($0) }) {
            for index in scripts.indices {
                guard isNeutral(scripts[index]) else { break }
                scripts[index] = first
            }
        }
        return scripts
    }
}
