import CX11
#if canImport(Glibc)
import Glibc
#endif

// What end-to-end tests need from X that xdotool cannot do: close a window
// the way a window manager does, ask the window manager to maximise it,
// destroy another client's window, hold a
// pointer grab, list popups, publish XSETTINGS or X resources, read raw
// pixels, stand in for a desktop panel, play a window manager's part in
// _NET_WM_SYNC_REQUEST, listen as a launcher does, open a plain window
// to take the focus, and show the pointer's image.

let usage = """
    usage: rewrap-xhelper close WINDOW        send WM_DELETE_WINDOW, as a window manager would
           rewrap-xhelper destroy WINDOW      XDestroyWindow on another client's window
           rewrap-xhelper maximize WINDOW on|off
                                              ask the window manager to maximise or unmaximise, as a pager does
           rewrap-xhelper configure WINDOW WIDTH HEIGHT
                                              send a synthetic ConfigureNotify claiming that size
           rewrap-xhelper popups              list mapped override-redirect windows
           rewrap-xhelper grab SECONDS        hold a pointer grab on the root window
           rewrap-xhelper xsettings NAME=INT...  own _XSETTINGS_S0 and publish integer settings
           rewrap-xhelper resources TEXT      set the root window's RESOURCE_MANAGER, as xrdb does
           rewrap-xhelper pixels X,Y...       the visual's masks, then each root pixel's raw value
           rewrap-xhelper panel HEIGHT        a dock along the bottom edge reserving HEIGHT pixels, as a desktop panel does
           rewrap-xhelper sync WINDOW VALUE WIDTH HEIGHT
                                              send _NET_WM_SYNC_REQUEST with VALUE, resize, wait up to 5 s
                                              for the counter; print the counter and the colour of the
                                              window's bottom-right pixel at that moment; an unchanged
                                              size gets a synthetic ConfigureNotify, as ICCCM asks
           rewrap-xhelper counter WINDOW      print the window's _NET_WM_SYNC_REQUEST_COUNTER value
           rewrap-xhelper listen-startup SECONDS
                                              print the first _NET_STARTUP_INFO message sent to the root
           rewrap-xhelper window TITLE        map a plain window, print its id, stay until killed
           rewrap-xhelper cursor [FILE]       print the pointer's image size as WIDTHxHEIGHT (XFixes), and
                                              write it to FILE as a PPM over white
    """

func die(_ message: String) -> Never {
    var line = "rewrap-xhelper: " + message + "\n"
    line.withUTF8 { _ = write(2, $0.baseAddress, $0.count) }
    exit(2)
}

func say(_ message: String) {
    var line = message + "\n"
    line.withUTF8 { _ = write(1, $0.baseAddress, $0.count) }
}

/// The XSync counter a window publishes for _NET_WM_SYNC_REQUEST.
func syncCounter(of target: Window, on display: OpaquePointer) -> UInt32 {
    var type: Atom = 0, format: Int32 = 0, count: UInt = 0, remaining: UInt = 0
    var data: UnsafeMutablePointer<UInt8>?
    XGetWindowProperty(display, target, XInternAtom(display, "_NET_WM_SYNC_REQUEST_COUNTER", 0), 0, 1, 0, XA_CARDINAL,
                       &type, &format, &count, &remaining, &data)
    guard let data, count == 1 else { die("window \(target) has no _NET_WM_SYNC_REQUEST_COUNTER") }
    defer { XFree(data) }
    return UInt32(truncatingIfNeeded: data.withMemoryRebound(to: UInt.self, capacity: 1) { $0.pointee })
}

func window(_ token: String) -> Window {
    let value = token.hasPrefix("0x") ? UInt(token.dropFirst(2), radix: 16) : UInt(token)
    guard let value else { die("bad window id '\(token)'") }
    return Window(value)
}

let arguments = Array(CommandLine.arguments.dropFirst())
guard let command = arguments.first else { die(usage) }
guard let display = XOpenDisplay(nil) else { die("cannot open display") }
let root = XDefaultRootWindow(display)

