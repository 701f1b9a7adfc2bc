/// A panel file the app refuses, as the one line it prints before exiting
/// with status 1 (rules §6.3).
///
///     rewrap: assets/panel.json: $.menus.items[1].selected: "Square" is not among the options
///     rewrap: bad.json: $.menus.items[0]: line 3, column 5: expected ',' or '}', found '"'
///
/// The line always reads `rewrap: FILE: JSONPATH: PROBLEM` and never contains
/// a line break: echoed text is quoted, escaped and cut to 40 characters.
public struct PanelError: Error, Equatable, Sendable, CustomStringConvertible {
    public var message: String

    /// Escapes the whole line once more, so no file name or echoed value can
    /// ever break it in two.
    init(file: String, path: String, problem: String) {
        message = Echo.oneLine("rewrap: \(file): \(path): \(problem)")
    }

    /// What is wrong with the file itself, rather than with its contents,
    /// in the same one-line form: `rewrap: FILE: $: PROBLEM`.
    public static func file(_ file: String, _ problem: String) -> PanelError {
        PanelError(file: file, path: "$", problem: problem)
    }

    public var description: String { message }
}
