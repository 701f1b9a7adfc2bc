import RewrapX11
import XCTest

/// The "remove" message of the startup-notification spec, with the expected
/// bytes written out by hand.
final class StartupNotificationTests: XCTestCase {
    func testAnEmptyOrMissingIDMeansNoLauncher() {
        XCTAssertNil(StartupNotification(id: nil))
        XCTAssertNil(StartupNotification(id: ""))
    }

    func testRemoveQuotesTheID() {
        XCTAssertEqual(StartupNotification(id: "rewrap-1-host_TIME42")?.removeMessage, #"remove: ID="rewrap-1-host_TIME42""#)
    }

    func testQuotesAndBackslashesAreEscapedAndSpacesKept() {
        let launch = StartupNotification(id: #"my "odd" id \ with spaces"#)
        XCTAssertEqual(launch?.removeMessage, #"remove: ID="my \"odd\" id \\ with spaces""#)
    }

    func testPiecesAreTwentyBytesEndingInNUL() {
        let pieces = StartupNotification.pieces(of: #"remove: ID="abc""#)
        XCTAssertEqual(pieces, [Array(#"remove: ID="abc""#.utf8) + [0, 0, 0, 0]])

        let long = StartupNotification.pieces(of: "remove: ID=\"0123456789\"")
        XCTAssertEqual(long.count, 2)
        XCTAssertEqual(long[0], Array("remove: ID=\"01234567".utf8))
        XCTAssertEqual(long[1], Array("89\"".utf8) + [UInt8](repeating: 0, count: 17))
    }

    func testAMessageOfExactlyTwentyBytesGetsAPieceForItsNUL() {
        let twenty = String(repeating: "x", count: 20)
        XCTAssertEqual(StartupNotification.pieces(of: twenty), [Array(twenty.utf8), [UInt8](repeating: 0, count: 20)])
    }

    func testNonASCIIGoesAsUTF8() {
        let pieces = StartupNotification.pieces(of: "ID=ñ")
        XCTAssertEqual(Array(pieces[0].prefix(6)), [0x49, 0x44, 0x3D, 0xC3, 0xB1, 0x00])
    }
}
