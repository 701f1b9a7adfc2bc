#if canImport(Glibc)
import Glibc
#endif

/// Finds the catalog for the first language of a list that has one, in
/// gettext's layout (`DIR/LANG/LC_MESSAGES/rewrap.mo`), and reads it.
/// English needs no catalog: the list stops there.
///
///     let found = CatalogSearch.find(LanguageList(option: nil, environment: env), in: ["/usr/share/locale"])
///     let words = Translator(catalog: found.catalog)
public enum CatalogSearch {
    /// The catalogs' name: `rewrap.mo`.
    public static let domain = "rewrap"

    /// What a search found.
    public struct Result: Sendable {
        /// The catalog read, or nil for English.
        public var catalog: MessageCatalog?
        /// A refused catalog, as one line for stderr; English shows instead.
        public var problem: String?
    }

    /// The catalog of the first language of `list` that has one in
    /// `directories`, read whole; a refused one ends the search, with its reason.
    public static func find(_ list: LanguageList, in directories: [String]) -> Result {
        for language in list.languages {
            if LanguageList.code(of: Substring(language)) == "en" { return Result() }
            for directory in directories {
                let path = "\(directory)/\(language)/LC_MESSAGES/\(domain).mo"
                guard access(path, F_OK) == 0 else { continue }
                do throws(CatalogError) {
                    return Result(catalog: try MessageCatalog(read(path), language: language))
                } catch {
                    return Result(problem: "rewrap: \(path): \(error.problem); showing English")
                }
            }
        }
        return Result()
    }

    /// Every readable catalog in `directories`, by language, for a check
    /// of all of them (`rewrap coverage`); refused ones are left out.
    public static func all(in directories: [String]) -> [MessageCatalog] {
        var catalogs: [MessageCatalog] = []
        for directory in directories {
            guard let folder = opendir(directory) else { continue }
            defer { closedir(folder) }
            var names: [String] = []
            while let entry = readdir(folder) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
                if !name.hasPrefix(".") { names.append(name) }
            }
            for language in names.sorted() where !catalogs.contains(where: { $0.language == language }) {
                let path = "\(directory)/\(language)/LC_MESSAGES/\(domain).mo"
                guard access(path, F_OK) == 0, let catalog = try? MessageCatalog(read(path), language: language) else { continue }
                catalogs.append(catalog)
            }
        }
        return catalogs
    }

    /// The whole file, up to the reader's limit (one byte past it, so that
    /// a larger file is refused by size).
    static func read(_ path: String) throws(CatalogError) -> [UInt8] {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw CatalogError(String(cString: strerror(errno))) }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while bytes.count <= MOReader.sizeLimit {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else { throw CatalogError(String(cString: strerror(errno))) }
            guard count > 0 else { break }
            bytes.append(contentsOf: chunk[..<count])
        }
        return bytes
    }
}
