#if canImport(Glibc)
import Glibc
#endif
import RewrapApp
import RewrapCommandLine
import RewrapPanelFile
import RewrapPlatform
import RewrapPlatformChoice

/// What rewrap-x11 and rewrap-wayland share: the commands, and the demo
/// window on the platform `PlatformChoice` picks. Each executable links one
/// platform and passes the way to open it; a start that belongs to the
/// other platform execs the other executable.
public enum Start {
    /// Runs the command line in the executable of one platform, which
    /// `open` opens, and leaves with the command's status.
    public static func main(
        as executable: PlatformChoice.Executable,
        open: (AppOptions) throws(PlatformError) -> any Platform
    ) -> Never {
        let tokens = Array(CommandLine.arguments.dropFirst())
        do {
            switch tokens.first {
            case "plan":
                print(try PlanCommand.run(Array(tokens.dropFirst())))
                // A full disk or a closed output must not pass for a plan written.
                if fflush(nil) != 0 { fail("rewrap plan: cannot write the plan: \(String(cString: strerror(errno)))", status: 1) }
                exit(0)
            case "coverage":
                exit(try CoverageCommand.run(Array(tokens.dropFirst())))
            case "--help", "-h", "help":
                print(usage)
                exit(0)
            default:
                let launch = try Launch(tokens, stateDirectory: Launch.stateDirectory())
                // Blocked before the platform starts any thread, which would
                // inherit the mask; an exec of the other executable keeps it.
                let signals: StopSignals
                do {
                    signals = try StopSignals()
                } catch {
                    throw CommandError(error.message, status: 1)
                }
                let platform = try platform(for: launch.options, as: executable, open: open)
                exit(try launch.open(on: platform, stopSignals: signals).run())
            }
        } catch let error as CommandError {
            fail(error.message, status: error.status)
        } catch {
            fail("rewrap: \(error)", status: 1)
        }
    }

    /// The platform `options` choose, opened here; when they choose the
    /// other platform, its executable is exec'd and this never returns.
    private static func platform(
        for options: AppOptions,
        as executable: PlatformChoice.Executable,
        open: (AppOptions) throws(PlatformError) -> any Platform
    ) throws(CommandError) -> any Platform {
        let choice: PlatformChoice
        do {
            choice = try PlatformChoice(platform: options.platform?.rawValue, displayNamed: options.display != nil)
        } catch {
            throw CommandError(error.message)
        }
        // The launcher guessed from a plain scan of the options; the parser
        // has the last word.
        guard choice.executable == executable else {
            throw CommandError(PlatformChoice.exec(choice.executable, arguments: CommandLine.arguments), status: 1)
        }
        switch choice {
        case .x11, .wayland:
            do {
                return try open(options)
            } catch {
                throw CommandError(error.message, status: 1)
            }
        case .x11WithoutCompositor:
            do {
                return try open(options)
            } catch {
                throw CommandError("rewrap: no display: \(PlatformChoice.noCompositor), and \(bare(error.message))", status: 1)
            }
        case .waylandElseX11 where executable == .wayland:
            do {
                return try open(options)
            } catch {
                setenv(PlatformChoice.refusalVariable, error.message, 1)
                throw CommandError(PlatformChoice.exec(.x11, arguments: CommandLine.arguments), status: 1)
            }
        case .waylandElseX11:
            let refusal = PlatformChoice.refusal ?? "rewrap: the Wayland compositor refused"
            unsetenv(PlatformChoice.refusalVariable)
            do {
                let platform = try open(options)
                writeLine("\(refusal); using X11")
                return platform
            } catch {
                throw CommandError("rewrap: no display: \(bare(refusal)), and \(bare(error.message))", status: 1)
            }
        }
    }

    /// A platform's message without its "rewrap: ", to join two in one line.
    private static func bare(_ message: String) -> Substring {
        message.hasPrefix("rewrap: ") ? message.dropFirst("rewrap: ".count) : Substring(message)
    }

    /// Writes one line to standard error and leaves with `status`.
    /// The message may repeat what was typed, newlines and terminal escapes
    /// included: those are escaped, so it stays one harmless line.
    private static func fail(_ message: String, status: Int32) -> Never {
        writeLine(Echo.oneLine(message))
        exit(status)
    }

    private static let usage = """
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
}
