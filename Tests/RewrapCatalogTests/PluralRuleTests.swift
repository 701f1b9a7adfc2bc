import RewrapCatalog
import XCTest

/// `Plural-Forms` rules, evaluated by Rewrap's own parser of gettext's C
/// subset. The expected forms are CLDR's categories, written out by hand.
final class PluralRuleTests: XCTestCase {
    func testArabicSixForms() throws {
        let rule = try PluralRule("nplurals=6; plural=n==0 ? 0 : n==1 ? 1 : n==2 ? 2 : n%100>=3 && n%100<=10 ? 3 : n%100>=11 ? 4 : 5;")
        let expected: [(Int, Int)] = [(0, 0), (1, 1), (2, 2), (3, 3), (10, 3), (11, 4), (99, 4), (100, 5), (101, 5), (102, 5),
                                      (103, 3), (111, 4), (200, 5), (1011, 4)]
        for (n, form) in expected { XCTAssertEqual(rule.form(for: n), form, "n = \(n)") }
    }

    func testHebrewOneTwoOther() throws {
        let rule = try PluralRule("nplurals=3; plural=(n == 1) ? 0 : (n == 2) ? 1 : 2;")
        XCTAssertEqual([1, 2, 3, 0, 20].map(rule.form(for:)), [0, 1, 2, 2, 2])
    }

    func testPrecedenceIsC() throws {
        // Russian: && binds tighter than ||, % tighter than ==.
        let rule = try PluralRule("nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);")
        XCTAssertEqual([1, 21, 11, 2, 24, 12, 5, 0, 111].map(rule.form(for:)), [0, 0, 2, 1, 1, 2, 2, 2, 2])
        XCTAssertEqual(try PluralRule("nplurals=2; plural=!(n == 1);").form(for: 1), 0)
        XCTAssertEqual(try PluralRule("nplurals=3; plural=(1 + 2 * n - n) % 3;").form(for: 1), 2, "* before + and -, left to right")
    }

    func testRefusesWhatIsNotC() {
        for rule in ["nplurals=2; plural=n = 1;", "nplurals=2; plural=n ≠ 1;", "nplurals=2; plural=(n;", "nplurals=2; plural=n ? 1;",
                     "nplurals=2; plural=n & 1;", "nplurals=2; plural=m;", "nplurals=2;", "plural=0;", "nplurals=0; plural=0;",
                     "nplurals=2; plural=99999999999999999999;", "nplurals=2; plural=" + String(repeating: "(", count: 10_000) + "n"] {
            XCTAssertThrowsError(try PluralRule(rule), rule)
        }
    }

    func testRefusesDivisionByZeroAtAnyCheckedCount() {
        XCTAssertThrowsError(try PluralRule("nplurals=2; plural=n/0;"))
        // Only 5000 divides by zero: found at load, not when the badge shows 5000.
        XCTAssertThrowsError(try PluralRule("nplurals=2; plural=(1/(n-5000)) >= 0 ? 1 : 0;")) { error in
            XCTAssertEqual((error as? CatalogError)?.problem, "Plural-Forms divides by zero for n = 5000")
        }
        // The untaken side of && is never evaluated, as in C.
        XCTAssertNoThrow(try PluralRule("nplurals=2; plural=n != 0 && 10 / n > 1;"))
    }

    func testRefusesAFormOutsideTheCount() {
        XCTAssertThrowsError(try PluralRule("nplurals=2; plural=n;"))
    }
}
