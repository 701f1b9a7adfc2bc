/// Reads a compiled gettext catalog (`.mo`) strictly: every offset and
/// length is checked against the file before it is read, every string must
/// be UTF-8, and a file that claims more strings than it can hold is refused
/// before anything is allocated for them. glibc trusts the file instead.
///
///     let messages = try MOReader.messages(in: bytes)   // ["Shape": ["Forma"], …]
enum MOReader {
    /// The largest catalog read: Rewrap's have a few dozen strings.
    static let sizeLimit = 4 << 20

    /// Each original (context, EOT, msgid; a plural's msgid_plural dropped)
    /// and its translations, one per plural form; the header under "".
    static func messages(in bytes: [UInt8]) throws(CatalogError) -> [String: [String]] {
        guard bytes.count <= sizeLimit else { throw CatalogError("larger than \(sizeLimit >> 20) MiB") }
        guard bytes.count >= 28 else { throw CatalogError(bytes.isEmpty ? "empty" : "truncated: \(bytes.count) bytes") }
        let word: (Int) -> Int
        switch (bytes[0], bytes[1], bytes[2], bytes[3]) {
        case (0xde, 0x12, 0x04, 0x95):
            word = { at in Int(bytes[at]) | Int(bytes[at + 1]) << 8 | Int(bytes[at + 2]) << 16 | Int(bytes[at + 3]) << 24 }
        case (0x95, 0x04, 0x12, 0xde):
            word = { at in Int(bytes[at + 3]) | Int(bytes[at + 2]) << 8 | Int(bytes[at + 1]) << 16 | Int(bytes[at]) << 24 }
        default:
            throw CatalogError("not a gettext catalog (no .mo magic number)")
        }
        guard word(4) >> 16 == 0 else { throw CatalogError("unknown .mo revision \(word(4) >> 16)") }
        let count = word(8), originals = word(12), translations = word(16)
        // Each string takes an 8-byte table entry in each table and at least its NUL.
        guard count <= (bytes.count - 28) / 18 else {
            throw CatalogError("claims \(count) strings, more than its \(bytes.count) bytes can hold")
        }
        func table(_ offset: Int) throws(CatalogError) {
            guard offset % 4 == 0, offset >= 28, offset <= bytes.count - count * 8 else {
                throw CatalogError("string table at \(offset) outside the file")
            }
        }
        try table(originals)
        try table(translations)
        func string(_ entry: Int) throws(CatalogError) -> String {
            let length = word(entry), offset = word(entry + 4)
            guard offset <= bytes.count, length < bytes.count - offset, bytes[offset + length] == 0 else {
                throw CatalogError("string at \(offset) runs past the end of the file")
            }
            guard let text = String(validating: bytes[offset..<offset + length], as: UTF8.self) else {
                throw CatalogError("string at \(offset) is not UTF-8")
            }
            return text
        }
        var messages: [String: [String]] = [:]
        messages.reserveCapacity(count)
        for index in 0..<count {
            let original = try string(originals + index * 8)
            let translated = try string(translations + index * 8)
            let key = original.split(separator: "\0", maxSplits: 1, omittingEmptySubsequences: false)[0]
            messages[String(key)] = translated.split(separator: "\0", omittingEmptySubsequences: false).map(String.init)
        }
        return messages
    }
}
