import CWayland
import CWaylandProtocols

// The C callbacks libwayland calls with each object's events, each handing
// them to the platform that registered it. They live as long as the program.

nonisolated(unsafe) var registryListener = wl_registry_listener(
    global: { data, _, name, interface, version in
        Registry.from(data).announced(name: name, interface: String(cString: interface!), version: version)
    },
    global_remove: { data, _, name in Registry.from(data).removed(name: name) })

nonisolated(unsafe) var wmBaseListener = xdg_wm_base_listener(ping: { _, wmBase, serial in xdg_wm_base_pong(wmBase, serial) })

nonisolated(unsafe) var seatListener = wl_seat_listener(
    capabilities: { data, _, capabilities in
        let registry = Registry.from(data)
        registry.seatCapabilities = capabilities
        registry.changed(.seatCapabilities)
    },
    name: { data, _, name in Registry.from(data).seatName = name.map { String(cString: $0) } })

nonisolated(unsafe) var outputListener = wl_output_listener(
    geometry: { _, _, _, _, _, _, _, _, _, _ in },
    mode: { data, output, flags, _, height, refresh in
        guard flags & WL_OUTPUT_MODE_CURRENT.rawValue != 0 else { return }
        Registry.from(data).output(output) {
            $0.refresh = refresh
            $0.height = height
        }
    },
    done: { data, _ in Registry.from(data).changed(.outputs) },
    scale: { data, output, factor in Registry.from(data).output(output) { $0.scale = factor } },
    name: { _, _, _ in },
    description: { _, _, _ in })

nonisolated(unsafe) var surfaceListener = wl_surface_listener(
    // An output already gone arrives as nil.
    enter: { data, _, output in if let output { WaylandPlatform.from(data).surfaceEntered(output) } },
    leave: { data, _, output in if let output { WaylandPlatform.from(data).surfaceLeft(output) } })

nonisolated(unsafe) var xdgSurfaceListener = xdg_surface_listener(
    configure: { data, _, serial in WaylandPlatform.from(data).surfaceConfigured(serial: serial) })

nonisolated(unsafe) var toplevelListener = xdg_toplevel_listener(
    configure: { data, _, width, height, states in
        WaylandPlatform.from(data).toplevelConfigured(width: width, height: height, states: states)
    },
    close: { data, _ in WaylandPlatform.from(data).events.append(.closeRequested) },
    configure_bounds: { _, _, _, _ in },
    wm_capabilities: { _, _, _ in })

nonisolated(unsafe) var frameListener = wl_callback_listener(done: { data, _, _ in WaylandPlatform.from(data).frameDone() })

nonisolated(unsafe) var popupSurfaceListener = xdg_surface_listener(
    configure: { data, _, serial in WaylandPlatform.from(data).popupSurfaceConfigured(serial: serial) })

nonisolated(unsafe) var popupListener = xdg_popup_listener(
    configure: { data, _, x, y, width, height in WaylandPlatform.from(data).popupConfigured(x: x, y: y, width: width, height: height) },
    popup_done: { data, _ in WaylandPlatform.from(data).popupDone() },
    repositioned: { _, _, _ in })

nonisolated(unsafe) var pointerListener = wl_pointer_listener(
    enter: { data, _, serial, surface, x, y in WaylandPlatform.from(data).pointerEntered(surface, serial: serial, x: x, y: y) },
    leave: { data, _, _, surface in WaylandPlatform.from(data).pointerLeft(surface) },
    motion: { data, _, _, x, y in WaylandPlatform.from(data).pointerMoved(x: x, y: y) },
    button: { data, _, serial, _, button, state in
        WaylandPlatform.from(data).pointerButton(button, pressed: state == WL_POINTER_BUTTON_STATE_PRESSED.rawValue, serial: serial)
    },
    axis: { data, _, _, axis, value in WaylandPlatform.from(data).pointerAxis(axis, value: value) },
    frame: { data, _ in WaylandPlatform.from(data).take(.pointerFrame) },
    axis_source: { data, _, source in
        WaylandPlatform.from(data).take(.axisSource(finger: source == WL_POINTER_AXIS_SOURCE_FINGER.rawValue))
    },
    axis_stop: { data, _, _, _ in WaylandPlatform.from(data).take(.axisStop) },
    axis_discrete: { data, pointer, axis, discrete in
        // From version 8 the same clicks come as axis_value120 too.
        guard wl_proxy_get_version(pointer) < 8 else { return }
        WaylandPlatform.from(data).pointerClicks(axis, value120: discrete * 120)
    },
    axis_value120: { data, _, axis, value in WaylandPlatform.from(data).pointerClicks(axis, value120: value) })

nonisolated(unsafe) var keyboardListener = wl_keyboard_listener(
    keymap: { data, _, format, descriptor, size in
        WaylandPlatform.from(data).seat?.keys?.keymap(format: format, descriptor: descriptor, size: size)
    },
    enter: { data, _, _, surface, _ in WaylandPlatform.from(data).keyboardEntered(surface) },
    leave: { data, _, _, _ in WaylandPlatform.from(data).keyboardLeft() },
    key: { data, _, serial, _, key, state in
        WaylandPlatform.from(data).key(key, pressed: state == WL_KEYBOARD_KEY_STATE_PRESSED.rawValue, serial: serial)
    },
    modifiers: { data, _, _, depressed, latched, locked, group in
        WaylandPlatform.from(data).seat?.keys?.modifiers(depressed: depressed, latched: latched, locked: locked, group: group)
    },
    repeat_info: { data, _, rate, delay in WaylandPlatform.from(data).seat?.keys?.repeatInfo(rate: rate, delay: delay) })

nonisolated(unsafe) var fractionalScaleListener = wp_fractional_scale_v1_listener(
    preferred_scale: { data, _, scale120 in WaylandPlatform.from(data).preferredScale(scale120) })

nonisolated(unsafe) var decorationModeListener = zxdg_toplevel_decoration_v1_listener(
    configure: { data, _, mode in WaylandPlatform.from(data).decorationConfigured(mode: mode) })

nonisolated(unsafe) var touchListener = wl_touch_listener(
    down: { data, _, serial, time, surface, id, x, y in
        WaylandPlatform.from(data).touchDown(surface, id: id, x: x, y: y, time: time, serial: serial)
    },
    up: { data, _, _, time, id in WaylandPlatform.from(data).take(.touchUp(id: id, time: Double(time) / 1000)) },
    motion: { data, _, time, id, x, y in WaylandPlatform.from(data).touchMoved(id: id, x: x, y: y, time: time) },
    frame: { data, _ in WaylandPlatform.from(data).take(.touchFrame) },
    cancel: { data, _ in WaylandPlatform.from(data).take(.touchCancel) },
    shape: { _, _, _, _, _ in },
    orientation: { _, _, _, _ in })
