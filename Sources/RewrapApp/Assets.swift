#if canImport(Glibc)
import Glibc
#endif

/// Finds the shipped assets relative to the binary itself, so the program
/// runs from any directory: installed (`bin/../share/rewrap`, or
/// `libexec/rewrap/../../share/rewrap`) or built in the
/// source tree (`.build/.../rewrap` under the checkout's `assets/`); and the
/// catalogs, in `share/locale` beside them or in the build folder's.
public enum Assets {
    /// The folder of the shipped assets: ../share/rewrap beside the binary, or the checkout's assets/; nil when neither holds the panel.
    public static func directory() -> String? {
        guard let executable = executablePath() else { return nil }
        var directory = String(executable[..<(executable.lastIndex(of: "/") ?? executable.startIndex)])
        let panel = "/" + panelFileName
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

    /// The one shipped panel, which catalogs translate.
    public static let panelFileName = "panel.json"

    /// The shipped panel's path; nil when the assets are not found.
    public static func panelPath() -> String? {
        directory().map { $0 + "/" + panelFileName }
    }

    /// Where catalogs are looked for (`LANG/LC_MESSAGES/rewrap.mo` in
    /// each): `$REWRAP_LOCALEDIR` alone when it is set, for trying a
    /// catalog; else the nearest `share/locale` above the binary's folder:
    /// `PREFIX/share/locale` installed, `.build/share/locale` in the
    /// checkout, where `make catalogs` compiles them.
    public static func localeDirectories(environment: (String) -> String?) -> [String] {
        if let directory = environment("REWRAP_LOCALEDIR"), !directory.isEmpty { return [directory] }
        guard let executable = executablePath() else { return [] }
        var directory = String(executable[..<(executable.lastIndex(of: "/") ?? executable.startIndex)])
        for _ in 0..<3 {
            guard let slash = directory.lastIndex(of: "/"), slash != directory.startIndex else { break }
            directory = String(directory[..<slash])
            if exists(directory + "/share/locale") { return [directory + "/share/locale"] }
        }
        return []
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
