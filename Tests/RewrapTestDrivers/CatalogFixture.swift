import Foundation

/// gettext catalogs made in a test: `.po` text compiled by Debian's
/// `msgfmt --check`, the oracle for Rewrap's own `.mo` reader, laid out as
/// gettext finds them (`DIR/LANG/LC_MESSAGES/rewrap.mo`).
///
///     let folder = try CatalogFixture()
///     try folder.add("xx", po: CatalogFixture.po(plural: "nplurals=1; plural=0;", ["Shape": "Xorma"]))
///     // REWRAP_LOCALEDIR=folder.path
public final class CatalogFixture: @unchecked Sendable {
    public let path: String

    public init() throws {
        path = NSTemporaryDirectory() + "rewrap-locale-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
    }

    /// The shipped catalogs, as `make catalogs` compiled them into the build folder.
    public static var built: String { PackagePaths.root + "/.build/share/locale" }

    /// A `.po` file's text: a header with `plural`, then each message and translation.
    public static func po(plural: String = "nplurals=2; plural=(n != 1);", _ messages: [String: String] = [:],
                          plurals: [String: [String]] = [:]) -> String {
        func quoted(_ text: String) -> String {
            "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
        }
        var text = "msgid \"\"\nmsgstr \"\"\n\"Content-Type: text/plain; charset=UTF-8\\n\"\n\"Plural-Forms: \(plural)\\n\"\n"
        for (message, translation) in messages.sorted(by: { $0.key < $1.key }) {
            text += "\n\(message.contains("%") ? "#, c-format\n" : "")msgid \(quoted(message))\nmsgstr \(quoted(translation))\n"
        }
        for (message, forms) in plurals.sorted(by: { $0.key < $1.key }) {
            text += "\n#, c-format\nmsgid \(quoted(message))\nmsgid_plural \(quoted(message))\n"
            for (index, form) in forms.enumerated() { text += "msgstr[\(index)] \(quoted(form))\n" }
        }
        return text
    }

    /// `po` compiled with `msgfmt --check` (or without the check, for a
    /// catalog msgfmt would refuse); throws with msgfmt's words if it refuses.
    public static func compile(_ po: String, check: Bool = true) throws -> [UInt8] {
        let source = try TemporaryFile(suffix: ".po", contents: Data(po.utf8))
        let compiled = try TemporaryFile(suffix: ".mo")
        let result = try runCommand(["/usr/bin/msgfmt"] + (check ? ["--check"] : []) + ["-o", compiled.path, source.path],
                                    environment: ["LC_ALL": "C.UTF-8"])
        guard result.status == 0 else { throw TestFailure("msgfmt: \(result.stderr)") }
        return Array(try Data(contentsOf: compiled.url))
    }

    /// Puts `bytes` in place as `language`'s catalog.
    public func add(_ language: String, bytes: [UInt8]) throws {
        let folder = "\(path)/\(language)/LC_MESSAGES"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try Data(bytes).write(to: URL(fileURLWithPath: folder + "/rewrap.mo"))
    }

    /// Compiles `po` and puts it in place as `language`'s catalog.
    public func add(_ language: String, po: String) throws {
        try add(language, bytes: try Self.compile(po))
    }
}
