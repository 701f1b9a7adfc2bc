#if canImport(Glibc)
import Glibc
#endif
import RewrapScene

/// Finds the shipped assets relative to the binary itself, so the program
/// runs from any directory: installed (`bin/../share/rewrap`, or
/// `libexec/rewrap/../../share/rewrap`) or built in the
/// source tree (`.build/.../rewrap` under the checkout's `assets/`).
public enum Assets {
    /// The folder of the shipped assets: ../share/rewrap beside the binary, or the checkout's assets/; nil when neither holds the panel.
    public static func directory() -> String? {
        guard let executable = executablePath() else { return nil }
        var directory = String(executable[..<(executable.lastIndex(of: "/") ?? executable.startIndex)])
        let panel = "/" + panelFileName(for: .english)
        // bin/../share/rewrap, or libexec/rewrap/../../share/rewrap for a
        // platform's executable (the launcher in bin execs it).
        for installed in [directory + "/../share/rewrap", directory + "/../../share/rewrap"] where exists(installed + panel) {
            return installed
        }
        for _ in 0..<5 {
            if exists(directory + "/assets" + panel) { return directory + "/assets" }
            guard let slash = directory.lastIndex(of: "/"), slash != directory.startIndex else { break }
            directory = String(directory[..<slash])
        }
        return nil
    }

    /// The panel for a language: `panel.es.json` and the like, else `panel.json`.
    public static func panelPath(for language: Strings.Language) -> String? {
        guard let directory = directory() else { return nil }
        let localized = directory + "/" + panelFileName(for: language)
        return exists(localized) ? localized : directory + "/" + panelFileName(for: .english)
    }

    /// English is the default panel, `panel.json`; each other language has its own.
    public static func panelFileName(for language: Strings.Language) -> String {
        language == .english ? "panel.json" : "panel.\(language.rawValue).json"
    }

    private static func executablePath() -> String? {
        var buffer = [CChar](repeating: 0, count: 4096)
        let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard count > 0 else { return nil }
        return String(decoding: buffer.prefix(count).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    private static func exists(_ path: String) -> Bool {
        access(path, R_OK) == 0
    }
}
