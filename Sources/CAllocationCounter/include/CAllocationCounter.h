// CAllocationCounter: counts heap allocations so `scrim-bench` can show that a frame allocates
// nothing. The executable defines malloc/calloc/realloc/posix_memalign/aligned_alloc/memalign,
// which the dynamic linker binds ahead of glibc's; each counts and forwards to glibc's
// __libc_* entry points. Counting is off until enabled, and costs one relaxed atomic add.
#ifndef SCRIM_C_ALLOCATION_COUNTER_H
#define SCRIM_C_ALLOCATION_COUNTER_H

#include <stdint.h>

/// Starts or stops counting.
void scrim_allocation_counting_enable(int enabled);

/// Allocations counted since counting was last enabled.
uint64_t scrim_allocation_count(void);

#endif
