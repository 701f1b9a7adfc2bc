#if canImport(Glibc)
import Glibc
#endif

/// Writes one line to standard error and leaves with `status`.
func fail(_ message: String, status: Int32) -> Never {
    var line = message + "\n"
    line.withUTF8 { _ = write(2, $0.baseAddress, $0.count) }
    exit(status)
}

let usage = """
    usage: rewrap [--panel FILE] [--geometry WxH[+X+Y]] [--trace FILE] [--reduce-motion]
                  [--font PATTERN] [--scale F]
           rewrap plan flow|chips ...

    Opens the Rewrap demo window: a wrapping panel of dropdowns and a chip row
    that reflow, with motion, when a selection changes.

    \(PlanCommand.usage)
    """

let tokens = Array(CommandLine.arguments.dropFirst())
do {
    switch tokens.first {
    case "plan":
        print(try PlanCommand.run(Array(tokens.dropFirst())))
    case "--help", "-h", "help":
        print(usage)
    default:
        fail("rewrap: window not built yet", status: 1)
    }
} catch let error as CommandError {
    fail(error.message, status: error.status)
}
