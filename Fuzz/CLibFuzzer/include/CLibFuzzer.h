// CLibFuzzer: libFuzzer's driver, for the fuzzers' own `main` (SwiftPM gives an executable's
// `main` its own name, so libFuzzer's `main` cannot be used; the fuzzers call the driver).
#ifndef SCRIM_C_LIBFUZZER_H
#define SCRIM_C_LIBFUZZER_H

#include <stddef.h>
#include <stdint.h>

// Runs libFuzzer with the command line and the function it fuzzes (linked by -sanitize=fuzzer).
int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));

#endif
