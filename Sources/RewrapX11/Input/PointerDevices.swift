import CX11

/// XInput 2.1 on the main window: pointer events with scroll valuators, for
/// pixel-precise touchpad scrolling. Nil when the server offers less than 2.1;
/// the core events of buttons 4 to 7 then scroll by wheel clicks.
final class PointerDevices {
    /// The extension's major opcode, which its GenericEvents carry.
    let opcode: Int32
    /// Scroll axes and baselines per master pointer.
    private var valuators: [Int32: ScrollValuators] = [:]

    init?(connection: XConnection, windows: [Window]) {
        let display = connection.display
        var opcode: Int32 = 0, event: Int32 = 0, error: Int32 = 0
        guard XQueryExtension(display, "XInputExtension", &opcode, &event, &error) != 0 else { return nil }
        var major: Int32 = 2, minor: Int32 = 1
        guard XIQueryVersion(display, &major, &minor) == Success, major > 2 || (major == 2 && minor >= 1) else { return nil }
        self.opcode = opcode

        var count: Int32 = 0
        if let devices = XIQueryDevice(display, XIAllMasterDevices, &count) {
            for device in UnsafeBufferPointer(start: devices, count: Int(count)) where device.use == XIMasterPointer {
                valuators[device.deviceid] = ScrollValuators(axes: Self.axes(device.classes, count: device.num_classes))
            }
            XIFreeDeviceInfo(devices)
        }

        var bits = [UInt8](repeating: 0, count: Int(XI_LASTEVENT) / 8 + 1)
        for type in [XI_Motion, XI_ButtonPress, XI_Enter, XI_Leave, XI_DeviceChanged] {
            bits[Int(type) / 8] |= 1 << (UInt8(type) % 8)
        }
        bits.withUnsafeMutableBufferPointer { buffer in
            var mask = XIEventMask(deviceid: XIAllMasterDevices, mask_len: Int32(buffer.count), mask: buffer.baseAddress)
            for window in windows { XISelectEvents(display, window, &mask, 1) }
        }
    }

    /// Whole pixels scrolled by one motion event, `step` pixels per wheel click.
    func scrolled(_ event: XIDeviceEvent, step: Double) -> (dx: Int, dy: Int) {
        guard var device = valuators[event.deviceid], !device.isEmpty else { return (0, 0) }
        let result = device.scroll(values: Self.values(event.valuators), step: step)
        valuators[event.deviceid] = device
        return result
    }

    /// The pointer entered or left a window: its next values start afresh.
    func reset(device: Int32) {
        valuators[device]?.reset()
    }

    /// A master pointer now follows another physical device, with its own axes.
    func changed(_ event: XIDeviceChangedEvent) {
        valuators[event.deviceid] = ScrollValuators(axes: Self.axes(event.classes, count: event.num_classes))
    }

    private static func axes(_ classes: UnsafeMutablePointer<UnsafeMutablePointer<XIAnyClassInfo>?>?, count: Int32) -> [ScrollValuators.Axis] {
        guard let classes else { return [] }
        return UnsafeBufferPointer(start: classes, count: Int(count)).compactMap { info in
            guard let info, info.pointee.type == XIScrollClass else { return nil }
            let scroll = UnsafeRawPointer(info).assumingMemoryBound(to: XIScrollClassInfo.self).pointee
            return ScrollValuators.Axis(number: Int(scroll.number),
                                        direction: scroll.scroll_type == XIScrollTypeHorizontal ? .horizontal : .vertical,
                                        increment: scroll.increment)
        }
    }

    /// The values packed after the mask, one per set bit, by valuator number.
    private static func values(_ state: XIValuatorState) -> [Int: Double] {
        guard let mask = state.mask, let packed = state.values else { return [:] }
        var values: [Int: Double] = [:]
        var next = 0
        for number in 0..<Int(state.mask_len) * 8 where mask[number / 8] & (1 << (number % 8)) != 0 {
            values[number] = packed[next]
            next += 1
        }
        return values
    }
}
