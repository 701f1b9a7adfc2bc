import Foundation

/// A private session bus (dbus-daemon) with a stand-in for the desktop
/// portal's Settings on it (Tests/Fixtures/portal/fake-portal.py, through
/// Debian's python3-gi), whose settings a test changes as the desktop would.
/// Both are stopped by PID.
///
///     let portal = try FakePortal(colorScheme: 1)   // dark
///     try portal.set("color-scheme", "2")           // light, with SettingChanged
public final class FakePortal: @unchecked Sendable {
    public private(set) var address = ""
    private let bus = Process()
    private let portal = Process()
    private let input = Pipe()
    private let output = Pipe()
    private lazy var lines = HelperLines(output, helper: "fake-portal.py", process: portal)

    /// With `colorScheme` nil, the bus has no portal on it at all. Each of
    /// `settings` is another key from the start, as "NAMESPACE KEY TYPE
    /// VALUE": `"org.gnome.desktop.interface text-scaling-factor d 1.5"`.
    public init(colorScheme: Int?, settings: [String] = []) throws {
        let busOutput = Pipe()
        bus.executableURL = URL(fileURLWithPath: "/usr/bin/dbus-daemon")
        bus.arguments = ["--session", "--nofork", "--nopidfile", "--print-address=1"]
        bus.standardOutput = busOutput
        bus.standardError = FileHandle.nullDevice
        try bus.run()
        do {
            address = try HelperLines(busOutput, helper: "dbus-daemon", process: bus).next(within: 10)
        } catch {
            stop()
            throw error
        }
        guard let colorScheme else { return }
        portal.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        portal.arguments = [PackagePaths.root + "/Tests/Fixtures/portal/fake-portal.py", String(colorScheme)] + settings
        var environment = ProcessInfo.processInfo.environment
        environment["DBUS_SESSION_BUS_ADDRESS"] = address
        portal.environment = environment
        portal.standardInput = input
        portal.standardOutput = output
        portal.standardError = FileHandle.nullDevice
        try portal.run()
        let greeting = try? lines.next(within: 10)
        guard greeting == "ready" else {
            stop()
            throw TestFailure("the fake portal did not start (python3-gi missing?): \(greeting ?? "no greeting")")
        }
    }

    /// Changes a setting, as "color-scheme" "1" or "enable-animations" "false",
    /// and waits until the portal has announced it.
    public func set(_ key: String, _ value: String) throws {
        input.fileHandleForWriting.write(Data("\(key) \(value)\n".utf8))
        let answer = try lines.next(within: 5)
        guard answer == "changed" else { throw TestFailure("the fake portal did not change \(key): \(answer)") }
    }

    /// Changes any key to a value of any D-Bus type, as a Python literal,
    /// and waits until the portal has announced it:
    /// `set("org.freedesktop.appearance", "accent-color", type: "(ddd)", "(1, 0.5, 0)")`.
    public func set(_ namespace: String, _ key: String, type: String, _ value: String) throws {
        try set(namespace, "\(key) \(type) \(value)")
    }

    public func stop() {
        stopProcess(portal)
        stopProcess(bus)
    }

    deinit {
        stop()
    }
}
