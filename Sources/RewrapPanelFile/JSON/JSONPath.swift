/// Where a value sits in a JSON document, written as error messages show it:
/// `$.menus.items[1].title`.
///
/// Keys that are not plain identifiers are quoted in brackets, as in
/// `$["two words"]`, so a path reads back unambiguously and stays on one line.
struct JSONPath: Sendable, CustomStringConvertible {
    enum Component: Sendable {
        case member(String)
        case element(Int)
    }

    var components: [Component] = []

    func member(_ key: String) -> JSONPath {
        JSONPath(components: components + [.member(key)])
    }

    func element(_ index: Int) -> JSONPath {
        JSONPath(components: components + [.element(index)])
    }

    var description: String {
        var out = "$"
        for component in components {
            switch component {
            case .member(let key) where Self.isIdentifier(key): out += "." + key
            case .member(let key): out += "[" + Echo.quoted(key) + "]"
            case .element(let index): out += "[\(index)]"
            }
        }
        return out
    }

    private static func isIdentifier(_ key: String) -> Bool {
        guard let first = key.utf8.first, !(UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first) else { return false }
        return key.utf8.allSatisfy { byte in
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                 UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"): true
            default: false
            }
        }
    }
}
