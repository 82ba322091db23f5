/// `scrim/reload { name? }` → `{ reloaded: [name] }`: reloads one plugin or all of them from
/// disk. A file that fails keeps its old version and publishes its diagnostics.
enum ReloadRequest: RequestHandler {
    static let method = "scrim/reload"

    static func handle(_ params: Params, in session: Session) throws(ResponseError) -> JSONValue {
        let name = try params.optionalString("name")
        if let name, !session.host.plugins.contains(where: { $0.name == name }) {
            throw ResponseError(
                .pluginNotFound,
                "\(params.field("name")): no plugin '\(name)' (loaded: \(session.host.plugins.map(\.name).joined(separator: ", ")))")
        }
        return ["reloaded": .array(session.host.reload(name).map { .string($0) })]
    }
}
