#include "CHeapStatistics.h"

#include <malloc.h>

uint64_t scrim_heap_in_use(void) { return (uint64_t)mallinfo2().uordblks; }
