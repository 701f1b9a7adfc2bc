@testable import RewrapX11
import XCTest

/// When `_NET_WM_SYNC_REQUEST`'s counter may move (EWMH: after the
/// ConfigureNotify that follows the request has been repainted).
final class SyncRequestLedgerTests: XCTestCase {
    func testTheCounterWaitsForTheFrameAtTheNewSize() {
        var ledger = SyncRequestLedger()
        XCTAssertNil(ledger.presented(width: 680, height: 420))
        ledger.requested(7)
        XCTAssertNil(ledger.configured(width: 800, height: 500), "the window still shows 680 × 420")
        XCTAssertNil(ledger.presented(width: 680, height: 420), "an Expose copy of the old frame is not it")
        XCTAssertEqual(ledger.presented(width: 800, height: 500), 7)
        XCTAssertNil(ledger.presented(width: 800, height: 500), "each request is answered once")
    }

    func testAFrameBeforeTheConfigureDoesNotAnswer() {
        var ledger = SyncRequestLedger()
        ledger.requested(3)
        XCTAssertNil(ledger.presented(width: 800, height: 500), "no size to wait for yet")
        XCTAssertEqual(ledger.configured(width: 800, height: 500), 3, "that frame is already on screen")
    }

    func testAnUnchangedSizeAnswersAtOnce() {
        var ledger = SyncRequestLedger()
        _ = ledger.presented(width: 680, height: 420)
        ledger.requested(9)
        XCTAssertEqual(ledger.configured(width: 680, height: 420), 9, "a move: nothing new to draw")
    }

    func testTheLastRequestWins() {
        var ledger = SyncRequestLedger()
        ledger.requested(1)
        ledger.requested(2)
        _ = ledger.configured(width: 500, height: 300)
        XCTAssertEqual(ledger.presented(width: 500, height: 300), 2)
    }

    func testTheLatestConfigureIsTheSizeToShow() {
        var ledger = SyncRequestLedger()
        ledger.requested(4)
        XCTAssertNil(ledger.configured(width: 500, height: 300))
        XCTAssertNil(ledger.configured(width: 520, height: 310))
        XCTAssertNil(ledger.presented(width: 500, height: 300), "only the last size of a burst is laid out")
        XCTAssertEqual(ledger.presented(width: 520, height: 310), 4)
    }

    func testConfiguresWithoutARequestSetNothing() {
        var ledger = SyncRequestLedger()
        XCTAssertNil(ledger.configured(width: 500, height: 300))
        XCTAssertNil(ledger.presented(width: 500, height: 300))
    }
}