switch command {
case "close":
    guard arguments.count == 2 else { die(usage) }
    var event = XEvent()
    event.xclient.type = ClientMessage
    event.xclient.window = window(arguments[1])
    event.xclient.message_type = XInternAtom(display, "WM_PROTOCOLS", 0)
    event.xclient.format = 32
    event.xclient.data.l.0 = Int(XInternAtom(display, "WM_DELETE_WINDOW", 0))
    event.xclient.data.l.1 = Int(CurrentTime)
    XSendEvent(display, window(arguments[1]), 0, 0, &event)
    XSync(display, 0)

case "configure":
    guard arguments.count == 4, let width = Int32(arguments[2]), let height = Int32(arguments[3]) else { die(usage) }
    var event = XEvent()
    event.xconfigure.type = ConfigureNotify
    event.xconfigure.event = window(arguments[1])
    event.xconfigure.window = window(arguments[1])
    event.xconfigure.width = width
    event.xconfigure.height = height
    XSendEvent(display, window(arguments[1]), 0, StructureNotifyMask, &event)
    XSync(display, 0)

case "maximize":
    // EWMH's _NET_WM_STATE request, both ways at once, from a pager (source 2).
    guard arguments.count == 3, ["on", "off"].contains(arguments[2]) else { die(usage) }
    var event = XEvent()
    event.xclient.type = ClientMessage
    event.xclient.window = window(arguments[1])
    event.xclient.message_type = XInternAtom(display, "_NET_WM_STATE", 0)
    event.xclient.format = 32
    event.xclient.data.l.0 = arguments[2] == "on" ? 1 : 0
    event.xclient.data.l.1 = Int(XInternAtom(display, "_NET_WM_STATE_MAXIMIZED_VERT", 0))
    event.xclient.data.l.2 = Int(XInternAtom(display, "_NET_WM_STATE_MAXIMIZED_HORZ", 0))
    event.xclient.data.l.3 = 2
    XSendEvent(display, root, 0, SubstructureRedirectMask | SubstructureNotifyMask, &event)
    XSync(display, 0)

case "destroy":
    guard arguments.count == 2 else { die(usage) }
    XDestroyWindow(display, window(arguments[1]))
    XSync(display, 0)

case "popups":
    var rootReturn: Window = 0, parent: Window = 0
    var children: UnsafeMutablePointer<Window>?
    var count: UInt32 = 0
    XQueryTree(display, root, &rootReturn, &parent, &children, &count)
    for index in 0..<Int(count) {
        guard let child = children?[index] else { continue }
        var attributes = XWindowAttributes()
        XGetWindowAttributes(display, child, &attributes)
        if attributes.override_redirect != 0 && attributes.map_state == IsViewable {
            say("0x" + String(child, radix: 16))
        }
    }
    if let children { XFree(children) }

case "grab":
    guard arguments.count == 2, let seconds = Double(arguments[1]) else { die(usage) }
    let status = XGrabPointer(display, root, 0, UInt32(ButtonPressMask), GrabModeAsync, GrabModeAsync,
                              UInt(None), UInt(None), UInt(CurrentTime))
    guard status == GrabSuccess else { die("could not grab the pointer (status \(status))") }
    XSync(display, 0)
    say("grabbed")
    usleep(UInt32(seconds * 1_000_000))

case "xsettings":
    // Wire format: byte order, 3 pad, serial, count, then each integer setting:
    // type 0, pad, name length, name padded to 4, last-change serial, value.
    var data: [UInt8] = [0, 0, 0, 0]
    func card32(_ value: UInt32) { data += withUnsafeBytes(of: value.littleEndian, Array.init) }
    card32(1)
    card32(UInt32(arguments.count - 1))
    for setting in arguments.dropFirst() {
        let parts = setting.split(separator: "=", maxSplits: 1)
        guard parts.count == 2, let value = Int32(parts[1]) else { die("bad setting '\(setting)', expected NAME=INT") }
        let name = Array(parts[0].utf8)
        data += [0, 0] + withUnsafeBytes(of: UInt16(name.count).littleEndian, Array.init)
        data += name + [UInt8](repeating: 0, count: (4 - name.count % 4) % 4)
        card32(0)
        card32(UInt32(bitPattern: value))
    }
    let owner = XCreateSimpleWindow(display, root, -1, -1, 1, 1, 0, 0, 0)
    let property = XInternAtom(display, "_XSETTINGS_SETTINGS", 0)
    data.withUnsafeBufferPointer {
        _ = XChangeProperty(display, owner, property, property, 8, PropModeReplace, $0.baseAddress, Int32($0.count))
    }
    let selection = XInternAtom(display, "_XSETTINGS_S0", 0)
    XSetSelectionOwner(display, selection, owner, UInt(CurrentTime))
    // Announce the new manager to running clients, as the XSETTINGS spec asks.
    var announce = XEvent()
    announce.xclient.type = ClientMessage
    announce.xclient.window = root
    announce.xclient.message_type = XInternAtom(display, "MANAGER", 0)
    announce.xclient.format = 32
    announce.xclient.data.l.0 = Int(CurrentTime)
    announce.xclient.data.l.1 = Int(selection)
    announce.xclient.data.l.2 = Int(owner)
    XSendEvent(display, root, 0, StructureNotifyMask, &announce)
    XSync(display, 0)
    say("ready")
    while true { pause() }

case "resources":
    guard arguments.count == 2 else { die(usage) }
    let bytes = Array(arguments[1].utf8)
    bytes.withUnsafeBufferPointer {
        _ = XChangeProperty(display, root, XInternAtom(display, "RESOURCE_MANAGER", 0), XA_STRING, 8, PropModeReplace,
                            $0.baseAddress, Int32($0.count))
    }
    XSync(display, 0)

case "cursor":
    // libXfixes through dlopen, as the program's build links no XFixes.
    typealias GetCursorImage = @convention(c) (OpaquePointer?) -> UnsafeMutableRawPointer?
    guard let library = dlopen("libXfixes.so.3", RTLD_NOW), let symbol = dlsym(library, "XFixesGetCursorImage") else {
        die("cannot open libXfixes.so.3")
    }
    guard let image = unsafeBitCast(symbol, to: GetCursorImage.self)(display) else { die("no cursor image") }
    // XFixesCursorImage: short x, y; unsigned short width, height, xhot, yhot; then, 8-aligned, unsigned long
    // serial at 16 and unsigned long *pixels at 24.
    let width = Int(image.load(fromByteOffset: 4, as: UInt16.self)), height = Int(image.load(fromByteOffset: 6, as: UInt16.self))
    say("\(width)x\(height)")
    if arguments.count == 2, let pixels = image.load(fromByteOffset: 24, as: UnsafePointer<UInt>?.self) {
        var ppm = Array("P6 \(width) \(height) 255\n".utf8)
        for index in 0..<width * height {
            // Premultiplied ARGB, over white.
            let argb = UInt32(truncatingIfNeeded: pixels[index]), alpha = Int(argb >> 24)
            for shift in [16, 8, 0] as [UInt32] { ppm.append(UInt8(Int((argb >> shift) & 0xff) + 255 - alpha)) }
        }
        guard let file = fopen(arguments[1], "wb") else { die("cannot write \(arguments[1])") }
        fwrite(ppm, 1, ppm.count, file)
        fclose(file)
    }
    XFree(image)

case "pixels":
    // Raw values, so a test can compare them with its own quantisation.
    let visual = XDefaultVisual(display, XDefaultScreen(display))!.pointee
    say("masks 0x\(String(visual.red_mask, radix: 16)) 0x\(String(visual.green_mask, radix: 16)) 0x\(String(visual.blue_mask, radix: 16))")
    for point in arguments.dropFirst() {
        let parts = point.split(separator: ",").compactMap { Int32($0) }
        guard parts.count == 2 else { die("bad point '\(point)', expected X,Y") }
        guard let image = XGetImage(display, root, parts[0], parts[1], 1, 1, XAllPlanes(), ZPixmap) else {
            die("cannot read the pixel at \(point)")
        }
        say("0x" + String(image.pointee.f.get_pixel(image, 0, 0), radix: 16))
        _ = image.pointee.f.destroy_image(image)
    }

case "panel":
    // A window manager leaves the panel's strut out of _NET_WORKAREA.
    guard arguments.count == 2, let height = UInt(arguments[1]), height > 0 else { die(usage) }
    let screen = XDefaultScreen(display)
    let width = UInt(XDisplayWidth(display, screen)), bottom = UInt(XDisplayHeight(display, screen))
    let panel = XCreateSimpleWindow(display, root, 0, Int32(bottom - height), UInt32(width), UInt32(height), 0, 0, 0)
    func cardinals(_ name: String, _ type: Atom, _ values: [UInt]) {
        values.withUnsafeBytes {
            _ = XChangeProperty(display, panel, XInternAtom(display, name, 0), type, 32, PropModeReplace,
                                $0.baseAddress!.assumingMemoryBound(to: UInt8.self), Int32(values.count))
        }
    }
    cardinals("_NET_WM_WINDOW_TYPE", XA_ATOM, [XInternAtom(display, "_NET_WM_WINDOW_TYPE_DOCK", 0)])
    cardinals("_NET_WM_STRUT", XA_CARDINAL, [0, 0, 0, height])
    cardinals("_NET_WM_STRUT_PARTIAL", XA_CARDINAL, [0, 0, 0, height, 0, 0, 0, 0, 0, 0, 0, width - 1])
    // Placed by the user, so the window manager keeps it on the bottom edge.
    let hints = XAllocSizeHints()!
    hints.pointee.flags = USPosition | USSize
    hints.pointee.x = 0
    hints.pointee.y = Int32(bottom - height)
    hints.pointee.width = Int32(width)
    hints.pointee.height = Int32(height)
    XSetWMNormalHints(display, panel, hints)
    XFree(hints)
    XMapWindow(display, panel)
    XSync(display, 0)
    say("ready")
    while true { pause() }

case "sync":
    guard arguments.count == 5, let value = Int64(arguments[2]), let width = UInt32(arguments[3]),
          let height = UInt32(arguments[4]) else { die(usage) }
    let target = window(arguments[1])
    let counter = syncCounter(of: target, on: display)
    // The window manager's order (EWMH): the request, then the resize.
    var request = XEvent()
    request.xclient.type = ClientMessage
    request.xclient.window = target
    request.xclient.message_type = XInternAtom(display, "WM_PROTOCOLS", 0)
    request.xclient.format = 32
    request.xclient.data.l.0 = Int(XInternAtom(display, "_NET_WM_SYNC_REQUEST", 0))
    request.xclient.data.l.1 = Int(CurrentTime)
    request.xclient.data.l.2 = Int(UInt32(truncatingIfNeeded: value))
    request.xclient.data.l.3 = Int(UInt32(truncatingIfNeeded: value >> 32))
    XSendEvent(display, target, 0, 0, &request)
    var attributes = XWindowAttributes()
    XGetWindowAttributes(display, target, &attributes)
    if attributes.width == Int32(width) && attributes.height == Int32(height) {
        // The server sends no ConfigureNotify for an unchanged size; a window
        // manager then sends a synthetic one (ICCCM 4.1.5), in root coordinates.
        var rootX: Int32 = 0, rootY: Int32 = 0
        var child: Window = 0
        XTranslateCoordinates(display, target, XDefaultRootWindow(display), 0, 0, &rootX, &rootY, &child)
        var configure = XEvent()
        configure.xconfigure.type = ConfigureNotify
        configure.xconfigure.event = target
        configure.xconfigure.window = target
        configure.xconfigure.x = rootX
        configure.xconfigure.y = rootY
        configure.xconfigure.width = attributes.width
        configure.xconfigure.height = attributes.height
        XSendEvent(display, target, 0, StructureNotifyMask, &configure)
    } else {
        XResizeWindow(display, target, width, height)
    }
    XSync(display, 0)
    let xcb = XGetXCBConnection(display)
    for _ in 0..<5000 {
        let reply = xcb_sync_query_counter_reply(xcb, xcb_sync_query_counter(xcb, counter), nil)
        defer { free(reply) }
        guard let shown = reply?.pointee.counter_value else { die("cannot read counter 0x\(String(counter, radix: 16))") }
        let current = Int64(shown.hi) << 32 | Int64(shown.lo)
        if current == value {
            // What the window shows at the moment the counter says it is ready.
            guard let image = XGetImage(display, target, Int32(width) - 1, Int32(height) - 1, 1, 1, UInt.max, ZPixmap) else {
                die("cannot read the window's pixels")
            }
            // XGetPixel and XDestroyImage are macros over these.
            say("counter \(current) pixel 0x\(String(image.pointee.f.get_pixel(image, 0, 0), radix: 16))")
            _ = image.pointee.f.destroy_image(image)
            exit(0)
        }
        usleep(1_000)
    }
    die("timed out: the counter never reached \(value)")

case "counter":
    guard arguments.count == 2 else { die(usage) }
    let xcb = XGetXCBConnection(display)
    let reply = xcb_sync_query_counter_reply(xcb, xcb_sync_query_counter(xcb, syncCounter(of: window(arguments[1]), on: display)), nil)
    guard let shown = reply?.pointee.counter_value else { die("cannot read the counter") }
    say(String(Int64(shown.hi) << 32 | Int64(shown.lo)))
    free(reply)

case "listen-startup":
    guard arguments.count == 2, let seconds = Double(arguments[1]) else { die(usage) }
    XSelectInput(display, root, PropertyChangeMask)
    XSync(display, 0)
    say("listening")
    let begin = XInternAtom(display, "_NET_STARTUP_INFO_BEGIN", 0), more = XInternAtom(display, "_NET_STARTUP_INFO", 0)
    var message: [UInt8] = []
    let deadline = Double(time(nil)) + seconds
    while Double(time(nil)) < deadline {
        guard XPending(display) > 0 else {
            usleep(5_000)
            continue
        }
        var event = XEvent()
        XNextEvent(display, &event)
        guard event.type == ClientMessage, event.xclient.format == 8,
              event.xclient.message_type == begin || (event.xclient.message_type == more && !message.isEmpty) else { continue }
        if event.xclient.message_type == begin { message = [] }
        let piece = withUnsafeBytes(of: event.xclient.data.b) { Array($0) }
        if let end = piece.firstIndex(of: 0) {
            message += piece[..<end]
            say(String(decoding: message, as: UTF8.self))
            exit(0)
        }
        message += piece
    }
    die("no startup message within \(arguments[1]) s")

case "window":
    guard arguments.count == 2 else { die(usage) }
    let plain = XCreateSimpleWindow(display, root, 200, 200, 300, 200, 0, 0, XWhitePixel(display, XDefaultScreen(display)))
    XStoreName(display, plain, arguments[1])
    XMapWindow(display, plain)
    XSync(display, 0)
    say("0x" + String(plain, radix: 16))
    while true { pause() }

default:
    die(usage)
}
XCloseDisplay(display)
