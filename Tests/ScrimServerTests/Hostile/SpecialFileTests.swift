import Foundation
import ScrimHost
import ScrimJSON
import ScrimTestSupport
import Testing
@testable import ScrimServer

/// Files are files (Docs/Reliability.md, *Special files*): a FIFO, `/dev/zero` through a symbolic
/// link, a directory with a file's name and a file over 8 MiB, given as a plugin, a scene, an
/// interaction file and a preview target, each end with its exact error and nothing blocks (and
/// `scrim run` given one: `ScrimRunFaultTests`).
@MainActor @Suite struct SpecialFileTests {
    @Test func aPluginThatIsNoRegularFileIsADiagnostic() throws {
        let directory = try SpecialFiles.make("lua")
        defer { try? FileManager.default.removeItem(at: directory) }
        let host = try ScrimHost(plugins: directory)
        #expect(host.plugins.isEmpty)
        for (name, error) in SpecialFiles.kinds {
            let path = directory.appendingPathComponent("\(name).lua").path
            #expect(host.scriptDiagnostics[path]?.map(\.message) == ["cannot read \(name).lua: \(error)"], "\(name)")
        }
    }

    @Test func aSceneThatIsNoRegularFileIs1005() throws {
        for ext in ["json", "lua"] {
            let directory = try SpecialFiles.make(ext)
            defer { try? FileManager.default.removeItem(at: directory) }
            let h = ServerHarness()
            h.start()
            for (name, error) in SpecialFiles.kinds {
                let path = directory.appendingPathComponent("\(name).\(ext)").path
                let answer = h.request("scrim/loadScene", ["scene": .string(path)])
                #expect(answer["error"]?["code"] == 1005, "\(name).\(ext)")
                let message = answer["error"]?["message"]?.stringValue ?? ""
                let expected = ext == "json" ? "\(path): cannot read the scene file: \(error)" : "cannot read the file: \(error)"
                #expect(message.contains(expected), "\(name).\(ext): \(message)")
            }
        }
    }

    @Test func anInteractionFileThatIsNoRegularFileIsRefused() throws {
        let directory = try SpecialFiles.make("json")
        defer { try? FileManager.default.removeItem(at: directory) }
        for (name, error) in SpecialFiles.kinds {
            let url = directory.appendingPathComponent("\(name).json")
            #expect {
                try InteractionScript(contentsOf: url)
            } throws: { failure in
                "\(failure)" == "\(url.path): cannot read the interaction file: \(error)"
            }
        }
    }

    @Test func aPreviewOfNoRegularFileIs1012() async throws {
        let directory = try SpecialFiles.make("lua")
        defer { try? FileManager.default.removeItem(at: directory) }
        let h = ServerHarness(preview: { _, _ in URL(string: "http://127.0.0.1:1/")! })
        h.start()
        for (name, error) in SpecialFiles.kinds {
            let url = directory.appendingPathComponent("\(name).lua")
            let answer = await h.deferredRequest("workspace/executeCommand", [
                "command": "scrim.preview", "arguments": [.string(url.absoluteString)],
            ])
            #expect(answer["error"]?["code"] == 1012, "\(name)")
            #expect(answer["error"]?["message"] == .string("params.arguments[0]: \(url.path) cannot be previewed: \(error)"), "\(name)")
        }
    }
}
