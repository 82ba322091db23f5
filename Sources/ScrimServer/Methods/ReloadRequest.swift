internal import ScrimJSON
import ScrimHost

/// `scrim/reload { name? }` → `{ reloaded: [name] }`: reloads one plugin or all of them from
/// disk (a file that never loaded is named by its file name). A file that fails keeps its old
/// version and publishes its diagnostics.
enum ReloadRequest: RequestHandler {
    static let method = "scrim/reload"

    static func handle(_ params: Params, in session: Session) throws(ResponseError) -> JSONValue {
        let name = try params.optionalString("name")
        let host = session.host
        let known = host.plugins.map(\.name) + host.unloadedPluginFiles.map(ScrimHost.defaultPluginName(ofFile:))
        if let name, !known.contains(name) {
            throw ResponseError(
                .pluginNotFound, "\(params.field("name")): no plugin '\(name)' (known: \(known.joined(separator: ", ")))")
        }
        return ["reloaded": .array(session.host.reload(name).map { .string($0) })]
    }
}
