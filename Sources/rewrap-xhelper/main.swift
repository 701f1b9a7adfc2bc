import CX11
#if canImport(Glibc)
import Glibc
#endif

// What end-to-end tests need from X that xdotool cannot do: close a window
// the way a window manager does, destroy another client's window, hold a
// pointer grab, list popups, publish XSETTINGS or X resources, read raw
// pixels, and stand in for a desktop panel.

let usage = """
    usage: rewrap-xhelper close WINDOW        send WM_DELETE_WINDOW, as a window manager would
           rewrap-xhelper destroy WINDOW      XDestroyWindow on another client's window
           rewrap-xhelper popups              list mapped override-redirect windows
           rewrap-xhelper grab SECONDS        hold a pointer grab on the root window
           rewrap-xhelper xsettings NAME=INT...  own _XSETTINGS_S0 and publish integer settings
           rewrap-xhelper resources TEXT      set the root window's RESOURCE_MANAGER, as xrdb does
           rewrap-xhelper pixels X,Y...       the visual's masks, then each root pixel's raw value
           rewrap-xhelper panel HEIGHT        a dock along the bottom edge reserving HEIGHT pixels, as a desktop panel does
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

default:
    die(usage)
}
XCloseDisplay(display)
