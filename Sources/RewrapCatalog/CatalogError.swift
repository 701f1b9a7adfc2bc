/// Why a catalog was refused, in a few words that finish the sentence
/// "rewrap: FILE: …". A refused catalog is never half used: English shows.
public struct CatalogError: Error, Equatable, Sendable {
    public let problem: String

    public init(_ problem: String) {
        self.problem = problem
    }
}
