import RewrapX11
import XCTest

/// X keeps only a channel's top bits, and RENDER may pass through 8 bits
/// on the way; either way the level kept must be the nearest one.
final class VisualPrecisionTests: XCTestCase {
    func testChannelBitsComeFromTheMasks() {
        let sixteen = VisualPrecision(redMask: 0xf800, greenMask: 0x07e0, blueMask: 0x001f)
        XCTAssertEqual([sixteen.redBits, sixteen.greenBits, sixteen.blueBits], [5, 6, 5])
        let thirty = VisualPrecision(redMask: 0x3ff0_0000, greenMask: 0x000f_fc00, blueMask: 0x0000_03ff)
        XCTAssertEqual([thirty.redBits, thirty.greenBits, thirty.blueBits], [10, 10, 10])
    }

    func testEveryEightBitValueKeepsItsNearestLevel() {
        let precision = VisualPrecision(redMask: 0xff0000, greenMask: 0xff00, blueMask: 0xff)
        for bits in [5, 6, 8, 10] {
            let top = (1 << bits) - 1
            for byte in 0...255 {
                let nearest = Int((Double(byte) * Double(top) / 255).rounded())
                let value = Int(precision.channel(Double(byte) / 255, bits: bits))
                XCTAssertEqual(value >> (16 - bits), nearest, "\(byte) at \(bits) bits, truncated by the server")
                if bits <= 8 {
                    XCTAssertEqual((value >> 8) >> (8 - bits), nearest, "\(byte) at \(bits) bits, through 8 bits")
                }
            }
        }
    }

    func testTheBlueTintAtSixteenBitsIsGone() {
        // The light background's blue, 248/255: its top five bits were 31, one level too high.
        let precision = VisualPrecision(redMask: 0xf800, greenMask: 0x07e0, blueMask: 0x001f)
        XCTAssertEqual(Int(precision.channel(248.0 / 255, bits: 5)) >> 11, 30)
        XCTAssertEqual(Int(precision.channel(247.0 / 255, bits: 5)) >> 11, 30, "red and blue now agree")
    }

    func testVisualsWithoutMasksKeepSixteenBits() {
        let precision = VisualPrecision(redMask: 0, greenMask: 0, blueMask: 0)
        XCTAssertEqual(precision.channel(248.0 / 255, bits: precision.blueBits), 0xf8f8)
        XCTAssertEqual(precision.channel(2, bits: 5), 0xffff, "out of range clamps")
    }
}
