import Foundation

/// CPU time, memory and libraries of a running process, read from /proc.
public enum ProcessStats {
    /// utime + stime, in clock ticks.
    public static func cpuTicks(of pid: Int32) -> Int? {
        guard let text = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let close = text.lastIndex(of: ")") else { return nil }
        // Fields after the command name: state is field 3, utime 14, stime 15.
        let fields = text[text.index(after: close)...].split(separator: " ")
        guard fields.count > 13, let user = Int(fields[11]), let system = Int(fields[12]) else { return nil }
        return user + system
    }

    /// The paths of the files a running process maps, from /proc/PID/maps,
    /// read to its end (/proc reports a size of 0, and
    /// String(contentsOfFile:) stops after the first page).
    public static func mappedFiles(of pid: Int32) throws -> Set<String> {
        guard let file = FileHandle(forReadingAtPath: "/proc/\(pid)/maps") else { throw TestFailure("no maps for pid \(pid)") }
        defer { try? file.close() }
        let maps = String(decoding: try file.readToEnd() ?? Data(), as: UTF8.self)
        return Set(maps.split(separator: "\n").compactMap { line -> String? in
            guard let path = line.split(separator: " ").last, path.hasPrefix("/") else { return nil }
            return String(path)
        })
    }

    /// The file names of the shared libraries a running process maps.
    public static func mappedLibraries(of pid: Int32) throws -> Set<String> {
        Set(try mappedFiles(of: pid).filter { $0.contains(".so") }.compactMap { $0.split(separator: "/").last.map(String.init) })
    }

    /// Resident set size in kibibytes.
    public static func residentKiB(of pid: Int32) -> Int? {
        guard let text = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else { return nil }
        for line in text.split(separator: "\n") where line.hasPrefix("VmRSS:") {
            return Int(line.split(separator: " ", omittingEmptySubsequences: true)[1])
        }
        return nil
    }
}

/// The libraries of each platform's executable, by their names' beginnings:
/// a start of one must map none of the other's.
public enum PlatformLibraries {
    /// libwayland-client and -cursor, libxkbcommon, libdecor and pixman.
    public static let wayland = ["libwayland-", "libxkbcommon", "libdecor", "libpixman"]
    /// libX11 and libX11-xcb, libXrender, libXi, libXrandr, libXext and
    /// libxcb with its sync extension.
    public static let x11 = ["libX", "libxcb"]

    /// Those of `libraries` whose names start with any of `prefixes`, sorted.
    public static func named(_ prefixes: [String], among libraries: Set<String>) -> [String] {
        libraries.filter { library in prefixes.contains { library.hasPrefix($0) } }.sorted()
    }
}
