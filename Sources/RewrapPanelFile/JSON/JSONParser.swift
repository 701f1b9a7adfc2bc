/// Reads strict RFC 8259 JSON from UTF-8 bytes, and explains any mistake with
/// the line, column and path a person fixing a hand-edited file needs.
///
///     let value = try JSONParser.parse(Array(#"{"size": [1, true]}"#.utf8))
///     // .object([(key: "size", value: .array([.number(1), .bool(true)]))])
///
/// It accepts nothing the RFC leaves out: no comments, trailing commas,
/// leading zeros, single quotes, byte order mark, raw control characters in
/// strings or lone surrogate escapes. Strings must be valid UTF-8 (no overlong
/// forms, encoded surrogates, truncated sequences or bytes above 0xF4), and so
/// must everything else, since only strings may hold non-ASCII bytes.
/// Duplicate keys are errors, because a later one would silently win; keys
/// that Swift's `String` considers equal, such as two spellings of `é`, count
/// as duplicates. Numbers beyond `Double`'s range are errors too.
public struct JSONParser {
    /// Deeper than any panel needs, and shallow enough that the recursion is
    /// safe on any thread's stack, whatever a hostile file holds.
    public static let maximumDepth = 64

    private let bytes: [UInt8]
    private var offset = 0
    /// The innermost value being read, kept as components and only written
    /// out when an error needs it.
    private var path = JSONPath()

    private init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// The single JSON value in `bytes`, with nothing but whitespace around it.
    public static func parse(_ bytes: [UInt8]) throws(JSONSyntaxError) -> JSONValue {
        var parser = JSONParser(bytes: bytes)
        return try parser.parseDocument()
    }

