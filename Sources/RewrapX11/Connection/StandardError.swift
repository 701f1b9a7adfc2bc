import Glibc

/// Writes a line to standard error with one system call; safe inside X error handlers.
public func writeLine(_ message: String) {
    var line = message + "\n"
    line.withUTF8 { _ = write(2, $0.baseAddress, $0.count) }
}
