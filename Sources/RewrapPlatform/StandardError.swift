#if canImport(Glibc)
import Glibc
#endif

/// Writes a line to standard error with one system call, so it is safe
/// inside an X error handler and never interleaves with another line.
public func writeLine(_ message: String) {
    var line = message + "\n"
    line.withUTF8 { _ = write(2, $0.baseAddress, $0.count) }
}