    private mutating func parseDocument() throws(JSONSyntaxError) -> JSONValue {
        guard !bytes.isEmpty else { throw error("file is empty") }
        // RFC 8259 lets a parser skip a byte order mark; refusing it keeps the
        // rule "panel files are plain UTF-8" without exceptions.
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
            throw error("file starts with a UTF-8 byte order mark; save it without one")
        }
        skipWhitespace()
        let value = try parseValue()
        skipWhitespace()
        guard offset == bytes.count else { throw unexpected("the end of the file after the JSON value") }
        return value
    }

    private mutating func parseValue() throws(JSONSyntaxError) -> JSONValue {
        guard let byte = current else { throw unexpected("a value") }
        switch byte {
        case UInt8(ascii: "{"): return try parseObject()
        case UInt8(ascii: "["): return try parseArray()
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try parseNumber())
        case UInt8(ascii: "t"): return try parseLiteral("true", as: .bool(true))
        case UInt8(ascii: "f"): return try parseLiteral("false", as: .bool(false))
        case UInt8(ascii: "n"): return try parseLiteral("null", as: .null)
        default: throw unexpected("a value")
        }
    }

    private mutating func parseObject() throws(JSONSyntaxError) -> JSONValue {
        try checkDepth()
        offset += 1
        var members: [(key: String, value: JSONValue)] = []
        // Filled only once the object outgrows a linear scan; see `isDuplicate`.
        var keyIndex: Set<String> = []
        skipWhitespace()
        if current == UInt8(ascii: "}") {
            offset += 1
            return .object(members)
        }
        while true {
            guard current == UInt8(ascii: "\"") else { throw unexpected("a key in double quotes") }
            let keyOffset = offset
            let key = try parseString()
            path.components.append(.member(key))
            guard !isDuplicate(key, in: members, index: &keyIndex) else { throw error("duplicate key \(Echo.quoted(key))", at: keyOffset) }
            skipWhitespace()
            guard current == UInt8(ascii: ":") else { throw unexpected("':' after the key") }
            offset += 1
            skipWhitespace()
            members.append((key, try parseValue()))
            path.components.removeLast()
            skipWhitespace()
            switch current {
            case UInt8(ascii: ","):
                try skipComma(before: "}")
            case UInt8(ascii: "}"):
                offset += 1
                return .object(members)
            default:
                throw unexpected("',' or '}'")
            }
        }
    }

    /// A linear scan suits the few members a panel's objects have, and is
    /// faster than hashing there; past 16 members a set takes over, so a
    /// hostile object with many keys cannot cost quadratic time.
    private func isDuplicate(_ key: String, in members: [(key: String, value: JSONValue)], index: inout Set<String>) -> Bool {
        guard members.count >= 16 else { return members.contains { $0.key == key } }
        if index.isEmpty { index = Set(members.map(\.key)) }
        return !index.insert(key).inserted
    }

    private mutating func parseArray() throws(JSONSyntaxError) -> JSONValue {
        try checkDepth()
        offset += 1
        var elements: [JSONValue] = []
        skipWhitespace()
        if current == UInt8(ascii: "]") {
            offset += 1
            return .array(elements)
        }
        while true {
            path.components.append(.element(elements.count))
            elements.append(try parseValue())
            path.components.removeLast()
            skipWhitespace()
            switch current {
            case UInt8(ascii: ","):
                try skipComma(before: "]")
            case UInt8(ascii: "]"):
                offset += 1
                return .array(elements)
            default:
                throw unexpected("',' or ']'")
            }
        }
    }

    /// A container's depth is one more than its path's length: the top-level
    /// value is at depth 1.
    private func checkDepth() throws(JSONSyntaxError) {
        guard path.components.count < Self.maximumDepth else {
            throw error("nesting deeper than \(Self.maximumDepth) levels")
        }
    }

    /// Steps over a comma, naming a trailing one at the comma itself, where
    /// the fix is.
    private mutating func skipComma(before closer: Unicode.Scalar) throws(JSONSyntaxError) {
        let commaOffset = offset
        offset += 1
        skipWhitespace()
        if current == UInt8(ascii: closer) {
            throw error("trailing comma before '\(closer)'", at: commaOffset)
        }
    }

    private mutating func parseLiteral(_ word: StaticString, as value: JSONValue) throws(JSONSyntaxError) -> JSONValue {
        let length = word.utf8CodeUnitCount
        let matches = word.withUTF8Buffer { expected in
            offset + length <= bytes.count && bytes[offset..<(offset + length)].elementsEqual(expected)
        }
        guard matches else { throw error("expected \(word)") }
        offset += length
        return value
    }

    /// Checks the RFC grammar by hand, since `Double("1.")`, `Double("+1")`
    /// and `Double("01")` would all succeed, then lets `Double` round.
    private mutating func parseNumber() throws(JSONSyntaxError) -> Double {
        let start = offset
        if current == UInt8(ascii: "-") { offset += 1 }
        if current == UInt8(ascii: "0") {
            offset += 1
            if isDigit(current) { throw error("numbers cannot have leading zeros", at: start) }
        } else if skipDigits() == 0 {
            throw unexpected("a digit after '-'")
        }
        if current == UInt8(ascii: ".") {
            offset += 1
            guard skipDigits() > 0 else { throw unexpected("a digit after '.'") }
        }
        if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
            offset += 1
            if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { offset += 1 }
            guard skipDigits() > 0 else { throw unexpected("a digit in the exponent") }
        }
        guard let value = Double(String(decoding: bytes[start..<offset], as: UTF8.self)), value.isFinite else {
            throw error("number is too large", at: start)
        }
        return value
    }

    private mutating func skipDigits() -> Int {
        let start = offset
        while isDigit(current) { offset += 1 }
        return offset - start
    }

    private func isDigit(_ byte: UInt8?) -> Bool {
        guard let byte else { return false }
        return (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }

    /// Reads the string whose opening quote is at `offset`. Unescaped runs are
    /// copied in one step, so a string without escapes costs one allocation.
    private mutating func parseString() throws(JSONSyntaxError) -> String {
        let quoteOffset = offset
        offset += 1
        var decoded: [UInt8] = []
        var runStart = offset
        while offset < bytes.count {
            let byte = bytes[offset]
            switch byte {
            case UInt8(ascii: "\""):
                let run = bytes[runStart..<offset]
                offset += 1
                // Every escape adds at least one byte, so an empty buffer means there were none.
                if decoded.isEmpty { return String(decoding: run, as: UTF8.self) }
                decoded.append(contentsOf: run)
                return String(decoding: decoded, as: UTF8.self)
            case UInt8(ascii: "\\"):
                decoded.append(contentsOf: bytes[runStart..<offset])
                try appendEscape(to: &decoded)
                runStart = offset
            case UInt8(ascii: "\n"):
                throw error("line break inside a string; is a closing quote missing?")
            case 0x00..<0x20:
                throw error("unescaped control character \(Echo.codePoint(Unicode.Scalar(byte))) in a string")
            case 0x80...:
                guard let length = StrictUTF8.sequenceLength(in: bytes, at: offset) else { throw invalidUTF8() }
                offset += length
            default:
                offset += 1
            }
        }
        throw error("string never ends; is a closing quote missing?", at: quoteOffset)
    }

    /// Decodes the escape whose backslash is at `offset`.
    private mutating func appendEscape(to decoded: inout [UInt8]) throws(JSONSyntaxError) {
        let escapeOffset = offset
        guard offset + 1 < bytes.count else { throw error("string never ends; is a closing quote missing?") }
        let letter = bytes[offset + 1]
        offset += 2
        let simple: UInt8
        switch letter {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): simple = letter
        case UInt8(ascii: "b"): simple = 0x08
        case UInt8(ascii: "f"): simple = 0x0C
        case UInt8(ascii: "n"): simple = 0x0A
        case UInt8(ascii: "r"): simple = 0x0D
        case UInt8(ascii: "t"): simple = 0x09
        case UInt8(ascii: "u"):
            let scalar = try parseUnicodeEscape(startingAt: escapeOffset)
            UTF8.encode(scalar) { decoded.append($0) }
            return
        default:
            throw error("invalid escape; use one of \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX", at: escapeOffset)
        }
        decoded.append(simple)
    }

    /// Reads the hex digits of `\uXXXX` and, for a high surrogate, the
    /// `\uXXXX` low surrogate that must follow it.
    private mutating func parseUnicodeEscape(startingAt escapeOffset: Int) throws(JSONSyntaxError) -> Unicode.Scalar {
        let unit = try parseHexDigits(escapeOffset: escapeOffset)
        // Every value but a surrogate is a scalar on its own.
        if let scalar = Unicode.Scalar(unit) { return scalar }
        guard unit < 0xDC00 else {
            throw error("lone surrogate \\u\(hex(unit)); a low surrogate must follow a high one", at: escapeOffset)
        }
        let lowOffset = offset
        let loneHigh = "lone surrogate \\u\(hex(unit)); a high surrogate must be followed by a low one"
        guard bytes[offset...].starts(with: [UInt8(ascii: "\\"), UInt8(ascii: "u")]) else { throw error(loneHigh, at: escapeOffset) }
        offset += 2
        let low = try parseHexDigits(escapeOffset: lowOffset)
        guard (0xDC00...0xDFFF).contains(low), let scalar = Unicode.Scalar(0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)) else {
            throw error(loneHigh, at: escapeOffset)
        }
        return scalar
    }

    private mutating func parseHexDigits(escapeOffset: Int) throws(JSONSyntaxError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let byte = current, let digit = hexValue(byte) else {
                throw error("\\u must be followed by four hex digits", at: escapeOffset)
            }
            value = value << 4 | digit
            offset += 1
        }
        return value
    }

    private func hexValue(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
        default: nil
        }
    }

    private func hex(_ unit: UInt32) -> String {
        String(unit, radix: 16, uppercase: true)
    }

    private mutating func skipWhitespace() {
        while let byte = current,
              byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\r") {
            offset += 1
        }
    }

    private var current: UInt8? {
        offset < bytes.count ? bytes[offset] : nil
    }

    private func error(_ message: String, at errorOffset: Int? = nil) -> JSONSyntaxError {
        let position = TextPosition(of: errorOffset ?? offset, in: bytes)
        return JSONSyntaxError(line: position.line, column: position.column, path: path.description, message: message)
    }

    private func invalidUTF8() -> JSONSyntaxError {
        error("invalid UTF-8 (byte 0x\(String(bytes[offset], radix: 16, uppercase: true)))")
    }

    /// "expected X, found Y", where Y is shown safely, with a hint for the
    /// usual mistakes of hand-written JSON.
    private func unexpected(_ expectation: String) -> JSONSyntaxError {
        guard let byte = current else { return error("expected \(expectation), found the end of the file") }
        let found: String
        switch byte {
        case UInt8(ascii: "/"): found = "'/' (JSON has no comments)"
        case UInt8(ascii: "'"): found = "''' (JSON strings use double quotes)"
        case 0x20..<0x7F: found = "'\(Unicode.Scalar(byte))'"
        case 0x80...:
            guard let scalar = StrictUTF8.scalar(in: bytes, at: offset) else { return invalidUTF8() }
            found = Echo.codePoint(scalar)
        default: found = Echo.codePoint(Unicode.Scalar(byte))
        }
        return error("expected \(expectation), found \(found)")
    }
}
