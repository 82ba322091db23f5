import CLibFuzzer
import Foundation

// libFuzzer's driver, with `fuzzScene` as the function it fuzzes.
var argc = CommandLine.argc
var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
exit(LLVMFuzzerRunDriver(&argc, &argv) { data, size in fuzzScene(data!, size) })
