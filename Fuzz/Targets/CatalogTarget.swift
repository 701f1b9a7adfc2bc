import RewrapCatalog

extension FuzzTarget {
    /// Any bytes as a compiled catalog (`LANG/LC_MESSAGES/rewrap.mo`), and,
    /// when they are UTF-8, as a `Plural-Forms` header. A catalog is refused
    /// with one printable reason, or read whole; a read one gives every badge
    /// from 0 to 1,000 a form it has, and its formats fill without a
    /// directive left over. A plural rule is refused, or names a form below
    /// its count for every count.
    public static let catalog = FuzzTarget(name: "catalog") { bytes in
        do throws(CatalogError) {
            let words = Translator(catalog: try MessageCatalog(bytes, language: "xx"))
            for count in 0...1_000 {
                let badge = words.plural("%d more", "%d more", count: count)
                if badge.contains("%d") { return "the badge for \(count) left a directive: \(badge.prefix(80))" }
            }
            _ = words.format("%s: %s", "Shape", "Circle")
            _ = words.readsRightToLeft
            _ = words.text("Shape")
        } catch {
            if error.problem.isEmpty || error.problem.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
                return "the refusal is not one printable line: \(error.problem.debugDescription)"
            }
        }
        guard let header = String(validating: bytes, as: UTF8.self) else { return nil }
        do throws(CatalogError) {
            let rule = try PluralRule(header)
            for n in [0, 1, 2, 11, 100, 10_001, 123_456_789, Int.max] where !(0..<rule.count).contains(rule.form(for: n)) {
                return "the rule gives \(rule.form(for: n)) of \(rule.count) forms for \(n)"
            }
        } catch {
            if error.problem.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
                return "the rule's refusal is not one printable line: \(error.problem.debugDescription)"
            }
        }
        return nil
    }
}
