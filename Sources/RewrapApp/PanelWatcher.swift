import RewrapPanelFile
import RewrapPlatform
#if canImport(Glibc)
import Glibc
#endif

/// Follows a panel file while the window runs (rules §12.4): its folder is
/// watched, a burst of saves is read once it settles, and the read runs off
/// the loop's thread. It reports what the file now holds, or what is wrong
/// with it, as a `PanelChange`; it never writes to the file.
///
///     let watcher = PanelWatcher(path: "my-panel.json", watching: true)
///     // each pass: its descriptors and deadline join the loop's wait, then
///     if let change = watcher.poll(at: clock.now) { ... }
final class PanelWatcher {
    /// How long the file must rest before what it holds is believed: a
    /// save by rename, or a truncate and write, passes through no file, an
    /// empty one or half of one for a few milliseconds, never for this long.
    static let settleTime = 0.1
    /// However busy the folder, a reload comes at least this often: a file
    /// rewritten without a pause still shows.
    static let longestWait = 0.5
    /// While the folder itself is gone, how often it is looked for again.
    static let folderRetry = 1.0

    /// As given on the command line: the name every line and notice uses.
    let path: String
    /// The folder and name of the file the path leads to, links followed.
    private let folder: String
    private let name: String
    /// How a read is done: on a thread of its own, or at once (tests on a
    /// manual clock, and a machine that gives no thread).
    private let readsInline: Bool
    private var watch: FolderWatch?
    /// Whether the folder is to be watched at all (`--no-watch` says no).
    private let watching: Bool
    /// The first and the latest event of a burst not yet read.
    private var burst: (start: Double, last: Double)?
    /// When to look for a folder that went away.
    private var folderRetryAt: Double?
    private var reading: BackgroundRead?
    /// Something happened while a read was under way: read again after it.
    private var changedWhileReading = false

    /// Follows `path`, watching its folder when `watching`; one line says
    /// so when the folder cannot be watched, and the window runs unwatched.
    init(path: String, watching: Bool, readsInline: Bool = false, initialise: (() -> Int32)? = nil) {
        self.path = path
        self.watching = watching
        self.readsInline = readsInline
        let target = Self.realPath(path) ?? path
        let slash = target.lastIndex(of: "/")
        folder = slash.map { $0 == target.startIndex ? "/" : String(target[..<$0]) } ?? "."
        name = slash.map { String(target[target.index(after: $0)...]) } ?? target
        guard watching else { return }
        do throws(FolderWatch.Failure) {
            if let initialise {
                watch = try FolderWatch(folder: folder, initialise: initialise)
            } else {
                watch = try FolderWatch(folder: folder)
            }
        } catch {
            writeLine(Echo.oneLine("rewrap: cannot watch \(path) for edits: \(error.reason); F5 reads it again"))
        }
    }

    /// Whether the folder is being watched now.
    var isWatching: Bool { watch != nil }

    /// Adds what the loop polls for this watcher.
    func watch(_ descriptors: inout [Int32]) {
        if let watch { descriptors.append(watch.descriptor) }
        if let reading { descriptors.append(reading.descriptor) }
    }

    /// When the loop must come back: a burst settles, or a lost folder is looked for.
    var deadline: Double? {
        guard reading == nil, let settles else { return folderRetryAt }
        return min(settles, folderRetryAt ?? settles)
    }

    /// When the burst under way has rested long enough, or lasted too long, to be read.
    private var settles: Double? {
        burst.map { min($0.last + Self.settleTime, $0.start + Self.longestWait) }
    }

    /// Reads the file again at once (F5), watched or not.
    func reloadNow(at now: Double) {
        burst = (now - Self.longestWait, now - Self.settleTime)
    }

    /// Takes what happened since the last pass, starts a read when a burst
    /// has settled, and returns a finished read's finding. Never blocks.
    func poll(at now: Double) -> PanelChange? {
        if let watch {
            let events = watch.drain(name: name)
            if events.touched { touched(at: now) }
            if events.folderGone {
                self.watch = nil
                folderRetryAt = now + Self.folderRetry
                touched(at: now)
            }
        } else if watching, let retry = folderRetryAt, now >= retry {
            // The folder may be back; a new watch then reads the file at once.
            watch = try? FolderWatch(folder: folder)
            folderRetryAt = watch == nil ? now + Self.folderRetry : nil
            if watch != nil { reloadNow(at: now) }
        }
        if let reading, let change = reading.take() {
            self.reading = nil
            if changedWhileReading {
                changedWhileReading = false
                touched(at: now)
            }
            return change
        }
        guard reading == nil, let due = settles, now >= due else { return nil }
        burst = nil
        if !readsInline, let read = BackgroundRead(path: path) {
            reading = read
            return nil
        }
        return PanelReading.change(at: path)
    }

    private func touched(at now: Double) {
        if reading != nil { changedWhileReading = true }
        burst = (burst?.start ?? now, now)
    }

    private static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
