import CX11
import RewrapPlatform
#if canImport(Glibc)
import Glibc
#endif

/// The connection to the X server: display, screen, atoms and error handling.
///
///     let x = try XConnection(name: nil)   // $DISPLAY
///
/// A lost connection is noted (`isLost`) for the platform to report, so the
/// app can save before it says so in one line; protocol errors, such as
/// BadWindow from a popup destroyed behind our back, are logged and survived.
public final class XConnection {
    public let display: OpaquePointer
    public let screen: Int32
    public let root: Window
    public let visual: UnsafeMutablePointer<Visual>
    public let colormap: Colormap
    public let depth: Int32
    /// The same connection as XCB sees it, for requests sent together.
    public let xcb: OpaquePointer
    /// Whether the server offers SYNC, for `_NET_WM_SYNC_REQUEST`.
    public let hasSync: Bool
    private var atoms: [String: Atom]
    /// The server went away, or the connection broke: nothing more can be
    /// sent or read, and every Xlib call from now on returns at once.
    public private(set) var isLost = false

    public init(name: String?) throws(PlatformError) {
        guard let display = XOpenDisplay(name) else {
            let shown = name ?? (getenv("DISPLAY").map { String(cString: $0) } ?? "")
            throw PlatformError("rewrap: cannot open display \"\(shown)\"")
        }
        self.display = display
        screen = XDefaultScreen(display)
        root = XRootWindow(display, screen)
        visual = XDefaultVisual(display, screen)
        colormap = XDefaultColormap(display, screen)
        depth = XDefaultDepth(display, screen)
        xcb = XGetXCBConnection(display)
        (atoms, hasSync) = Self.handshake(xcb, atoms: Self.startupAtoms(screen: screen))
        // Xlib's own handler prints several lines; the exit handler after
        // it would exit. Instead the loss is noted and Xlib returns: with
        // the connection marked broken, its calls do nothing from then on.
        XSetIOErrorHandler { _ in 0 }
        XSetIOErrorExitHandler(display, { _, connection in
            guard let connection else { return }
            Unmanaged<XConnection>.fromOpaque(connection).takeUnretainedValue().isLost = true
        }, Unmanaged.passUnretained(self).toOpaque())
        XSetErrorHandler { display, event in
            guard let display, let event,
                  XConnection.errorReports.isNew(code: event.pointee.error_code, request: event.pointee.request_code) else { return 0 }
            var text = [CChar](repeating: 0, count: 128)
            XGetErrorText(display, Int32(event.pointee.error_code), &text, Int32(text.count))
            let description = String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            writeLine("rewrap: X error ignored: \(description) (request \(event.pointee.request_code), resource 0x\(String(event.pointee.resourceid, radix: 16))); "
                      + "more of the kind are not shown")
            return 0
        }
    }

    /// The error handler is a C function and can keep nothing of its own;
    /// only the main thread talks to X.
    nonisolated(unsafe) private static var errorReports = XErrorReports()

    deinit {
        XCloseDisplay(display)
    }

    public var fileDescriptor: Int32 { XConnectionNumber(display) }

    public var screenSize: (width: Int, height: Int) {
        (Int(XDisplayWidth(display, screen)), Int(XDisplayHeight(display, screen)))
    }

    public func atom(_ name: String) -> Atom {
        if let atom = atoms[name] { return atom }
        let atom = XInternAtom(display, name, 0)
        atoms[name] = atom
        return atom
    }

    public func flush() {
        XFlush(display)
    }

    public func sync() {
        XSync(display, 0)
    }

    /// Reads a whole window property, or nil if it is absent.
    public func property(_ name: String, of window: Window, type: Atom = Atom(AnyPropertyType)) -> (type: Atom, format: Int32, bytes: [UInt8])? {
        var actualType: Atom = 0
        var format: Int32 = 0
        var count: UInt = 0
        var remaining: UInt = 0
        var data: UnsafeMutablePointer<UInt8>?
        let status = XGetWindowProperty(display, window, atom(name), 0, 1 << 20, 0, type,
                                        &actualType, &format, &count, &remaining, &data)
        defer { if let data { XFree(data) } }
        guard status == Success, let data, actualType != 0 else { return nil }
        // Xlib hands 32-bit items back as longs, so the byte size depends on the format.
        let itemSize = format == 32 ? MemoryLayout<Int>.size : Int(format / 8)
        return (actualType, format, Array(UnsafeBufferPointer(start: data, count: Int(count) * itemSize)))
    }
}

/// Which X errors have been reported. Each kind (an error code on a request)
/// is reported once: a failure that repeats every frame, such as a buffer
/// the server cannot allocate, is then one line, not fifty a frame.
struct XErrorReports {
    private var seen: Set<UInt16> = []

    /// True the first time `code` comes back for `request`.
    mutating func isNew(code: UInt8, request: UInt8) -> Bool {
        seen.insert(UInt16(code) << 8 | UInt16(request)).inserted
    }
}
