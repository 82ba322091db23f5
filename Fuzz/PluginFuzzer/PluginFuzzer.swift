import Foundation
import Scrim

/// What libFuzzer calls with each input: the input is a plugin file. It is loaded by a host (compiled, its top level
/// run in the sandbox, its roles detected) with the instruction and memory limits on; if it
/// loaded as an animator, the details screen is presented with it and the clock run for three
/// seconds (its methods, animations and completions run), then dismissed and run again.
func fuzzPlugin(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Data(UnsafeBufferPointer(start: data, count: size))
    MainActor.assumeIsolated { PluginFuzzHost.run(bytes) }
    return 0
}

@MainActor
enum PluginFuzzHost {
    static let directory: URL = {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("scrim-fuzz-plugin-\(getpid())")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }()
    static let limits = ScrimHost.Limits(instructionBudget: 200_000, memoryLimit: 16 << 20, timeLimit: .milliseconds(200))

    static func run(_ bytes: Data) {
        let file = directory.appendingPathComponent("fuzzed.lua")
        guard FileManager.default.createFile(atPath: file.path, contents: bytes) else { return }
        guard let host = try? ScrimHost(pluginDirectories: [directory], limits: limits) else { return }
        guard let plugin = host.plugins.first, plugin.roles.contains(.animator) else { return }
        let details = ViewController(id: "details")
        details.transitioningDelegate = try? host.delegate(animator: plugin.name)
        guard (try? host.rootViewController.present(details, animated: true)) != nil else { return }
        for _ in 0..<12 { host.advance(by: 0.25) }
        if details.presentingViewController != nil, (try? details.dismiss(animated: true)) != nil {
            for _ in 0..<12 { host.advance(by: 0.25) }
        }
    }
}
