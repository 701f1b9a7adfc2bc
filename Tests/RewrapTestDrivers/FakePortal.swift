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
        address = try Self.line(from: busOutput, within: 10) ?? ""
        guard !address.isEmpty else {
            stop()
            throw TestFailure("dbus-daemon printed no address")
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
        guard try Self.line(from: output, within: 10) == "ready" else {
            stop()
            throw TestFailure("the fake portal did not start (python3-gi missing?)")
        }
    }

    /// Changes a setting, as "color-scheme" "1" or "enable-animations" "false",
    /// and waits until the portal has announced it.
    public func set(_ key: String, _ value: String) throws {
        input.fileHandleForWriting.write(Data("\(key) \(value)\n".utf8))
        guard try Self.line(from: output, within: 5) == "changed" else { throw TestFailure("the fake portal did not change \(key)") }
    }

    /// Changes any key to a value of any D-Bus type, as a Python literal,
    /// and waits until the portal has announced it:
    /// `set("org.freedesktop.appearance", "accent-color", type: "(ddd)", "(1, 0.5, 0)")`.
    public func set(_ namespace: String, _ key: String, type: String, _ value: String) throws {
        try set(namespace, "\(key) \(type) \(value)")
    }

    private static func line(from pipe: Pipe, within seconds: Double) throws -> String? {
        var text = ""
        let deadline = Date().addingTimeInterval(seconds)
        while !text.contains("\n"), Date() < deadline {
            let chunk = pipe.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            text += String(decoding: chunk, as: UTF8.self)
        }
        return text.split(separator: "\n").first.map(String.init)
    }

    public func stop() {
        stopProcess(portal)
        stopProcess(bus)
    }

    deinit {
        stop()
    }
}
