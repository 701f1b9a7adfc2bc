/// Parses a `Plural-Forms` expression by C's precedence, refusing anything
/// that is not in gettext's subset of C rather than guessing, as glibc's
/// silent fallback to `n != 1` does.
struct PluralParser {
    private let bytes: [UInt8]
    private var at = 0
    /// Nesting beyond this is refused, so a hostile header cannot exhaust the stack.
    private static let depthLimit = 64
    private var depth = 0

    static func parse(_ text: Substring) throws(CatalogError) -> PluralExpression {
        var parser = PluralParser(bytes: Array(text.utf8))
        let expression = try parser.conditional()
        parser.skipSpaces()
        guard parser.at == parser.bytes.count else { throw parser.unexpected() }
        return expression
    }

    private init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    private static let levels: [[String]] = [["||"], ["&&"], ["==", "!="], ["<=", ">=", "<", ">"], ["+", "-"], ["*", "/", "%"]]

    private mutating func conditional() throws(CatalogError) -> PluralExpression {
        depth += 1
        defer { depth -= 1 }
        guard depth <= Self.depthLimit else { throw CatalogError("Plural-Forms nests too deeply") }
        let test = try binary(0)
        guard take("?") else { return test }
        let then = try conditional()
        guard take(":") else { throw unexpected() }
        return .conditional(test, then, try conditional())
    }

    private mutating func binary(_ level: Int) throws(CatalogError) -> PluralExpression {
        guard level < Self.levels.count else { return try unary() }
        var left = try binary(level + 1)
        while let op = Self.levels[level].first(where: { peek($0) }) {
            _ = take(op)
            left = .binary(op, left, try binary(level + 1))
        }
        return left
    }

    private mutating func unary() throws(CatalogError) -> PluralExpression {
        depth += 1
        defer { depth -= 1 }
        guard depth <= Self.depthLimit else { throw CatalogError("Plural-Forms nests too deeply") }
        if !peek("!=") && take("!") { return .not(try unary()) }
        if take("(") {
            let inner = try conditional()
            guard take(")") else { throw unexpected() }
            return inner
        }
        if take("n") { return .n }
        skipSpaces()
        var value: UInt64 = 0, digits = 0
        while at < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[at]) {
            let (times, overflow) = value.multipliedReportingOverflow(by: 10)
            guard !overflow, digits < 19 else { throw CatalogError("Plural-Forms has a number too large") }
            value = times + UInt64(bytes[at] - UInt8(ascii: "0"))
            at += 1
            digits += 1
        }
        guard digits > 0 else { throw unexpected() }
        return .number(value)
    }

    private mutating func skipSpaces() {
        while at < bytes.count, [UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n")].contains(bytes[at]) { at += 1 }
    }

    private mutating func peek(_ token: String) -> Bool {
        skipSpaces()
        let token = Array(token.utf8)
        guard bytes[at...].starts(with: token) else { return false }
        // `<` is not the start of `<=`, nor `=` a C operator on its own.
        let next = at + token.count < bytes.count ? bytes[at + token.count] : 0
        if token.count == 1, "<>!".utf8.contains(token[0]), next == UInt8(ascii: "=") { return false }
        if token.count == 1, "&|".utf8.contains(token[0]) { return false }
        return true
    }

    private mutating func take(_ token: String) -> Bool {
        guard peek(token) else { return false }
        at += token.utf8.count
        return true
    }

    private func unexpected() -> CatalogError {
        guard at < bytes.count else { return CatalogError("Plural-Forms ends too early") }
        return CatalogError("Plural-Forms is not C at character \(at + 1)")
    }
}
