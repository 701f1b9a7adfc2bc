import CDBus
@testable import RewrapAccessibility
import RewrapBus
#if canImport(Glibc)
import Glibc
#endif

extension FuzzTarget {
    /// Well-formed method calls, made from the input, to the AT-SPI bridge
    /// with the shipped panel's tree (as `dbus`): any member of the
    /// interfaces AT-SPI defines, to any object path (served, unserved,
    /// bogus), with any arguments (any signature; numbers out of range,
    /// huge indexes, negative offsets, odd strings), several calls in a row.
    /// libdbus refuses none of them, so each reaches the bridge's answers.
    ///
    /// A call to an object the bridge numbered is answered exactly once
    /// (an error counts), to the call's serial; a call to any other path is
    /// left to libdbus. An error is one of D-Bus's own; a reply has the
    /// signature AT-SPI gives the method, and the objects it names are
    /// ones the bridge serves, or the null object.
    public static let dbusCalls = FuzzTarget(name: "dbus-calls") { bytes in
        guard let library = DBusLibrary.shared, let answers = DBusAnswers.shared else { return "libdbus-1.so.3 did not load" }
        let api = library.api
        var input = FuzzInput(bytes)
        let bridge = ATSPIBridge(library: library, uniqueName: ":1.42", tree: AccessibleFixture.tree)
        let served = Set([bridge.reference(.application).path] + AccessibleFixture.tree.inOrder.map { bridge.reference($0.key).path })
        let sent = SentMessages()
        bridge.unsentWatcher = { sent.messages.append(answers.read($0, library: library)) }
        while !input.isAtEnd {
            let path = input.objectPath(served: served.sorted())
            let interface = input.pick(ATSPIMethods.interfaces + [nil, "org.freedesktop.DBus.Introspectable", "org.a11y.atspi.Value"])
            let member = input.bool() ? input.pick(ATSPIMethods.members) : input.name()
            guard let call = api.dbus_message_new_method_call(":1.42", path, interface, member) else { return "no call to \(path)" }
            defer { api.dbus_message_unref(call) }
            let serial = UInt32(input.uint16()) + 1
            answers.setSerial(call, serial)
            let wantsReply = input.byte() % 8 != 0
            if !wantsReply { api.dbus_message_set_no_reply(call, 1) }
            var writer = DBusMessageWriter(call, library: library)
            for _ in 0..<input.byte() % 6 { input.argument(&writer) }

            sent.messages = []
            let handled = bridge.handle(call)
            let said = "\(interface ?? "(no interface)").\(member) to \(path)"
            let isCache = path == "/org/a11y/atspi/cache" && interface == "org.a11y.atspi.Cache" && member == "GetItems"
            guard handled == (served.contains(path) || isCache) else {
                return handled ? "\(said), which names no object, was answered" : "\(said), an object it serves, was left to libdbus"
            }
            guard sent.messages.count == (handled && wantsReply ? 1 : 0) || handled && !wantsReply && sent.messages.count <= 1 else {
                return "\(said) was answered \(sent.messages.count) times"
            }
            for answer in sent.messages {
                guard answer.replySerial == serial else { return "\(said) was answered to serial \(answer.replySerial), not \(serial)" }
                switch answer.type {
                case DBusType.methodReturn:
                    guard let expected = ATSPIMethods.replies[interface ?? ""]?[member] else { return "\(said) was replied to; AT-SPI has no such method" }
                    guard answer.signature == expected else { return "\(said) was replied to with \(answer.signature), not \(expected)" }
                    if let unserved = answer.paths.first(where: { !served.contains($0) && $0 != ATSPIReference.null.path }) {
                        return "\(said) named \(unserved), which is not served"
                    }
                case 3:
                    guard answer.errorName.hasPrefix("org.freedesktop.DBus.Error.") else { return "\(said) failed with \(answer.errorName)" }
                default:
                    return "\(said) was answered with a message of type \(answer.type)"
                }
            }
        }
        return nil
    }
}

/// What the bridge sent, as the watcher read it.
private final class SentMessages {
    var messages: [DBusAnswers.Answer] = []
}

/// The few libdbus functions the bridge has no use for, which reading an
/// answer needs, looked up in the library the bridge loaded.
private struct DBusAnswers: @unchecked Sendable {
    struct Answer {
        var type: Int32
        var replySerial: UInt32
        var errorName: String
        var signature: String
        /// The path of each reference of a `(so)` or `a(so)` reply.
        var paths: [String]
    }

