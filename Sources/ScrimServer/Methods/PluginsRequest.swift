/// `scrim/plugins {}` → `{ plugins: [{ name, path, roles, generation, diagnostics }] }`; the
/// diagnostics are LSP `Diagnostic`s.
enum PluginsRequest: RequestHandler {
    static let method = "scrim/plugins"

    static func handle(_ params: Params, in session: Session) throws(ResponseError) -> JSONValue {
        let encoding = session.options.positionEncoding
        return ["plugins": .array(session.host.plugins.map { plugin in
            let lines = try? String(contentsOfFile: plugin.path, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
            let uri = session.uri(forPath: plugin.path)
            return [
                "name": .string(plugin.name), "path": .string(plugin.path),
                "roles": .array(plugin.roles.map { .string($0.rawValue) }), "generation": .int(plugin.generation),
                "diagnostics": .array(plugin.diagnostics.map { $0.lspJSON(uri: uri, encoding: encoding, lines: lines) }),
            ]
        })]
    }
}
