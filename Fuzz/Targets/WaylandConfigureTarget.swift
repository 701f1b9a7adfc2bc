import RewrapLayout
import RewrapPlatform
import RewrapScene
@testable import RewrapWayland

extension FuzzTarget {
    /// What a compositor decides of Rewrap's surfaces, as a run of events:
    /// toplevel configures of any 32-bit size, the scales of the outputs the
    /// window is on or a fractional scale the compositor prefers, and
    /// answers to a popup's positioner for menus of any rows, each decided
    /// as the Wayland platform decides it.
    ///
    /// The window's buffer is never empty, never more than 8,192 pixels a
    /// side, and its logical size times the scale, within half a pixel (in
    /// 120ths, so no floating point decides); a configured side that
    /// fits is taken as it is, one too large gives the largest that fits,
    /// said in one line, and none keeps the window's. The scale is the
    /// largest of the outputs', up to a ceiling. A popup's buffer holds its frame in whole
    /// logical pixels, the frame shows whole rows and lies in the
    /// configured rectangle when one row fits there.
    public static let waylandConfigure = FuzzTarget(name: "wayland-configure") { bytes in
        var input = FuzzInput(bytes)
        var size = LogicalSize(width: Int32(input.uint16() % 2048) + 1, height: Int32(input.uint16() % 2048) + 1)
        var scale = SurfaceScale.whole(1)
        while !input.isAtEnd {
            switch input.byte() % 4 {
            case 0:
                let asked = (width: input.side(), height: input.side())
                let answer = size.configured(width: asked.width, height: asked.height, scale: scale)
                if let broken = checkConfigured(answer, asked: asked, before: size, scale: scale) { return broken }
                size = answer.size
            case 1:
                let scales = (0..<input.byte() % 5).map { _ in input.outputScale() }
                let whole = OutputScale.drawn(on: scales)
                let ceiling = OutputScale.largest
                guard (1...ceiling).contains(whole), scales.allSatisfy({ min($0, ceiling) <= whole }),
                      scales.contains(whole) || whole == 1 || whole == ceiling else {
                    return "outputs of scales \(scales) are drawn at \(whole)"
                }
                scale = .whole(whole)
                size = size.fitted(to: scale)
            case 2:
                let preferred = input.byte() % 2 == 0 ? UInt32(truncatingIfNeeded: input.int32()) : UInt32(input.uint16() % 1200)
                scale = .fractional(preferred)
                guard (1...Double(OutputScale.largest)).contains(scale.factor), scale.bufferScale == 1,
                      preferred < 120 || preferred > 960 || scale.scale120 == Int(preferred) else {
                    return "a preferred scale of \(preferred)/120 is drawn at \(scale.factor) with buffer scale \(scale.bufferScale)"
                }
                size = size.fitted(to: scale)
            default:
                if let broken = checkPopup(&input, scale: scale) { return broken }
            }
            let buffer = size.buffer(at: scale)
            for (side, logical) in [(buffer.width, size.width), (buffer.height, size.height)]
            where side < 1 || side > 8192 || abs(side * 120 - Int(logical) * scale.scale120) > 60 {
                return "a \(size.width) × \(size.height) window at scale \(scale.factor) is drawn in a \(buffer.width) × \(buffer.height) buffer"
            }
        }
        return nil
    }

    private static func checkConfigured(_ answer: (size: LogicalSize, clamped: String?), asked: (width: Int32, height: Int32),
                                        before: LogicalSize, scale: SurfaceScale) -> String? {
        // In 120ths, as the scale is given: a side fits when side × scale ≤ 8192.
        func fits(_ side: Int32) -> Bool { Int64(side) * Int64(scale.scale120) <= 8192 * 120 }
        let pairs = [(asked.width, before.width, answer.size.width), (asked.height, before.height, answer.size.height)]
        for (asked, before, taken) in pairs {
            if asked <= 0, taken != before { return "a configure of \(asked) changed a side of \(before) to \(taken)" }
            if asked > 0, fits(asked), taken != asked { return "a configure of \(asked) at scale \(scale.factor) gave \(taken)" }
            if asked > 0, !fits(asked), !(fits(taken) && !fits(taken + 1)) {
                return "a configure of \(asked) at scale \(scale.factor) gave \(taken), not the largest side that fits"
            }
        }
        let clamped = pairs.contains { $0.0 > 0 && !fits($0.0) }
        guard clamped == (answer.clamped != nil) else {
            return "a configure of \(asked) at scale \(scale.factor) said \(answer.clamped ?? "nothing")"
        }
        if let line = answer.clamped, !line.hasPrefix("rewrap: ") || line.contains("\n") { return "the clamp was said as \(line.debugDescription)" }
        return nil
    }

