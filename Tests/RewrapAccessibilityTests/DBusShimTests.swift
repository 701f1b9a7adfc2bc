import Foundation
import RewrapTestDrivers
import XCTest

/// CDBus declares libdbus's types itself, so the binary need not link it.
/// This compiles those declarations against the real <dbus/dbus.h>: a
/// struct of another size or a function of another signature fails here.
final class DBusShimTests: XCTestCase {
    func testShimAgreesWithTheRealLibdbusHeader() throws {
        let flags = try runCommand(["/usr/bin/pkg-config", "--cflags", "dbus-1"])
        XCTAssertEqual(flags.status, 0, "pkg-config dbus-1 (libdbus-1-dev): \(flags.stderr)")
        let check = try TemporaryFile(suffix: ".c", contents: Data("""
            #include <dbus/dbus.h>
            #include "\(PackagePaths.root)/Sources/CDBus/shim.h"
            _Static_assert(sizeof(struct rewrap_dbus_message_iter) == sizeof(DBusMessageIter), "DBusMessageIter size");
            _Static_assert(_Alignof(struct rewrap_dbus_message_iter) == _Alignof(DBusMessageIter), "DBusMessageIter alignment");
            _Static_assert(sizeof(struct rewrap_dbus_error) == sizeof(DBusError), "DBusError size");
            _Static_assert(DBUS_HANDLER_RESULT_NOT_YET_HANDLED == 1 && DBUS_DISPATCH_DATA_REMAINS == 0, "enums");
            #define CHECK(result, name, parameters) result (*check_##name) parameters = name;
            REWRAP_DBUS_FUNCTIONS(CHECK)

            """.utf8))
        let arguments = ["/usr/bin/cc", "-fsyntax-only", "-Werror", "-Wno-unused-variable"]
            + flags.stdout.split(separator: " ").map { String($0).trimmingCharacters(in: .whitespacesAndNewlines) }.filter { !$0.isEmpty }
            + [check.path]
        let result = try runCommand(arguments)
        XCTAssertEqual(result.status, 0, result.stderr)
    }
}
