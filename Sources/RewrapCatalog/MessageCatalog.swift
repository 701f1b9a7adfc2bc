/// One language's translations, read from a `.mo` file and checked whole
/// before any of it is used: its header, its plural rule, its strings.
///
///     let catalog = try MessageCatalog(bytes, language: "es")
///     catalog.translations["Shape"]   // ["Forma"]
public struct MessageCatalog: Equatable, Sendable {
    /// The language it was found under, as gettext names it (`zh_TW`).
    public let language: String
    /// Its `Plural-Forms`, or English's rule when it has none.
    public let plural: PluralRule
    let translations: [String: [String]]

    /// The catalog in `bytes`, found under `language`, or the reason it is refused.
    public init(_ bytes: [UInt8], language: String) throws(CatalogError) {
        var messages = try MOReader.messages(in: bytes)
        let header = Self.header(messages.removeValue(forKey: "")?.first ?? "")
        if let type = header["Content-Type"], let charset = type.split(separator: "=").last,
           !["utf-8", "ascii", "us-ascii"].contains(charset.trimmed.lowercased()) {
            throw CatalogError("its charset is \(CatalogError.echo(charset.trimmed)), not UTF-8")
        }
        let plural = try header["Plural-Forms"].map { header throws(CatalogError) in try PluralRule(header) } ?? .germanic
        self.plural = plural
        self.language = language
        // A message with more forms than the rule counts is missing none; one with fewer is unusable.
        translations = messages.filter { $0.value.count == 1 || $0.value.count >= plural.count }
    }

    /// `Key: value` lines of the header.
    private static func header(_ text: String) -> [String: String] {
        var fields: [String: String] = [:]
        for line in text.split(separator: "\n") {
            guard let colon = line.firstIndex(of: ":") else { continue }
            fields[String(line[..<colon])] = String(line[line.index(after: colon)...].trimmed)
        }
        return fields
    }
}

extension Substring {
    var trimmed: Substring {
        drop { $0 == " " }.reversed().drop { $0 == " " }.reversed().reduce(into: "") { $0.append($1) }[...]
    }
}