    let setSerial: @convention(c) (OpaquePointer?, UInt32) -> Void
    let replySerial: @convention(c) (OpaquePointer?) -> UInt32
    let errorName: @convention(c) (OpaquePointer?) -> UnsafePointer<CChar>?
    let signature: @convention(c) (OpaquePointer?) -> UnsafePointer<CChar>?

    static let shared: DBusAnswers? = {
        guard DBusLibrary.shared != nil, let library = dlopen("libdbus-1.so.3", RTLD_NOW | RTLD_LOCAL) else { return nil }
        func function<F>(_ name: String, _: F.Type) -> F? { dlsym(library, name).map { unsafeBitCast($0, to: F.self) } }
        guard let setSerial = function("dbus_message_set_serial", (@convention(c) (OpaquePointer?, UInt32) -> Void).self),
              let replySerial = function("dbus_message_get_reply_serial", (@convention(c) (OpaquePointer?) -> UInt32).self),
              let errorName = function("dbus_message_get_error_name", (@convention(c) (OpaquePointer?) -> UnsafePointer<CChar>?).self),
              let signature = function("dbus_message_get_signature", (@convention(c) (OpaquePointer?) -> UnsafePointer<CChar>?).self)
        else { return nil }
        return DBusAnswers(setSerial: setSerial, replySerial: replySerial, errorName: errorName, signature: signature)
    }()

    func read(_ message: OpaquePointer, library: DBusLibrary) -> Answer {
        let signature = signature(message).map { String(cString: $0) } ?? ""
        var answer = Answer(type: library.api.dbus_message_get_type(message), replySerial: replySerial(message),
                            errorName: errorName(message).map { String(cString: $0) } ?? "", signature: signature, paths: [])
        var reader = DBusMessageReader(message, library: library)
        func reference(_ reader: inout DBusMessageReader) -> (String, String)? {
            reader.structure { fields -> (String, String)? in
                guard let bus = fields.string(), let path = fields.objectPath() else { return nil }
                return (bus, path)
            }
        }
        let found: [(String, String)]
        switch signature {
        case "(so)": found = reference(&reader).map { [$0] } ?? []
        case "a(so)": found = reader.array(reference) ?? []
        default: found = []
        }
        // The null object has no bus; every other is the bridge's own.
        answer.paths = found.map { $0.1 == ATSPIReference.null.path ? ($0.0.isEmpty ? $0.1 : "wrong bus " + $0.0)
                                                                     : ($0.0 == ":1.42" ? $0.1 : "wrong bus " + $0.0) }
        return answer
    }
}

/// The methods of the interfaces the bridge serves, with the signature of
/// each one's reply, as AT-SPI 2's introspection files give them.
enum ATSPIMethods {
    static let replies: [String: [String: String]] = [
        "org.a11y.atspi.Accessible": [
            "GetChildAtIndex": "(so)", "GetChildren": "a(so)", "GetIndexInParent": "i", "GetRelationSet": "a(ua(so))",
            "GetRole": "u", "GetRoleName": "s", "GetLocalizedRoleName": "s", "GetState": "au", "GetAttributes": "a{ss}",
            "GetApplication": "(so)", "GetInterfaces": "as",
        ],
        "org.a11y.atspi.Component": [
            "Contains": "b", "GetAccessibleAtPoint": "(so)", "GetExtents": "(iiii)", "GetPosition": "ii", "GetSize": "ii",
            "GetLayer": "u", "GetMDIZOrder": "n", "GrabFocus": "b", "GetAlpha": "d", "SetExtents": "b", "SetPosition": "b",
            "SetSize": "b", "ScrollTo": "b", "ScrollToPoint": "b",
        ],
        "org.a11y.atspi.Action": [
            "GetDescription": "s", "GetName": "s", "GetLocalizedName": "s", "GetKeyBinding": "s", "GetActions": "a(sss)", "DoAction": "b",
        ],
        "org.a11y.atspi.Text": [
            "GetStringAtOffset": "sii", "GetText": "s", "SetCaretOffset": "b", "GetTextBeforeOffset": "sii", "GetTextAtOffset": "sii",
            "GetTextAfterOffset": "sii", "GetCharacterAtOffset": "i", "GetAttributeValue": "s", "GetAttributes": "a{ss}ii",
            "GetDefaultAttributes": "a{ss}", "GetCharacterExtents": "iiii", "GetOffsetAtPoint": "i", "GetNSelections": "i",
            "GetSelection": "ii", "AddSelection": "b", "RemoveSelection": "b", "SetSelection": "b", "GetRangeExtents": "iiii",
            "GetBoundedRanges": "a(iisv)", "GetAttributeRun": "a{ss}ii", "GetDefaultAttributeSet": "a{ss}", "ScrollSubstringTo": "b",
            "ScrollSubstringToPoint": "b",
        ],
        "org.a11y.atspi.Selection": [
            "GetSelectedChild": "(so)", "SelectChild": "b", "DeselectSelectedChild": "b", "IsChildSelected": "b", "SelectAll": "b",
            "ClearSelection": "b", "DeselectChild": "b",
        ],
        "org.a11y.atspi.Application": [
            "GetLocale": "s", "RegisterEventListener": "", "DeregisterEventListener": "", "GetApplicationBusAddress": "s",
        ],
        "org.freedesktop.DBus.Properties": ["Get": "v", "GetAll": "a{sv}", "Set": ""],
        "org.a11y.atspi.Cache": ["GetItems": "a((so)(so)(so)iiassusau)"],
    ]
    static let interfaces: [String?] = replies.keys.sorted()
    static let members: [String] = Set(replies.values.flatMap(\.keys)).sorted()
}

