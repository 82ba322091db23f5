import Foundation
import ScrimHost
import ScrimJSON
import ScrimTestSupport
import Testing
@testable import ScrimServer

/// Files are files (Docs/Reliability.md, *Special files*): a FIFO, `/dev/zero` through a symbolic
/// link, a directory with a file's name and a file over 8 MiB, given as a plugin, a scene, an
/// interaction file and a preview target, each end with its exact error and nothing blocks.
@MainActor @Suite struct SpecialFileTests {
    /// The special files, by kind, with the error each gets.
    static let kinds: [(name: String, error: String)] = [
        ("fifo", "not a regular file (a FIFO)"),
        ("zero", "not a regular file (a character device)"),
        ("dir", "not a regular file (a directory)"),
        ("big", "larger than 8 MiB"),
    ]

    /// A directory holding `fifo`, `zero` (→ /dev/zero), `dir` and `big` (8 MiB + 1, sparse), each
    /// with the extension `ext`.
    static func specialFiles(_ ext: String) throws -> URL {
        let directory = try temporaryDirectory()
        let path = { (name: String) in directory.appendingPathComponent("\(name).\(ext)").path }
        #expect(mkfifo(path("fifo"), 0o600) == 0)
        try FileManager.default.createSymbolicLink(atPath: path("zero"), withDestinationPath: "/dev/zero")
        try FileManager.default.createDirectory(atPath: path("dir"), withIntermediateDirectories: false)
        #expect(FileManager.default.createFile(atPath: path("big"), contents: nil))
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path("big")))
        try handle.truncate(atOffset: UInt64(8 * 1024 * 1024 + 1))
        try handle.close()
        return directory
    }

    @Test func aPluginThatIsNoRegularFileIsADiagnostic() throws {
        let directory = try Self.specialFiles("lua")
        defer { try? FileManager.default.removeItem(at: directory) }
        let host = try ScrimHost(plugins: directory)
        #expect(host.plugins.isEmpty)
        for (name, error) in Self.kinds {
            let path = directory.appendingPathComponent("\(name).lua").path
            #expect(host.scriptDiagnostics[path]?.map(\.message) == ["cannot read \(name).lua: \(error)"], "\(name)")
        }
    }

    @Test func aSceneThatIsNoRegularFileIs1005() throws {
        for ext in ["json", "lua"] {
            let directory = try Self.specialFiles(ext)
            defer { try? FileManager.default.removeItem(at: directory) }
            let h = ServerHarness()
            h.start()
            for (name, error) in Self.kinds {
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
        let directory = try Self.specialFiles("json")
        defer { try? FileManager.default.removeItem(at: directory) }
        for (name, error) in Self.kinds {
            let url = directory.appendingPathComponent("\(name).json")
            #expect {
                try InteractionScript(contentsOf: url)
            } throws: { failure in
                "\(failure)" == "\(url.path): cannot read the interaction file: \(error)"
            }
        }
    }

    @Test func scrimRunWithASpecialInteractionFileEnds() async throws {
        let directory = try Self.specialFiles("json")
        defer { try? FileManager.default.removeItem(at: directory) }
        for (name, error) in Self.kinds {
            let result = try await ScrimExecutable.run(["run", "--interaction", "\(name).json"], in: directory)
            #expect(result.status != nil && result.status != 0, "\(name)")
            // The command line itself refuses a directory before reading it.
            let expected = name == "dir" ? "--interaction: dir.json: no such readable file" : "cannot read the interaction file: \(error)"
            #expect(result.stderr.contains(expected), "\(name): \(result.stderr)")
        }
    }

    @Test func aPreviewOfNoRegularFileIs1012() async throws {
        let directory = try Self.specialFiles("lua")
        defer { try? FileManager.default.removeItem(at: directory) }
        let h = ServerHarness(preview: { _, _ in URL(string: "http://127.0.0.1:1/")! })
        h.start()
        for (name, error) in Self.kinds {
            let url = directory.appendingPathComponent("\(name).lua")
            let answer = await h.deferredRequest("workspace/executeCommand", [
                "command": "scrim.preview", "arguments": [.string(url.absoluteString)],
            ])
            #expect(answer["error"]?["code"] == 1012, "\(name)")
            #expect(answer["error"]?["message"] == .string("params.arguments[0]: \(url.path) cannot be previewed: \(error)"), "\(name)")
        }
    }
}
