// swift-tools-version:6.2
import PackageDescription

// The fuzz targets as libFuzzer executables: `make fuzz` builds them with
// `--sanitize=fuzzer --sanitize=address` here, apart from the main build.
// Each entry only hands libFuzzer's input to a FuzzTarget of the main
// package's RewrapFuzzTargets; libFuzzer supplies `main`.
let names = ["panel-file", "xsettings", "dbus", "text", "desktop", "plan", "wayland-configure", "wayland-keymap", "dbus-calls", "kept-state", "catalog"]

let package = Package(
    name: "RewrapFuzz",
    dependencies: [.package(name: "Rewrap", path: "..")],
    targets: names.map { name in
        .executableTarget(name: "fuzz-\(name)", dependencies: [.product(name: "RewrapFuzzTargets", package: "Rewrap")],
                          path: "Entries/\(name)")
    }
)

// As in the main package: a new compiler warning fails the build.
for target in package.targets {
    target.swiftSettings = (target.swiftSettings ?? []) + [.treatAllWarnings(as: .error)]
}
