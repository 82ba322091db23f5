// CHeapStatistics: what glibc's allocator holds, for the memory benchmarks. (mallinfo2 is
// declared in <malloc.h>, which Swift's Glibc module does not export.)
#ifndef SCRIM_C_HEAP_STATISTICS_H
#define SCRIM_C_HEAP_STATISTICS_H

#include <stdint.h>

/// Bytes glibc's allocator has handed out and not had back (`mallinfo2().uordblks`): a leak
/// shows as growth here long before it shows in the resident set size.
uint64_t scrim_heap_in_use(void);

#endif
