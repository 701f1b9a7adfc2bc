import CWayland
#if canImport(Glibc)
import Glibc
#endif

/// One wl_shm buffer: shared memory the compositor reads, with a pixman
/// image over it to draw with. The compositor holds it from the commit
/// that attaches it until it sends `release`; until then nothing draws in
/// it. Its memory outlives a change of size that still fits, so a window
/// dragged through many sizes touches no new pages.
final class ShmBuffer {
    private(set) var width: Int
    private(set) var height: Int
    private(set) var buffer: OpaquePointer
    private(set) var image: OpaquePointer
    private let pool: OpaquePointer
    private let memory: UnsafeMutableRawPointer
    /// Bytes of memory: at least `width * height * 4`.
    let capacity: Int
    /// Attached and not yet released.
    var isHeld = false

    init?(shm: OpaquePointer, width: Int, height: Int, capacity: Int) {
        let descriptor = rewrap_memfd()
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        guard ftruncate(descriptor, off_t(capacity)) == 0,
              let mapped = mmap(nil, capacity, PROT_READ | PROT_WRITE, MAP_SHARED, descriptor, 0), mapped != MAP_FAILED else {
            return nil
        }
        memory = mapped
        self.capacity = capacity
        pool = wl_shm_create_pool(shm, descriptor, Int32(capacity))
        self.width = width
        self.height = height
        (buffer, image) = Self.make(pool: pool, memory: mapped, width: width, height: height)
        wl_buffer_add_listener(buffer, &Self.listener, Unmanaged.passUnretained(self).toOpaque())
    }

    deinit {
        wl_buffer_destroy(buffer)
        wl_shm_pool_destroy(pool)
        pixman_image_unref(image)
        munmap(memory, capacity)
    }

    private static func make(pool: OpaquePointer, memory: UnsafeMutableRawPointer, width: Int, height: Int)
        -> (OpaquePointer, OpaquePointer) {
        let buffer = wl_shm_pool_create_buffer(pool, 0, Int32(width), Int32(height), Int32(width * 4),
                                               WL_SHM_FORMAT_XRGB8888.rawValue)!
        let image = pixman_image_create_bits(PIXMAN_x8r8g8b8, Int32(width), Int32(height),
                                             memory.assumingMemoryBound(to: UInt32.self), Int32(width * 4))!
        return (buffer, image)
    }

    /// Takes another size in the same memory; only while not held.
    func reshape(width: Int, height: Int) {
        precondition(!isHeld && width * height * 4 <= capacity, "a held or too small buffer cannot take a new size")
        guard width != self.width || height != self.height else { return }
        wl_buffer_destroy(buffer)
        pixman_image_unref(image)
        self.width = width
        self.height = height
        (buffer, image) = Self.make(pool: pool, memory: memory, width: width, height: height)
        wl_buffer_add_listener(buffer, &Self.listener, Unmanaged.passUnretained(self).toOpaque())
    }

    /// Row `y`'s pixels.
    func row(_ y: Int) -> UnsafeMutableRawPointer { memory + y * width * 4 }

    private nonisolated(unsafe) static var listener = wl_buffer_listener(release: { data, _ in
        let buffer = Unmanaged<ShmBuffer>.fromOpaque(data!).takeUnretainedValue()
        buffer.isHeld = false
    })
}
