import RewrapLayout

/// A cursor over command-line tokens that understands `--name value` and
/// `--name=value`, and turns malformed numbers into errors naming the token.
/// It walks the tokens once, so 100,000 sizes cost a hundred times 1,000.
public struct Arguments {
    private let tokens: [String]
    private var next = 0
    /// The value of a `--name=value` token, handed out by the next `value(for:)`.
    private var attached: String?
    public private(set) var positionals: [String] = []
    let context: String

    public init(_ tokens: [String], context: String) {
        self.tokens = tokens
        self.context = context
    }

    /// The next option's name, or nil once only positionals remain; positionals
    /// met on the way are set aside.
    public mutating func nextOption() -> String? {
        attached = nil
        while next < tokens.count {
            let token = tokens[next]
            next += 1
            if token == "--" {
                positionals += tokens[next...]
                next = tokens.count
                return nil
            }
            if token.utf8.starts(with: "--".utf8), token.utf8.count > 2 {
                if let equals = token.firstIndex(of: "=") {
                    attached = String(token[token.index(after: equals)...])
                    return String(token[..<equals])
                }
                return token
            }
            positionals.append(token)
        }
        return nil
    }

    public mutating func value(for option: String) throws(CommandError) -> String {
        let value: String
        if let attached {
            self.attached = nil
            value = attached
        } else {
            guard next < tokens.count else { throw CommandError("rewrap \(context): \(option) needs a value") }
            next += 1
            value = tokens[next - 1]
        }
        // `--panel=` or `--panel ""` names nothing: say so, not "cannot read ''".
        guard !value.isEmpty else { throw CommandError("rewrap \(context): \(option) needs a value, not an empty one") }
        return value
    }

    /// An option that takes no value: `--inspect`, never `--inspect=no`,
    /// which would otherwise turn it on.
    public mutating func flag(_ option: String) throws(CommandError) -> Bool {
        if let attached { throw CommandError("rewrap \(context): \(option) takes no value: '\(option)=\(attached)'") }
        return true
    }

    /// `ltr` or `rtl`.
    public mutating func direction(for option: String) throws(CommandError) -> LayoutDirection {
        let token = try value(for: option)
        guard let direction = LayoutDirection(rawValue: token) else {
            throw CommandError("rewrap \(context): bad direction '\(token)' for \(option), expected ltr or rtl")
        }
        return direction
    }

    public mutating func number(for option: String) throws(CommandError) -> Double {
        let token = try value(for: option)
        guard let number = Self.parseNumber(token) else {
            throw CommandError("rewrap \(context): bad number '\(token)' for \(option)")
        }
        return number
    }

    /// Plain decimals only, such as `12`, `-3` or `80.5`: no exponents, hex or
    /// nan, and none so long that it overflows to infinity.
    public static func parseNumber(_ token: String) -> Double? {
        var body = Substring(token)
        if body.first == "-" || body.first == "+" { body = body.dropFirst() }
        let parts = body.split(separator: ".", omittingEmptySubsequences: false)
        guard !body.isEmpty, parts.count <= 2,
              parts.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } }),
              parts.contains(where: { !$0.isEmpty }), let value = Double(token), value.isFinite else { return nil }
        return value
    }
}
