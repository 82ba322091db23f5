import ScrimCore
internal import ScrimJSON
import ScrimHost

/// `scrim/plugins {}` → `{ plugins: [{ name, path, roles, generation, diagnostics }] }`; the
/// diagnostics are LSP `Diagnostic`s. A plugin file that has never loaded (broken since the
/// start) is listed too, under its file name, with no roles, generation 0 and its diagnostics.
enum PluginsRequest: RequestHandler {
    static let method = "scrim/plugins"

    static func handle(_ params: Params, in session: Session) throws(ResponseError) -> JSONValue {
        let host = session.host
        let loaded = host.plugins
        let neverLoaded = host.unloadedPluginFiles.compactMap { path -> (String, [ScriptDiagnostic])? in
            guard let list = host.scriptDiagnostics[path], !list.isEmpty else { return nil }
            return (path, list)
        }
        let entries =
            loaded.map { ($0.name, $0.path, $0.roles.map(\.rawValue), $0.generation, $0.diagnostics) }
            + neverLoaded.map { path, list in (ScrimHost.defaultPluginName(ofFile: path), path, [], 0, list) }
        return ["plugins": .array(entries.map { name, path, roles, generation, diagnostics in
            let lines = (try? FileContents.read(atPath: path)).map {
                String(decoding: $0, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
            }
            let uri = session.uri(forPath: path)
            let encoding = session.options.positionEncoding
            return [
                "name": .string(name), "path": .string(path), "roles": .array(roles.map { .string($0) }),
                "generation": .int(generation),
                "diagnostics": .array(diagnostics.map { $0.lspJSON(uri: uri, encoding: encoding, lines: lines) }),
            ]
        })]
    }
}
