#if canImport(Glibc)
import Glibc
#endif
import RewrapPlatformChoice

// The launcher links no platform and no Rewrap module but the choice: it
// guesses the platform from a plain scan of the two options that decide it,
// and execs that platform's executable with the same arguments. That one
// parses every option, and execs the other if the guess was wrong (say, a
// panel file named --display), so the scan need not be exact.
var platform: String?
var displayNamed = false
var tokens = CommandLine.arguments.dropFirst()[...]
while let token = tokens.popFirst(), token != "--" {
    if token == "--platform" {
        platform = tokens.popFirst()
    } else if token.hasPrefix("--platform=") {
        platform = String(token.dropFirst("--platform=".count))
    } else if token == "--display" || token.hasPrefix("--display=") {
        displayNamed = true
    }
}
// A bad REWRAP_PLATFORM is reported by the executable, as any bad option is.
let executable = (try? PlatformChoice(platform: platform, displayNamed: displayNamed))?.executable ?? .x11
let failure = PlatformChoice.exec(executable, arguments: CommandLine.arguments)
var line = failure + "\n"
line.withUTF8 { _ = write(2, $0.baseAddress, $0.count) }
exit(1)
