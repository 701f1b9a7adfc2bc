import CWayland
#if canImport(Glibc)
import Glibc
#endif

/// One wl_shm buffer: shared memory the compositor reads, with a pixman
/// image over it to draw with. The compositor holds it from the commit
/// that attaches it until it sends `release`; until then nothing draws in it.
final class ShmBuffer {
    let width: Int
    let height: Int
    let buffer: OpaquePointer
    let image: OpaquePointer
    private let memory: UnsafeMutableRawPointer
    private let length: Int
    /// Attached and not yet released.
    var isHeld = false
    /// Dropped by its surface while held: destroyed once released.
    var isDiscarded = false

    init?(shm: OpaquePointer, width: Int, height: Int) {
        let stride = width * 4
        length = stride * height
        let descriptor = rewrap_memfd()
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        guard ftruncate(descriptor, off_t(length)) == 0,
              let mapped = mmap(nil, length, PROT_READ | PROT_WRITE, MAP_SHARED, descriptor, 0), mapped != MAP_FAILED else {
            return nil
        }
        memory = mapped
        let pool = wl_shm_create_pool(shm, descriptor, Int32(length))
        buffer = wl_shm_pool_create_buffer(pool, 0, Int32(width), Int32(height), Int32(stride), WL_SHM_FORMAT_XRGB8888.rawValue)
        wl_shm_pool_destroy(pool)
        image = pixman_image_create_bits(PIXMAN_x8r8g8b8, Int32(width), Int32(height),
                                         mapped.assumingMemoryBound(to: UInt32.self), Int32(stride))
        self.width = width
        self.height = height
        wl_buffer_add_listener(buffer, &Self.listener, Unmanaged.passUnretained(self).toOpaque())
    }

    deinit {
        wl_buffer_destroy(buffer)
        pixman_image_unref(image)
        munmap(memory, length)
    }

    /// Row `y`'s pixels.
    func row(_ y: Int) -> UnsafeMutableRawPointer { memory + y * width * 4 }

    private nonisolated(unsafe) static var listener = wl_buffer_listener(release: { data, _ in
        let buffer = Unmanaged<ShmBuffer>.fromOpaque(data!).takeUnretainedValue()
        buffer.isHeld = false
    })
}
