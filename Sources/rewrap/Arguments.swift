/// A cursor over command-line tokens that understands `--name value` and
/// `--name=value`, and turns malformed numbers into errors naming the token.
struct Arguments {
    private var tokens: [String]
    private(set) var positionals: [String] = []
    let context: String

    init(_ tokens: [String], context: String) {
        self.tokens = tokens
        self.context = context
    }

    /// The next option's name, or nil once only positionals remain; positionals
    /// met on the way are set aside.
    mutating func nextOption() -> String? {
        while let token = tokens.first {
            tokens.removeFirst()
            if token == "--" {
                positionals += tokens
                tokens = []
                return nil
            }
            if token.hasPrefix("--"), token.count > 2 {
                if let equals = token.firstIndex(of: "=") {
                    tokens.insert(String(token[token.index(after: equals)...]), at: 0)
                    return String(token[..<equals])
                }
                return token
            }
            positionals.append(token)
        }
        return nil
    }

    mutating func value(for option: String) throws -> String {
        guard let value = tokens.first else {
            throw CommandError("rewrap \(context): \(option) needs a value")
        }
        tokens.removeFirst()
        return value
    }

    mutating func number(for option: String) throws -> Double {
        let token = try value(for: option)
        guard let number = Self.parseNumber(token) else {
            throw CommandError("rewrap \(context): bad number '\(token)' for \(option)")
        }
        return number
    }

    /// Plain decimals only, such as `12`, `-3` or `80.5`: no exponents, hex or
    /// nan, and none so long that it overflows to infinity.
    static func parseNumber(_ token: String) -> Double? {
        var body = Substring(token)
        if body.first == "-" || body.first == "+" { body = body.dropFirst() }
        let parts = body.split(separator: ".", omittingEmptySubsequences: false)
        guard !body.isEmpty, parts.count <= 2,
              parts.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } }),
              parts.contains(where: { !$0.isEmpty }), let value = Double(token), value.isFinite else { return nil }
        return value
    }
}
