import CX11

/// XInput 2.1 on the main window: pointer events with scroll valuators, for
/// pixel-precise touchpad scrolling. Nil when the server offers less than 2.1;
/// the core events of buttons 4 to 7 then scroll by wheel clicks.
///
/// Where the server offers 2.2, the windows take touch events too, and then
/// get no pointer events emulated from those touches; below 2.2 the server's
/// emulation (a press, motion, a release) is all a finger gives.
///
/// Each master pointer's scroll baselines come from the device itself: read
/// at start, when devices are added, on every enter (a round trip, for
/// pointers that scroll at all) and from a device change's classes, so the
/// first wheel click after any of them scrolls.
final class PointerDevices {
    /// The extension's major opcode, which its GenericEvents carry.
    let opcode: Int32
    private let display: OpaquePointer
    /// Scroll axes and baselines per master pointer.
    private var valuators: [Int32: ScrollValuators] = [:]
    /// The server has XInput 2.2: touches come as touch events.
    let hasTouch: Bool
    /// The pointer the open menu grabbed with touches.
    private var grabbed: Int32?

    init?(connection: XConnection, windows: [Window]) {
        display = connection.display
        var opcode: Int32 = 0, event: Int32 = 0, error: Int32 = 0
        guard XQueryExtension(display, "XInputExtension", &opcode, &event, &error) != 0 else { return nil }
        // Asked once: the server answers with the lower of its version and ours.
        var major: Int32 = 2, minor: Int32 = 2
        guard XIQueryVersion(display, &major, &minor) == Success, major > 2 || (major == 2 && minor >= 1) else { return nil }
        self.opcode = opcode
        hasTouch = major > 2 || minor >= 2
        readMasters()
        for window in windows { select([XI_Motion, XI_ButtonPress, XI_ButtonRelease, XI_Enter, XI_Leave, XI_DeviceChanged] + touchEvents, on: window) }
        // The server tells of devices coming and going on the root alone,
        // and only to a selection for all devices.
        select([XI_HierarchyChanged], on: connection.root, devices: XIAllDevices)
    }

    /// The three touch events, which the server takes only all together; none below 2.2.
    private var touchEvents: [Int32] { hasTouch ? [XI_TouchBegin, XI_TouchUpdate, XI_TouchEnd] : [] }

    private func select(_ types: [Int32], on window: Window, devices: Int32 = XIAllMasterDevices) {
        // The status says only that the request was queued; a refusal comes as an X error.
        _ = Self.withMask(types, devices: devices) { XISelectEvents(display, window, &$0, 1) }
    }

    private static func withMask<Result>(_ types: [Int32], devices: Int32, _ body: (inout XIEventMask) -> Result) -> Result {
        var bits = [UInt8](repeating: 0, count: Int(XI_LASTEVENT) / 8 + 1)
        for type in types { bits[Int(type) / 8] |= 1 << (UInt8(type) % 8) }
        return bits.withUnsafeMutableBufferPointer { buffer in
            var mask = XIEventMask(deviceid: devices, mask_len: Int32(buffer.count), mask: buffer.baseAddress)
            return body(&mask)
        }
    }

    /// Takes the pointer for an open menu, touches included, so a finger can
    /// scroll a long menu and a touch outside still closes it: a core grab
    /// would get only the pointer events emulated from touches. Only with
    /// XInput 2.2; false when another client holds the pointer (or there is
    /// no 2.2), and the caller falls back to a core grab.
    func grabWithTouches(_ window: Window) -> Bool {
        guard hasTouch else { return false }
        var device: Int32 = 0
        guard XIGetClientPointer(display, UInt(None), &device) != 0 else { return false }
        let types = [XI_ButtonPress, XI_ButtonRelease, XI_Motion, XI_Leave] + touchEvents
        let status = Self.withMask(types, devices: device) { mask in
            XIGrabDevice(display, device, window, UInt(CurrentTime), UInt(None), GrabModeAsync, GrabModeAsync, 0, &mask)
        }
        guard status == GrabSuccess else { return false }
        grabbed = device
        return true
    }

