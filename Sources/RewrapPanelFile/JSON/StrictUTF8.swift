/// UTF-8 checked exactly as Unicode's table 3-7 defines it. Swift's own
/// decoding repairs bad input with U+FFFD; a panel file must be refused
/// instead, so the app never shows text the author did not write.
enum StrictUTF8 {
    /// The length of the well-formed sequence that starts at `offset`, or nil
    /// for an overlong form, an encoded surrogate, a scalar past U+10FFFF,
    /// a stray continuation byte or a sequence cut short.
    static func sequenceLength(in bytes: [UInt8], at offset: Int) -> Int? {
        let length: Int
        let second: ClosedRange<UInt8>
        switch bytes[offset] {
        case 0x00...0x7F: return 1
        case 0xC2...0xDF: (length, second) = (2, 0x80...0xBF)
        case 0xE0: (length, second) = (3, 0xA0...0xBF)
        case 0xE1...0xEC, 0xEE...0xEF: (length, second) = (3, 0x80...0xBF)
        case 0xED: (length, second) = (3, 0x80...0x9F)
        case 0xF0: (length, second) = (4, 0x90...0xBF)
        case 0xF1...0xF3: (length, second) = (4, 0x80...0xBF)
        case 0xF4: (length, second) = (4, 0x80...0x8F)
        default: return nil
        }
        guard offset + length <= bytes.count, second.contains(bytes[offset + 1]) else { return nil }
        for continuation in bytes[(offset + 2)..<(offset + length)] where continuation & 0xC0 != 0x80 {
            return nil
        }
        return length
    }

    /// The scalar whose well-formed sequence starts at `offset`, or nil
    /// wherever `sequenceLength` finds none.
    static func scalar(in bytes: [UInt8], at offset: Int) -> Unicode.Scalar? {
        guard let length = sequenceLength(in: bytes, at: offset) else { return nil }
        let lead = UInt32(bytes[offset])
        let payload = length == 1 ? lead : lead & (0x7F >> UInt32(length))
        let value = bytes[(offset + 1)..<(offset + length)].reduce(payload) { $0 << 6 | UInt32($1 & 0x3F) }
        return Unicode.Scalar(value)
    }
}
