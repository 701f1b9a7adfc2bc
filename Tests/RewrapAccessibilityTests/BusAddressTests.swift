import RewrapAccessibility
import XCTest

/// Only a local socket is joined: libdbus would run what a `unixexec:`
/// address names, and anyone on the display can write the root property.
final class BusAddressTests: XCTestCase {
    func testOnlyLocalSocketsAreJoined() {
        XCTAssertTrue(AccessibilityBus.isLocalSocket("unix:path=/run/user/0/at-spi/bus_0,guid=0502e0242c473ef2"))
        XCTAssertTrue(AccessibilityBus.isLocalSocket("unix:abstract=/tmp/dbus-x;unix:path=/tmp/bus"))
        XCTAssertFalse(AccessibilityBus.isLocalSocket("unixexec:path=/bin/sh,argv1=-c,argv2=touch%20/tmp/x"))
        XCTAssertFalse(AccessibilityBus.isLocalSocket("unix:path=/tmp/bus;unixexec:path=/bin/sh"), "every address in the list")
        XCTAssertFalse(AccessibilityBus.isLocalSocket("tcp:host=example.org,port=1"))
        XCTAssertFalse(AccessibilityBus.isLocalSocket(""))
    }
}