    /// Ends the menu's grab, if it took one.
    func ungrab() {
        guard let device = grabbed else { return }
        grabbed = nil
        XIUngrabDevice(display, device, UInt(CurrentTime))
    }

    /// Every master pointer's axes and current values, afresh.
    private func readMasters() {
        var count: Int32 = 0
        guard let devices = XIQueryDevice(display, XIAllMasterDevices, &count) else { return }
        valuators = [:]
        for device in UnsafeBufferPointer(start: devices, count: Int(count)) where device.use == XIMasterPointer {
            valuators[device.deviceid] = Self.valuators(device.classes, count: device.num_classes)
        }
        XIFreeDeviceInfo(devices)
    }

    /// Whole pixels scrolled by one motion event, `step` pixels per wheel click.
    func scrolled(_ event: XIDeviceEvent, step: Double) -> (dx: Int, dy: Int) {
        guard var device = valuators[event.deviceid], !device.isEmpty else { return (0, 0) }
        let result = device.scroll(values: Self.values(event.valuators), step: step)
        valuators[event.deviceid] = device
        return result
    }

    /// The pointer entered the window: the device may have scrolled other
    /// windows since, so its baselines are read again (an axis the server
    /// gives no value for keeps its own). A pointer without scroll axes
    /// costs no round trip.
    func entered(device: Int32) {
        guard let known = valuators[device], !known.isEmpty else { return }
        var values: [Int: Double] = [:]
        var count: Int32 = 0
        if let info = XIQueryDevice(display, device, &count) {
            if count == 1 { values = Self.values(info.pointee.classes, count: info.pointee.num_classes) }
            XIFreeDeviceInfo(info)
        }
        valuators[device]?.seed(values)
    }

    /// A master pointer now follows another physical device, with its own
    /// axes; the event carries their current values.
    func changed(_ event: XIDeviceChangedEvent) {
        valuators[event.deviceid] = Self.valuators(event.classes, count: event.num_classes)
    }

    /// Devices were added, removed, attached or enabled: a new master, or a
    /// master following a new device, is read in full.
    func hierarchyChanged(_ event: XIHierarchyEvent) {
        let added = XIMasterAdded | XIMasterRemoved | XISlaveAdded | XISlaveAttached | XIDeviceEnabled
        if event.flags & added != 0 { readMasters() }
    }

    private typealias Classes = UnsafeMutablePointer<UnsafeMutablePointer<XIAnyClassInfo>?>

    private static func valuators(_ classes: Classes?, count: Int32) -> ScrollValuators {
        ScrollValuators(axes: axes(classes, count: count), values: values(classes, count: count))
    }

    private static func classes(_ classes: Classes?, count: Int32) -> [UnsafeMutablePointer<XIAnyClassInfo>] {
        guard let classes else { return [] }
        return UnsafeBufferPointer(start: classes, count: Int(count)).compactMap { $0 }
    }

    private static func axes(_ list: Classes?, count: Int32) -> [ScrollValuators.Axis] {
        classes(list, count: count).compactMap { info in
            guard info.pointee.type == XIScrollClass else { return nil }
            let scroll = UnsafeRawPointer(info).assumingMemoryBound(to: XIScrollClassInfo.self).pointee
            return ScrollValuators.Axis(number: Int(scroll.number),
                                        direction: scroll.scroll_type == XIScrollTypeHorizontal ? .horizontal : .vertical,
                                        increment: scroll.increment)
        }
    }

    /// Each valuator's current value, by number. A value of exactly -2³¹ is
    /// none: the server's 32.32 encoding of one it never set. XWayland
    /// reports it for the scroll axes a master pointer has just taken over,
    /// whose real value (0) came with the device change.
    private static func values(_ list: Classes?, count: Int32) -> [Int: Double] {
        var values: [Int: Double] = [:]
        for info in classes(list, count: count) where info.pointee.type == XIValuatorClass {
            let valuator = UnsafeRawPointer(info).assumingMemoryBound(to: XIValuatorClassInfo.self).pointee
            if valuator.value != Double(Int32.min) { values[Int(valuator.number)] = valuator.value }
        }
        return values
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
