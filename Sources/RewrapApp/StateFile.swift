#if canImport(Glibc)
import Glibc
#endif
import RewrapPanelFile

/// Where one panel file's kept state lives, and how it is replaced: a new
/// file, written and synced, renamed over the old one, then the folder
/// synced, so a kill or a power cut at any moment leaves the old state or
/// the new one, never a mix (rules §12).
///
///     let file = StateFile(directory: Launch.stateDirectory()!, panelPath: "assets/panel.json")
///     // ~/.local/state/rewrap/panel-3f2a….json
///     try file.replace(with: state.encoded(panelFile: file.panelFile))
struct StateFile {
    /// The folder every panel's state is kept in.
    let directory: String
    let path: String
    /// The panel file's real path, which the state belongs to.
    let panelFile: String

    /// `$XDG_STATE_HOME/rewrap`, or `~/.local/state/rewrap` when that is
    /// unset or not absolute, as the XDG base directory spec says; nil with
    /// neither, and nothing is kept.
    static func directory(environment: (String) -> String?) -> String? {
        if let home = environment("XDG_STATE_HOME"), home.hasPrefix("/") { return home + "/rewrap" }
        guard let home = environment("HOME"), home.hasPrefix("/") else { return nil }
        return home + "/.local/state/rewrap"
    }

    /// The same file by any path gets the same state, and another file
    /// another state: the name is the real path's hash, after a readable
    /// part of the file's name.
    init(directory: String, panelPath: String) {
        self.directory = directory
        panelFile = Self.realPath(panelPath) ?? panelPath
        let name = panelFile.split(separator: "/").last.map(String.init) ?? "panel"
        let stem = name.hasSuffix(".json") ? String(name.dropLast(5)) : name
        let readable = String(stem.unicodeScalars.filter { $0.isASCII && ($0.properties.isAlphabetic || "0123456789._-".unicodeScalars.contains($0)) }
            .prefix(64).map(Character.init))
        let hash = String(Self.fnv1a(Array(panelFile.utf8)), radix: 16)
        path = directory + "/" + (readable.isEmpty ? "panel" : readable) + "-" + String(repeating: "0", count: 16 - hash.count) + hash + ".json"
    }

    /// Why the state could not be kept, in the system's words.
    struct WriteFailure: Error {
        var message: String
    }

    /// Replaces the file with `bytes` atomically and durably, making the
    /// folder (and its parents, private to the user) when it is missing.
    func replace(with bytes: [UInt8]) throws(WriteFailure) {
        try makeDirectory(directory)
        // Named for this process, so two Rewraps of one panel never write into one new file.
        let fresh = "\(path).\(getpid()).new"
        let descriptor = open(fresh, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw failure("cannot create \(fresh)") }
        var written = 0
        while written < bytes.count {
            let count = bytes[written...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else {
                let error = failure("cannot write \(fresh)")
                close(descriptor)
                unlink(fresh)
                throw error
            }
            written += count
        }
        guard fsync(descriptor) == 0 else {
            let error = failure("cannot sync \(fresh)")
            close(descriptor)
            unlink(fresh)
            throw error
        }
        close(descriptor)
        guard rename(fresh, path) == 0 else {
            let error = failure("cannot rename \(fresh) to \(path)")
            unlink(fresh)
            throw error
        }
        // The rename itself lasts only once the folder is synced.
        let folder = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard folder >= 0 else { throw failure("cannot open \(directory)") }
        defer { close(folder) }
        guard fsync(folder) == 0 else { throw failure("cannot sync \(directory)") }
        removeNewFilesOfEndedProcesses()
    }

    /// A Rewrap killed between its write and its rename leaves its new file
    /// behind; nothing reads it, so the next write of the same state clears it.
    private func removeNewFilesOfEndedProcesses() {
        guard let folder = opendir(directory) else { return }
        defer { closedir(folder) }
        let prefix = path.split(separator: "/").last.map { $0 + "." } ?? ""
        while let entry = readdir(folder) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            guard name.hasPrefix(prefix), name.hasSuffix(".new"),
                  let pid = pid_t(name.dropFirst(prefix.count).dropLast(4)), pid != getpid(),
                  kill(pid, 0) != 0, errno == ESRCH else { continue }
            unlink(directory + "/" + name)
        }
    }

    private func makeDirectory(_ path: String) throws(WriteFailure) {
        if mkdir(path, 0o700) == 0 || errno == EEXIST { return }
        guard errno == ENOENT, let slash = path.lastIndex(of: "/"), slash != path.startIndex else {
            throw failure("cannot make \(path)")
        }
        try makeDirectory(String(path[..<slash]))
        guard mkdir(path, 0o700) == 0 || errno == EEXIST else { throw failure("cannot make \(path)") }
    }

    private func failure(_ what: String) -> WriteFailure {
        WriteFailure(message: "\(what): \(String(cString: strerror(errno)))")
    }

    private static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// FNV-1a, 64 bits: stable across runs and builds, unlike Swift's `Hasher`.
    private static func fnv1a(_ bytes: [UInt8]) -> UInt64 {
        bytes.reduce(0xcbf2_9ce4_8422_2325) { ($0 ^ UInt64($1)) &* 0x0000_0100_0000_01b3 }
    }
}
