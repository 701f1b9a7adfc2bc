import RewrapPanelFile
import RewrapScene
#if canImport(Glibc)
import Glibc
#endif

/// The one way a panel file becomes a `Panel`, at start and on every
/// reload, so that an edit is held to exactly what a start is held to.
enum PanelReading {
    /// The panel at `path`, or the one line that names what is wrong and where.
    static func panel(at path: String) throws(PanelError) -> Panel {
        try PanelLoader.load(path: path)
    }

    /// A reload's reading, through `panel(at:)`. A path that is no longer
    /// a regular file is refused before it is opened: opening a FIFO would
    /// wait for a writer, and a folder has no panel.
    static func change(at path: String) -> PanelChange {
        var status = stat()
        if stat(path, &status) == 0 {
            switch status.st_mode & S_IFMT {
            case S_IFREG: break
            case S_IFDIR: return .problem(.file(path, "cannot read file: it is now a folder"))
            case S_IFIFO: return .problem(.file(path, "cannot read file: it is now a FIFO, which is read once, at start"))
            default: return .problem(.file(path, "cannot read file: it is no longer a regular file"))
            }
        }
        do throws(PanelError) {
            return .panel(try panel(at: path))
        } catch {
            return .problem(error)
        }
    }
}
