import CLibFuzzer
import Foundation

// libFuzzer's driver, with `fuzzProtocol` as the function it fuzzes.
var argc = CommandLine.argc
var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
exit(LLVMFuzzerRunDriver(&argc, &argv) { data, size in fuzzProtocol(data!, size) })
