import Foundation
import RewrapLayout
import XCTest

/// The largest difference in any of a rectangle's four numbers.
func frameDistance(_ a: Rect, _ b: Rect) -> Double {
    max(abs(a.minX - b.minX), abs(a.minY - b.minY), abs(a.width - b.width), abs(a.height - b.height))
}

func assertFrame(_ actual: Rect?, _ expected: Rect, accuracy: Double = 1e-9, _ message: String = "",
                 file: StaticString = #filePath, line: UInt = #line) {
    guard let actual else {
        return XCTFail("no frame, expected \(expected) \(message)", file: file, line: line)
    }
    XCTAssertLessThanOrEqual(frameDistance(actual, expected), accuracy,
                             "\(actual) is not \(expected) \(message)", file: file, line: line)
}

