/// Why a catalog was refused, in a few words that finish the sentence
/// "rewrap: FILE: …". A refused catalog is never half used: English shows.
public struct CatalogError: Error, Equatable, Sendable {
    /// The reason, such as "truncated: 22 bytes".
    public let problem: String

    /// A refusal for `problem`.
    public init(_ problem: String) {
        self.problem = problem
    }

    /// Text from the catalog as it may be echoed in the one line: printable
    /// ASCII only, each other character a `?`, and at most 40 of them.
    static func echo(_ text: Substring) -> String {
        let shown = text.unicodeScalars.prefix(40).map { (0x20..<0x7f).contains($0.value) ? Character($0) : "?" }
        return String(shown) + (text.unicodeScalars.count > 40 ? "…" : "")
    }
}
