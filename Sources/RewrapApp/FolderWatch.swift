import CLinux
#if canImport(Glibc)
import Glibc
#endif

/// An inotify watch on one folder. Editors save by renaming a new file over
/// the old, by renaming the old one away first, or by writing in place, so
/// the folder is watched rather than the file, and events are filtered by
/// name: an event for another file costs reading its name and no more.
final class FolderWatch {
    let descriptor: Int32
    private let watch: Int32
    /// What each drain reads into, made once: the loop drains every pass.
    private var buffer = [UInt8](repeating: 0, count: 16 * 1024)

    /// Why a folder cannot be watched, as the end of one line.
    struct Failure: Error {
        var reason: String
    }

    /// What a drain found.
    struct Events {
        /// Something happened to the file of that name.
        var touched = false
        /// The folder itself was deleted or renamed: the watch is gone.
        var folderGone = false
    }

    private static let fileEvents = UInt32(IN_CLOSE_WRITE | IN_MODIFY | IN_MOVED_TO | IN_MOVED_FROM | IN_CREATE | IN_DELETE | IN_ATTRIB)
    private static let folderEvents = UInt32(IN_DELETE_SELF | IN_MOVE_SELF | IN_IGNORED | IN_UNMOUNT)

    /// Watches `folder`, through `initialise` (inotify_init1 unless a test says otherwise).
    init(folder: String, initialise: () -> Int32 = { inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC)) }) throws(Failure) {
        descriptor = initialise()
        guard descriptor >= 0 else {
            throw Failure(reason: errno == EMFILE ? "the limit of inotify instances is reached (fs.inotify.max_user_instances)"
                          : "inotify is unavailable: \(String(cString: strerror(errno)))")
        }
        watch = inotify_add_watch(descriptor, folder, Self.fileEvents | UInt32(IN_DELETE_SELF | IN_MOVE_SELF | IN_ONLYDIR))
        guard watch >= 0 else {
            let reason = errno == ENOSPC ? "the limit of inotify watches is reached (fs.inotify.max_user_watches)"
                : String(cString: strerror(errno))
            close(descriptor)
            throw Failure(reason: reason)
        }
    }

    deinit {
        close(descriptor)
    }

    /// Reads every event waiting, never blocking, and says whether any was
    /// about the file called `name` or the folder itself.
    func drain(name wanted: String) -> Events {
        var found = Events()
        let header = MemoryLayout<inotify_event>.size
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { return found }
            var offset = 0
            buffer.withUnsafeBytes { bytes in
                while offset + header <= count {
                    let mask = bytes.loadUnaligned(fromByteOffset: offset + MemoryLayout<Int32>.size, as: UInt32.self)
                    let length = Int(bytes.loadUnaligned(fromByteOffset: offset + header - MemoryLayout<UInt32>.size, as: UInt32.self))
                    if mask & Self.folderEvents != 0 { found.folderGone = true }
                    // Events were lost: the file may have changed.
                    if mask & UInt32(IN_Q_OVERFLOW) != 0 { found.touched = true }
                    if !found.touched, mask & Self.fileEvents != 0, length > 0 {
                        // The name is padded with NULs to the length.
                        let name = bytes[(offset + header)..<(offset + header + length)].prefix { $0 != 0 }
                        if name.elementsEqual(wanted.utf8) { found.touched = true }
                    }
                    offset += header + length
                }
            }
        }
    }
}
