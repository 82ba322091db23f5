import Foundation
internal import ScrimJSON

/// `initialize { processId?, rootUri?, capabilities?, initializationOptions? }` → `{ capabilities,
/// serverInfo }` (Docs/Protocol.md, "initialize"): reads the client's options, starts the session
/// (the host, its plugins and window) and says what the server can do: with a preview launcher,
/// the `scrim.preview` command and its code lens too.
enum InitializeRequest: ServerRequestHandler {
    static let method = "initialize"

    static func handle(_ params: Params, in server: LanguageServer) throws(ResponseError) -> JSONValue {
        var options = server.baseOptions
        if let root = try params.optionalString("rootUri"), let path = DocumentURI.path(of: root) {
            options.rootDirectory = URL(fileURLWithPath: path)
        }
        let client = try params.optionalNested("capabilities")
        if let encodings = try client?.optionalNested("general")?.optionalStrings("positionEncodings"),
            encodings.contains("utf-8")
        {
            options.positionEncoding = .utf8
        }
        options.clientShowsDocuments = (try? client?.optionalNested("window")?.optionalNested("showDocument")?
            .optionalBool("support")) == true
        server.registersWatchedFiles = (try? client?.optionalNested("workspace")?.optionalNested("didChangeWatchedFiles")?
            .optionalBool("dynamicRegistration")) == true
        if let initializationOptions = try params.optionalNested("initializationOptions") {
            try options.read(initializationOptions)
        }
        if options.pluginDirectories.isEmpty, let shipped = options.defaultPluginDirectory {
            options.pluginDirectories = [shipped]
        }
        if params.contains("processId") { server.watchParent(try params.integer("processId")) }
        try server.startSession(options)
        var capabilities: JSONObject = [
            "positionEncoding": .string(options.positionEncoding.rawValue),
            "textDocumentSync": ["openClose": true, "change": 1, "save": ["includeText": false]],
            "experimental": ["scrim": ["methods": .array(MethodRegistry.sessionRequests.map { $0.method }.sorted().map { .string($0) })]],
        ]
        // The preview, export and render commands and their code lenses, when the server can
        // start previews.
        if server.preview != nil {
            capabilities["executeCommandProvider"] = ["commands": .array(ExecuteCommandRequest.commands.map { .string($0) })]
            capabilities["codeLensProvider"] = ["resolveProvider": false]
        }
        return [
            "capabilities": .object(capabilities),
            "serverInfo": ["name": .string(ServerInfo.name), "version": .string(ServerInfo.version)],
        ]
    }
}
