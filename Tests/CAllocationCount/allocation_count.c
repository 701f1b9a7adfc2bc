#include "allocation_count.h"

#include <errno.h>
#include <stddef.h>

#if defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer) || __has_feature(memory_sanitizer)
#define REWRAP_SANITIZED 1
#endif
#endif

#ifndef REWRAP_SANITIZED

extern void *__libc_malloc(size_t size);
extern void *__libc_calloc(size_t count, size_t size);
extern void *__libc_realloc(void *pointer, size_t size);
extern void *__libc_memalign(size_t alignment, size_t size);
extern void __libc_free(void *pointer);

static __thread bool counting;
static long counted;

static void count(void) {
    if (counting) __atomic_add_fetch(&counted, 1, __ATOMIC_RELAXED);
}

void *malloc(size_t size) { count(); return __libc_malloc(size); }
void *calloc(size_t count_, size_t size) { count(); return __libc_calloc(count_, size); }
void *realloc(void *pointer, size_t size) { count(); return __libc_realloc(pointer, size); }
void *memalign(size_t alignment, size_t size) { count(); return __libc_memalign(alignment, size); }
void *aligned_alloc(size_t alignment, size_t size) { count(); return __libc_memalign(alignment, size); }
void free(void *pointer) { __libc_free(pointer); }

int posix_memalign(void **result, size_t alignment, size_t size) {
    if (alignment % sizeof(void *) != 0 || (alignment & (alignment - 1)) != 0) return EINVAL;
    count();
    void *pointer = __libc_memalign(alignment, size);
    if (pointer == NULL && size != 0) return ENOMEM;
    *result = pointer;
    return 0;
}

bool rewrap_allocation_count_available(void) { return true; }

bool rewrap_allocation_count_on_this_thread(bool on) {
    bool was = counting;
    counting = on;
    return was;
}

long rewrap_allocation_count_take(void) { return __atomic_exchange_n(&counted, 0, __ATOMIC_RELAXED); }

#else

bool rewrap_allocation_count_available(void) { return false; }
bool rewrap_allocation_count_on_this_thread(bool on) { (void)on; return false; }
long rewrap_allocation_count_take(void) { return 0; }

#endif
