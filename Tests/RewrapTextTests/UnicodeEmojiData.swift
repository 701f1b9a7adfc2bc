import Foundation
import RewrapTestDrivers

/// Unicode's own emoji lists (Debian's unicode-data, Unicode 15.0), read
/// as written: the oracle for presentation and clusters, which none of
/// Rewrap's code reads.
enum UnicodeEmojiData {
    static let folder = "/usr/share/unicode/emoji/"

    /// Each data line's fields before the comment, trimmed.
    static func lines(_ file: String) throws -> [[String]] {
        let text = try String(contentsOfFile: folder + file, encoding: .utf8)
        return text.split(separator: "\n").compactMap { line in
            let data = line.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)[0]
            let fields = data.split(separator: ";", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
            return fields.first?.isEmpty == false ? fields : nil
        }
    }

    /// "1F468 200D 1F469" as its scalars.
    static func scalars(_ field: String) -> [Unicode.Scalar] {
        field.split(separator: " ").compactMap { UInt32($0, radix: 16).flatMap(Unicode.Scalar.init) }
    }

    /// "231A..231B" or "23F0" as each scalar of the range.
    static func range(_ field: String) -> [Unicode.Scalar] {
        let ends = field.components(separatedBy: "..").compactMap { UInt32($0, radix: 16) }
        guard let low = ends.first, let high = ends.last else { return [] }
        return (low...high).compactMap(Unicode.Scalar.init)
    }

    /// The code points with `property` in emoji-data.txt.
    static func property(_ property: String) throws -> Set<UInt32> {
        Set(try lines("emoji-data.txt").filter { $0.count > 1 && $0[1] == property }.flatMap { range($0[0]).map(\.value) })
    }
}
