// The declaration is all: the driver comes from libFuzzer's runtime.
#include "CLibFuzzer.h"
