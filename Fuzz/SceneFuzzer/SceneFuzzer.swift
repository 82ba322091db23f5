import Foundation
import Scrim
import ScrimJSON

/// What libFuzzer calls with each input: a scene, as `scrim/loadScene` reads one. The first byte chooses the form:
/// even, the rest is JSON decoded into a scene and built; odd, the rest is a Lua scene file run in
/// the sandbox (with small limits) and then decoded and built.
func fuzzScene(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size > 0 else { return 0 }
    let bytes = Array(UnsafeBufferPointer(start: data + 1, count: size - 1))
    let isJSON = data[0] % 2 == 0
    MainActor.assumeIsolated {
        if isJSON {
            guard let json = try? JSONValue(parsing: bytes), let scene = try? SceneDescription(json: json, path: "scene") else { return }
            _ = scene.build()
        } else {
            SceneFuzzHost.evaluate(bytes)
        }
    }
    return 0
}

@MainActor
enum SceneFuzzHost {
    static let host = try! ScrimHost(limits: .init(instructionBudget: 200_000, memoryLimit: 16 << 20, timeLimit: .milliseconds(200)))
    static let file = FileManager.default.temporaryDirectory.appendingPathComponent("scrim-fuzz-scene-\(getpid()).lua")

    static func evaluate(_ bytes: [UInt8]) {
        guard FileManager.default.createFile(atPath: file.path, contents: Data(bytes)) else { return }
        guard let scene = try? SceneDescription(contentsOf: file, evaluatingLuaWith: host) else { return }
        _ = scene.build()
    }
}
