#if canImport(Glibc)
import Glibc
#endif
import RewrapApp
import RewrapCommandLine
import RewrapPanelFile
import RewrapPlatform

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
        let launch = try Launch(tokens, stateDirectory: Launch.stateDirectory())
        // Blocked before the platform starts any thread, which would inherit the mask.
        let signals: StopSignals
        do {
            signals = try StopSignals()
        } catch {
            throw CommandError(error.message, status: 1)
        }
        let platform = try PlatformChoice.open(launch.options)
        exit(try launch.open(on: platform, stopSignals: signals).run())
    }
} catch let error as CommandError {
    fail(error.message, status: error.status)
}
