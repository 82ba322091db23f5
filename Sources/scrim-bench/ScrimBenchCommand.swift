import ArgumentParser
import CAllocationCounter
import Foundation
import ScrimBench

/// `scrim-bench`: `scrim bench` with heap-allocation counts. It replaces `malloc` (through
/// CAllocationCounter) to count, which the shipped `scrim` binary does not.
@main
struct ScrimBenchCommand {
    static func main() async {
        AllocationCounting.current = AllocationCounting(
            enable: { scrim_allocation_counting_enable($0 ? 1 : 0) }, count: { scrim_allocation_count() })
        do {
            let command = try BenchCommand.parse(Array(CommandLine.arguments.dropFirst()))
            try await command.run()
        } catch {
            if BenchCommand.exitCode(for: error) == .validationFailure {
                FileHandle.standardError.write(Data((BenchCommand.fullMessage(for: error) + "\n").utf8))
                Foundation.exit(2)
            }
            BenchCommand.exit(withError: error)
        }
    }
}
