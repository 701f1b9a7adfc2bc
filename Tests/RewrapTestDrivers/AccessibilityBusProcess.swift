import Foundation

/// A private accessibility bus for one test: `dbus-run-session` running
/// at-spi-bus-launcher, which publishes the bus on the X root window's
/// `AT_SPI_BUS`. Foundation starts every child in a process group of its
/// own, so `stop` ends the whole group: the bus daemons and the registry too.
///
///     let bus = try AccessibilityBusProcess(server: server)
///     defer { bus.stop() }
public final class AccessibilityBusProcess: @unchecked Sendable {
    private let process = Process()
    private let server: XvfbServer
    /// Where the shell inside the session writes the session bus's address.
    private let sessionAddressFile: TemporaryFile

    public init(server: XvfbServer) throws {
        self.server = server
        sessionAddressFile = try TemporaryFile(suffix: ".address")
        process.executableURL = URL(fileURLWithPath: "/usr/bin/dbus-run-session")
        process.arguments = ["--", "/bin/sh", "-c", #"echo "$DBUS_SESSION_BUS_ADDRESS" > "$0"; exec "$1" --launch-immediately"#,
                             sessionAddressFile.path, "/usr/libexec/at-spi-bus-launcher"]
        var environment = ProcessInfo.processInfo.environment
        environment["DISPLAY"] = server.display
        environment["DBUS_SESSION_BUS_ADDRESS"] = nil
        process.environment = environment
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(10)
        while address == nil {
            guard Date() < deadline, process.isRunning else {
                stop()
                throw TestFailure("at-spi-bus-launcher did not publish AT_SPI_BUS on \(server.display)")
            }
            usleep(20_000)
        }
    }

    /// The private session bus the launcher owns `org.a11y.Bus` on.
    public var sessionAddress: String {
        ((try? String(contentsOfFile: sessionAddressFile.path, encoding: .utf8)) ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// The bus's address as the root window has it, or nil.
    public var address: String? {
        guard let result = try? runCommand(["/usr/bin/xprop", "-root", "AT_SPI_BUS"], environment: ["DISPLAY": server.display]),
              result.status == 0, let start = result.stdout.firstIndex(of: "\"") else { return nil }
        let value = result.stdout[result.stdout.index(after: start)...].prefix { $0 != "\"" }
        return value.isEmpty ? nil : String(value)
    }

    /// Kills the group: the bus goes away as a crashed session would take it.
    public func stop() {
        let group = process.processIdentifier
        guard group > 0, process.isRunning else { return }
        kill(-group, SIGTERM)
        if !waitForExit(process, timeout: 3) {
            kill(-group, SIGKILL)
            _ = waitForExit(process, timeout: 3)
        }
        // The registry is activated by the bus daemon and may linger a moment.
        kill(-group, SIGKILL)
    }

    deinit {
        stop()
    }
}
