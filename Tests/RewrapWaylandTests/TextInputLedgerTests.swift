@testable import RewrapWayland
import XCTest

/// zwp_text_input_v3's rules for a client: a done's serial is the number
/// of commits the compositor has seen, and each done applies, once, what
/// the input method sent since the one before.
final class TextInputLedgerTests: XCTestCase {
    func testADoneNamingTheLatestCommitTypesItsTextOnce() {
        var ledger = TextInputLedger()
        ledger.committed()
        ledger.commitString("圓")
        XCTAssertEqual(ledger.done(serial: 1), .init(text: "圓", isCurrent: true))
        XCTAssertEqual(ledger.done(serial: 1), .init(text: "", isCurrent: true), "applied text is not typed again")
        XCTAssertFalse(ledger.isBehind)
    }

    func testAStaleDoneStillTypesItsTextButHoldsTheClientsState() {
        var ledger = TextInputLedger()
        ledger.committed()
        ledger.committed()
        ledger.commitString("Ü")
        // The input method answered the enable while the cursor rectangle's commit was on its way.
        XCTAssertEqual(ledger.done(serial: 1), .init(text: "Ü", isCurrent: false))
        XCTAssertTrue(ledger.isBehind, "state waits for a done that names commit 2")
        XCTAssertEqual(ledger.done(serial: 2), .init(text: "", isCurrent: true))
        XCTAssertFalse(ledger.isBehind)
    }

    func testTheLastCommitStringBeforeADoneWins() {
        var ledger = TextInputLedger()
        ledger.committed()
        ledger.commitString("a")
        ledger.commitString("مرحبا")
        XCTAssertEqual(ledger.done(serial: 1).text, "مرحبا")
    }

    func testAPreeditIsKeptUntilTheNextDoneAndTypesNothing() {
        var ledger = TextInputLedger()
        ledger.committed()
        ledger.preeditString("yuan")
        XCTAssertEqual(ledger.done(serial: 1), .init(text: "", isCurrent: true))
        XCTAssertEqual(ledger.preedit, "yuan")
        ledger.commitString("圓")
        XCTAssertEqual(ledger.done(serial: 1).text, "圓")
        XCTAssertNil(ledger.preedit, "a done without a preedit clears it")
    }

    func testEnablingForgetsWhatTheInputMethodSentBefore() {
        var ledger = TextInputLedger()
        ledger.committed()
        ledger.commitString("stale")
        ledger.preeditString("half")
        _ = ledger.done(serial: 0)
        XCTAssertTrue(ledger.isBehind)
        ledger.commitString("late")
        ledger.enabled()
        ledger.committed()
        XCTAssertFalse(ledger.isBehind, "after an enable all state is sent afresh")
        XCTAssertNil(ledger.preedit)
        XCTAssertEqual(ledger.done(serial: 2), .init(text: "", isCurrent: true))
    }
}
