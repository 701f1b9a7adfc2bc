@testable import RewrapX11
import XCTest

/// Which XMODIFIERS values name a server worth waiting for. Without one the
/// local method opens at the first key, so its compose tables cost nothing
/// until then.
final class InputMethodTests: XCTestCase {
    func testAServerNameIsOneOtherThanXlibsOwn() {
        XCTAssertTrue(InputMethod.namesServer("@im=uim"))
        XCTAssertTrue(InputMethod.namesServer("@im=fcitx@other=1"))
        XCTAssertFalse(InputMethod.namesServer(nil))
        XCTAssertFalse(InputMethod.namesServer(""))
        XCTAssertFalse(InputMethod.namesServer("@im="))
        XCTAssertFalse(InputMethod.namesServer("@im=none"))
        XCTAssertFalse(InputMethod.namesServer("@im=local"))
        XCTAssertFalse(InputMethod.namesServer("@other=uim"))
    }
}
