import Foundation

/// A new temporary directory holding `files` (name → text); the caller removes it.
public func temporaryDirectory(_ files: [String: String] = [:]) throws -> URL {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("scrim-test-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    for (name, text) in files {
        try text.write(to: directory.appendingPathComponent(name), atomically: true, encoding: .utf8)
    }
    return directory
}
