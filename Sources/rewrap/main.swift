#if canImport(Glibc)
import Glibc
#endif
import RewrapCommandLine
import RewrapLayout
import RewrapPanelFile
import RewrapScene
import RewrapX11

/// Writes one line to standard error and leaves with `status`.
/// The message may repeat what was typed, newlines and terminal escapes
/// included: those are escaped, so it stays one harmless line.
func fail(_ message: String, status: Int32) -> Never {
    writeLine(Echo.oneLine(message))
    exit(status)
}

let usage = """
    usage: \(AppOptions.usage)
           rewrap plan flow|chips ...
           rewrap coverage [PANEL...]

    Opens the Rewrap demo window: a wrapping panel of dropdowns and a chip row
    that reflow, with motion, when a selection changes.

    \(PlanCommand.usage)
    rewrap coverage [PANEL...]
        Checks that some installed font draws every label of the panels, in
        every language (the shipped panels when none are given).
    """

/// Loads everything that can be wrong before any window opens, then runs.
func runWindow(_ tokens: [String]) throws -> Int32 {
    let options = try AppOptions(tokens)
    let locale = options.locale ?? Strings.locale { name in getenv(name).map { String(cString: $0) } } ?? "C"
    let language = Strings.language(forLocale: locale)
    // The panel's language decides: a shipped panel reads as its language
    // does, a panel of the user's own as their locale does.
    let direction = options.direction
        ?? (options.panelPath == nil ? language.direction : Strings.direction(forLocale: locale))
    guard let path = options.panelPath ?? Assets.panelPath(for: language) else {
        throw CommandError("rewrap: cannot find assets/panel.json beside the program; pass --panel FILE", status: 1)
    }
    let panel: Panel
    do {
        panel = try PanelLoader.load(path: path)
    } catch {
        throw CommandError(error.message, status: 1)
    }
    // A trace read through a pipe whose reader leaves must not end the
    // program: the write fails instead, and the writer says so.
    signal(SIGPIPE, SIG_IGN)
    let trace = try options.tracePath.map { try TraceWriter(path: $0) }
    let frameLog = try options.frameLogPath.map { try FrameLog(path: $0) }
    let toolkit: Toolkit
    do {
        toolkit = try Toolkit(options: ToolkitOptions(
            display: options.display, title: panel.title, width: options.width, height: options.height,
            x: options.x, y: options.y, font: options.font, scale: options.scale, direction: direction,
            icon: (size: 48, draw: AppIcon.pixels(size:))))
    } catch {
        throw CommandError(error.message, status: 1)
    }
    // It names the family typed after --font, which can hold anything.
    if let warning = toolkit.text.substitutionWarning { writeLine(Echo.oneLine(warning)) }
    let app = DemoApp(toolkit: toolkit, state: PanelState(panel: panel), strings: Strings(language),
                      options: options, trace: trace, frameLog: frameLog)
    return app.run()
}

let tokens = Array(CommandLine.arguments.dropFirst())
do {
    switch tokens.first {
    case "plan":
        print(try PlanCommand.run(Array(tokens.dropFirst())))
        // A full disk or a closed output must not pass for a plan written.
        if fflush(nil) != 0 { fail("rewrap plan: cannot write the plan: \(String(cString: strerror(errno)))", status: 1) }
    case "coverage":
        exit(try CoverageCommand.run(Array(tokens.dropFirst())))
    case "--help", "-h", "help":
        print(usage)
    default:
        exit(try runWindow(tokens))
    }
} catch let error as CommandError {
    fail(error.message, status: error.status)
}