    /// A menu's plan, the button it hangs from and the compositor's answer.
    private static func checkPopup(_ input: inout FuzzInput, scale: SurfaceScale) -> String? {
        let count = Int(input.byte() % 40) + 1
        let rowHeight = Double(input.uint16() % 1024 + 1) / 16, rowWidth = Double(input.uint16() % 8192 + 1) / 4
        let padding = Double(input.byte() % 16), indicator = Double(input.byte() % 32)
        let rows = (0..<count).map { Rect(x: padding, y: padding + Double($0) * rowHeight, width: rowWidth, height: rowHeight) }
        let plan = PopupPlan(size: Size(width: rowWidth + 2 * padding, height: Double(count) * rowHeight + 2 * padding),
                             rows: rows, padding: padding, indicatorHeight: indicator)
        let anchor = PixelRect(x: Int(Int16(bitPattern: input.uint16())), y: Int(Int16(bitPattern: input.uint16())),
                               width: Int(input.uint16() % 1000), height: Int(input.byte()))
        let request = PopupRequest(plan: plan, anchor: anchor, gap: Double(input.byte() % 16), edge: input.bool() ? .left : .right)
        let given = (x: input.side(), y: input.side(), width: input.side(), height: input.side())
        let area = PopupAnswer.area(x: given.x, y: given.y, width: given.width, height: given.height, scale: scale)
        let (placement, logical, buffer) = PopupAnswer.placement(of: request, in: area, scale: scale)
        let frame = placement.frame
        let said = "a menu of \(count) rows of \(rowWidth) × \(rowHeight) configured at \(given) at scale \(scale.factor)"
        guard [frame.minX, frame.minY, frame.width, frame.height].allSatisfy(\.isFinite) else { return "\(said) was placed at \(frame)" }
        guard (1...count).contains(placement.visibleRows) else { return "\(said) shows \(placement.visibleRows) rows" }
        let cut = placement.visibleRows < count
        let height = cut ? 2 * padding + 2 * indicator + Double(placement.visibleRows) * rowHeight : plan.size.height
        // The menu fills the whole logical pixels that hold it: at most one
        // logical pixel more than planned, less half a pixel of rounding at a fractional scale.
        guard frame.height > height - 0.5, frame.height - height < scale.factor + 0.5 else {
            return "\(said) is \(frame.height) high for \(placement.visibleRows) rows"
        }
        // No wider than the area the compositor gave, if it gave one.
        let width = area.width > 0 ? min(plan.size.width, area.width) : plan.size.width
        guard frame.width > width - 0.5, frame.width - width < scale.factor + 0.5 else {
            return "\(said) is \(frame.width) wide for \(width)"
        }
        // Whole logical pixels that hold the plan, drawn at the scale (rounded, at a fractional one), and the frame is the buffer.
        for (side, whole, drawn, planned) in [(buffer.width, logical.width, frame.width, width),
                                              (buffer.height, logical.height, frame.height, height)] {
            let exact = Double(whole) * scale.factor
            guard side > 0, abs(side * 120 - Int(whole) * scale.scale120) <= 60, exact >= planned - 1e-9, exact - planned < scale.factor,
                  Double(side) == drawn else {
                return "\(said) is \(frame.width) × \(frame.height), drawn in a \(buffer.width) × \(buffer.height) buffer"
            }
        }
        // Rounding up to whole logical pixels may reach past the area by less than one of them.
        let slack = scale.factor
        if area.width > 0, frame.minX < area.minX || frame.maxX > area.maxX + slack {
            return "\(said) was placed at \(frame), outside \(area)"
        }
        let oneRow = min(plan.size.height, 2 * padding + 2 * indicator + rowHeight)
        if area.height >= oneRow, frame.minY < area.minY || frame.maxY > area.maxY + slack {
            return "\(said) was placed at \(frame), outside \(area)"
        }
        return nil
    }
}

extension FuzzInput {
    /// A side as a compositor might send one: mostly plausible, sometimes
    /// zero, negative, just past a limit, or any 32-bit number.
    mutating func side() -> Int32 {
        switch byte() % 4 {
        case 0: return Int32(uint16() % 4096)
        case 1: return [0, -1, 1, 4096, 4097, 8192, 8193, 100_000, .max, .min][Int(byte() % 10)]
        case 2: return Int32(Int16(bitPattern: uint16()))
        default: return int32()
        }
    }

    /// An output's scale: mostly 1 to 4, sometimes any 32-bit number.
    mutating func outputScale() -> Int32 {
        byte() % 4 == 0 ? int32() : Int32(byte() % 5)
    }
}
