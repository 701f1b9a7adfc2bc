#ifndef REWRAP_ALLOCATION_COUNT_H
#define REWRAP_ALLOCATION_COUNT_H

#include <stdbool.h>

// Counts the calls to malloc, calloc, realloc and the aligned allocators
// made on one thread while it asks, for tests of what code allocates. The
// test binary's own malloc and friends, which hand every call on to glibc's
// (__libc_malloc and the rest); none under a sanitizer, which has its own.

// Whether this binary counts at all (false under a sanitizer).
bool rewrap_allocation_count_available(void);
// Starts or stops counting this thread's allocations; returns whether it counted before.
bool rewrap_allocation_count_on_this_thread(bool on);
// The allocations counted since the last call, which starts the count afresh.
long rewrap_allocation_count_take(void);

#endif
