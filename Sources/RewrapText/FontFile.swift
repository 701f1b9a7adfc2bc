#if canImport(Glibc)
import Glibc
#endif

/// A font file mapped into memory once. FreeType and HarfBuzz both read the
/// same pages, and every face the collection opens from the file shares
/// them, so the file is mapped once however many of them use it.
final class FontFile {
    let path: String
    let bytes: UnsafeRawBufferPointer

    init?(path: String) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_size > 0 else { return nil }
        let length = Int(status.st_size)
        guard let base = mmap(nil, length, PROT_READ, MAP_PRIVATE, descriptor, 0), base != MAP_FAILED else { return nil }
        self.path = path
        bytes = UnsafeRawBufferPointer(start: base, count: length)
    }

    deinit {
        munmap(UnsafeMutableRawPointer(mutating: bytes.baseAddress), bytes.count)
    }
}
