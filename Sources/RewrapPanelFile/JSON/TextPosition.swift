/// A 1-based line and column in UTF-8 text, counted the way
/// `JSONSyntaxError` documents: lines end at LF, columns count scalars.
struct TextPosition: Equatable {
    var line = 1
    var column = 1

    /// Counts from the start of the text, because positions are only needed
    /// once, for an error, and tracking them while parsing would slow every
    /// byte. Assumes the bytes before `offset` are valid UTF-8.
    init(of offset: Int, in bytes: [UInt8]) {
        for byte in bytes[..<offset] {
            if byte == UInt8(ascii: "\n") {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
        }
    }
}
