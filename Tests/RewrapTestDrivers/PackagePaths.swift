import Foundation

/// Where the package and its built products are, for tests that run the binary.
public enum PackagePaths {
    /// The package root, found from this file's own path.
    public static let root: String = {
        var path = #filePath
        for _ in 0..<3 {
            path = String(path[..<path.lastIndex(of: "/")!])
        }
        return path
    }()

    /// `$REWRAP_BIN` if set, otherwise the debug build that `swift test` made.
    public static var rewrapBinary: String {
        if let path = ProcessInfo.processInfo.environment["REWRAP_BIN"], !path.isEmpty { return path }
        return root + "/.build/debug/rewrap"
    }

    /// The virtual pointer the Wayland end-to-end tests drive sway's seat with.
    public static var waylandHelperBinary: String {
        let binary = rewrapBinary
        return String(binary[..<binary.lastIndex(of: "/")!]) + "/rewrap-wlhelper"
    }

    /// The compositor that misbehaves on purpose, for the Wayland fault tests.
    public static var fakeCompositorBinary: String {
        let binary = rewrapBinary
        return String(binary[..<binary.lastIndex(of: "/")!]) + "/rewrap-fakecompositor"
    }

    /// The X helper the end-to-end tests use for what xdotool cannot do.
    public static var helperBinary: String {
        let binary = rewrapBinary
        return String(binary[..<binary.lastIndex(of: "/")!]) + "/rewrap-xhelper"
    }
}
