import Foundation
import ScrimCore

/// What a plugin's code sees besides the sandbox's base: `scrim`, its own `print`, and `require`,
/// which finds other files of the plugin directories.
extension PluginLibrary {
    /// Lets `require` find the files of `directory` too (once).
    package func addRequireDirectory(_ directory: String) {
        guard !directories.contains(directory), !requireDirectories.contains(directory) else { return }
        requireDirectories.append(directory)
        requireCache = [:]
    }

    /// The environment of a plugin: the sandbox's, with `scrim`, `print` and `require`.
    func makeEnvironment(for name: String) throws(LuaError) -> LuaReference {
        let print = runtime.makeFunction { [weak self] call in
            self?.onLog?(name, call.currentLine(), call.joinedArguments())
            return 0
        }
        let require = runtime.makeFunction { [weak self] call in
            guard let self else { return 0 }
            return try self.require(call)
        }
        let environment = try runtime.sandbox.makeEnvironment(print: print, require: require)
        runtime.withStack { call in
            call.push(environment)
            call.push(module)
            call.setField("scrim")
        }
        return environment
    }

    /// `require("scrim")` or `require("other")` (another file of the plugin directories, as text).
    private func require(_ call: LuaCall) throws -> Int32 {
        let name = try call.string(1, "require")
        if name == "scrim" {
            call.push(module)
            return 1
        }
        guard name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." || $0 == "-" }),
            let path = (directories + requireDirectories).map({ "\($0)/\(name.replacingOccurrences(of: ".", with: "/")).lua" })
                .first(where: { FileManager.default.fileExists(atPath: $0) })
        else {
            let searched = (directories + requireDirectories).joined(separator: ", ")
            throw LuaCallError("module '\(name)' not found in the plugin directories (\(searched.isEmpty ? "none" : searched)): plugins may require 'scrim' and plugin files only")
        }
        if let cached = requireCache[path] {
            call.push(cached)
            return 1
        }
        if let start = requiring.firstIndex(where: { $0.path == path }) {
            let cycle = requiring[start...].map(\.name) + [name]
            throw LuaCallError("require cycle: \(cycle.map { "'\($0)'" }.joined(separator: " → ")); a module cannot require itself, even through others")
        }
        let data: Data
        do {
            data = try FileContents.read(atPath: path)
        } catch {
            throw LuaCallError("module '\(name)': cannot read \(path): \(error)")
        }
        guard data.first != 0x1B else { throw LuaCallError("module '\(name)': precompiled bytecode is refused") }
        let environment = try makeEnvironment(for: name)
        requiring.append((name, path))
        defer { requiring.removeLast() }
        let exports = try runtime.run(String(decoding: data, as: UTF8.self), chunkName: path, environment: environment) { result in
            result.reference(-1)
        }
        requireCache[path] = exports
        call.push(exports)
        return 1
    }
}