extension FuzzInput {
    mutating func pick<Element>(_ choices: [Element]) -> Element {
        choices[Int(byte()) % choices.count]
    }

    /// A served object's path, or one near it that names none.
    mutating func objectPath(served: [String]) -> String {
        let prefix = "/org/a11y/atspi/accessible/"
        switch byte() % 4 {
        case 0, 1: return pick(served)
        case 2:
            return pick(["/", "/org/a11y/atspi/accessible", prefix + "0", prefix + "00" + "1", prefix + "01", prefix + "1" + String(repeating: "0", count: 30),
                         prefix + "root/x", prefix + "99999", prefix + "_1", "/org/a11y/atspi/null", "/org/a11y/atspi/cache", prefix + "9223372036854775808"])
        default:
            let digits = String(uint64() % 100_000)
            return prefix + String(repeating: "0", count: Int(byte() % 3)) + digits
        }
    }

    /// A member name: letters, digits and underscores, not starting with a digit.
    mutating func name() -> String {
        let letters = Array("GetTextAtOffsetChildIndexRoleStateSelection_xyz0123456789")
        let count = Int(byte() % 24) + 1
        let name = String((0..<count).map { _ in letters[Int(byte()) % letters.count] })
        return name.first!.isNumber ? "M" + name : name
    }

    /// One argument of any of the types a caller may send.
    mutating func argument(_ writer: inout DBusMessageWriter) {
        switch byte() % 11 {
        case 0, 1, 2: writer.int32(number())
        case 3: writer.uint32(UInt32(bitPattern: number()))
        case 4, 5: writer.string(text())
        case 6: writer.boolean(bool())
        case 7: writer.int16(Int16(truncatingIfNeeded: number()))
        case 8: writer.double(Double(number()) / Double(max(1, byte())))
        case 9:
            let inner = number()
            if bool() { writer.variant("i") { $0.int32(inner) } } else { let words = text(); writer.variant("s") { $0.string(words) } }
        default:
            let count = Int(byte() % 4)
            let values = (0..<count).map { _ in number() }
            writer.array(of: "i") { array in for value in values { array.int32(value) } }
        }
    }

    /// A number: often small, often at an edge, sometimes any.
    mutating func number() -> Int32 {
        switch byte() % 4 {
        case 0: return Int32(byte() % 48) - 4
        case 1: return [.min, .max, -1, 0, 1 << 16, 1 << 30, Int32.min + 1, Int32.max - 1][Int(byte() % 8)]
        case 2: return Int32(Int16(bitPattern: uint16()))
        default: return int32()
        }
    }

    /// Text: a name AT-SPI uses, or any UTF-8 (with NULs, which end a D-Bus string).
    mutating func text() -> String {
        if bool() {
            return pick(["org.a11y.atspi.Accessible", "org.a11y.atspi.Application", "org.a11y.atspi.Text", "org.a11y.atspi.Action",
                         "org.a11y.atspi.Selection", "org.a11y.atspi.Component", "Name", "Id", "ChildCount", "Parent", "Locale",
                         "CharacterCount", "NSelectedChildren", "NActions", "language", ""])
        }
        return String(decoding: bytes(Int(byte() % 32)), as: UTF8.self)
    }
}
