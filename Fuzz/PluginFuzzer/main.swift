import CLibFuzzer
import Foundation

// libFuzzer's driver, with `fuzzPlugin` as the function it fuzzes.
var argc = CommandLine.argc
var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
exit(LLVMFuzzerRunDriver(&argc, &argv) { data, size in fuzzPlugin(data!, size) })
