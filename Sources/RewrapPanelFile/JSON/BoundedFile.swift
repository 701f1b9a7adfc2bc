#if canImport(Glibc)
import Glibc
#endif

/// Reads a whole file up to a size limit, with `open` and `read` rather
/// than Foundation, which the app does not link. Files that report no size,
/// such as pipes, are read up to the limit and refused past it.
enum BoundedFile {
    enum Failure: Error {
        /// There is no file at the path, nor can there be (a part of the
        /// path is no folder); the system's own words.
        case missing(String)
        /// Larger than the limit; the size when the file reports one.
        case tooLarge(Int?)
        /// The system's own words for why it could not be read.
        case unreadable(String)
    }

    static func read(_ path: String, limit: Int) throws(Failure) -> [UInt8] {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw errno == ENOENT || errno == ENOTDIR ? .missing(String(cString: strerror(errno))) : unreadable()
        }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw unreadable() }
        let isRegular = status.st_mode & S_IFMT == S_IFREG
        if isRegular, status.st_size > limit { throw .tooLarge(Int(status.st_size)) }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(isRegular ? Int(status.st_size) : 0)
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else { throw unreadable() }
            guard count > 0 else { return bytes }
            bytes.append(contentsOf: chunk[..<count])
            guard bytes.count <= limit else { throw .tooLarge(nil) }
        }
    }

    private static func unreadable() -> Failure {
        .unreadable(String(cString: strerror(errno)))
    }
}
