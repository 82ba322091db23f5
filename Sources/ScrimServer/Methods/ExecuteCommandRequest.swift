import Foundation
import ScrimCore
import ScrimHost
internal import ScrimJSON

/// `workspace/executeCommand { command, arguments: [uri] }`, for a plugin file:
///
/// - `scrim.preview` → `{ url, showDocument }`: starts the live preview of the plugin (or finds
///   the one already running for the same arguments) and answers with its page's URL; the faults
///   of each play of the preview are published on the file as its play diagnostics. When the
///   client shows documents (`window/showDocument`, LSP 3.16) it is asked to open the page in the
///   browser (`external: true`) and `showDocument` is true; a client that cannot is told the URL
///   in a `window/showMessage`.
/// - `scrim.exportSwift` and `scrim.renderGIF` → `{ path, uri, showDocument }`: make the
///   transition's Swift file or GIF (`PreviewArtifact`) and write it beside the plugin file. The
///   client is asked to open the Swift file in the editor, the GIF in its viewer (`external`).
///
/// The one argument is the plugin's `file:` URI, or `{ uri, scene?, style?, animator?, push?,
/// dismiss?, scenario?, interactive? }` (as `scrim preview`'s options; `scene` a path relative to
/// the workspace root, or `"demo"`).
enum ExecuteCommandRequest: DeferredRequestHandler {
    static let method = "workspace/executeCommand"
    /// The command: the live preview of a plugin file.
    static let preview = "scrim.preview"
    /// The commands that make a file of a plugin's transition, each with its artifact and the
    /// title of its code lens.
    static let artifacts: [(command: String, artifact: PreviewArtifact, title: String)] = [
        ("scrim.exportSwift", .swift, "Export Swift"), ("scrim.renderGIF", .gif, "Render GIF"),
    ]
    /// Every command, as `initialize` lists them.
    static let commands = [preview] + artifacts.map(\.command)

    static func start(_ params: Params, in session: Session) throws(ResponseError) -> DeferredAnswer {
        let command = try params.string("command")
        guard commands.contains(command) else {
            throw .invalidParams(
                params.field("command"), "unknown command '\(command)'; this server runs \(commands.map { "'\($0)'" }.joined(separator: ", "))")
        }
        guard let launcher = session.preview else {
            throw ResponseError(.previewFailed, "this server has no live preview (it was made without one; scrim serve has it)")
        }
        let request = try previewRequest(params, in: session)
        if let artifact = artifacts.first(where: { $0.command == command })?.artifact {
            return make(artifact, of: request, with: launcher, in: session)
        }
        let path = request.plugin.path
        return { () async throws(ResponseError) -> JSONValue in
            let url: URL
            do {
                url = try await launcher.launch(request) { [weak session] diagnostics in
                    session?.publishPlayDiagnostics(path: path, diagnostics)
                }
            } catch {
                throw ResponseError(.previewFailed, "the preview of \(request.plugin.lastPathComponent) could not start: \(error)")
            }
            let page = url.absoluteString
            let shows = session.options.clientShowsDocuments
            if shows { show(page, external: true, in: session, otherwise: "The editor did not open the Scrim preview: open \(page) in a browser.") }
            return ["url": .string(page), "showDocument": .bool(shows)]
        }
    }

    /// `scrim.exportSwift`, `scrim.renderGIF`: the launcher makes the file; the client is asked to
    /// show it.
    private static func make(
        _ artifact: PreviewArtifact, of request: PreviewRequest, with launcher: any PreviewLauncher, in session: Session
    ) -> DeferredAnswer {
        let generation = session.host.plugins.first { $0.path == request.plugin.path }?.generation ?? 1
        return { () async throws(ResponseError) -> JSONValue in
            let file: URL
            do {
                file = try await launcher.make(artifact, of: request, generation: generation)
            } catch {
                throw ResponseError(.artifactFailed, "\(artifact.noun) of \(request.plugin.lastPathComponent) could not be made: \(error)")
            }
            let uri = file.standardizedFileURL.absoluteString
            let shows = session.options.clientShowsDocuments
            if shows { show(uri, external: artifact == .gif, in: session, otherwise: "Scrim wrote \(file.path).") }
            return ["path": .string(file.path), "uri": .string(uri), "showDocument": .bool(shows)]
        }
    }

    /// Asks the client to show `uri` (in the browser or its viewer with `external`); if it does
    /// not, it is told `otherwise` in a `window/showMessage`.
    private static func show(_ uri: String, external: Bool, in session: Session, otherwise: String) {
        var params: JSONObject = ["uri": .string(uri)]
        if external {
            params["external"] = true
        } else {
            // At the file's start (Neovim 0.7 jumps to a selection, and needs one).
            let start: JSONValue = ["line": 0, "character": 0]
            params["takeFocus"] = true
            params["selection"] = ["start": start, "end": start]
        }
        session.request("window/showDocument", .object(params)) { result, error in
            guard error != nil || result?["success"]?.boolValue != true else { return }
            session.send(OutgoingMessage.notification(ServerNotification.showMessage, ["type": 2, "message": .string(otherwise)]))
        }
    }

    /// The preview the arguments ask for; every problem is a -32602 naming the field (a plugin
    /// file that does not exist: 1003; one that is not a regular file or is too large: 1012).
    private static func previewRequest(_ params: Params, in session: Session) throws(ResponseError) -> PreviewRequest {
        let arguments = try params.array("arguments")
        let field = params.field("arguments") + "[0]"
        let options: Params
        let uri: String, uriField: String
        switch arguments.first {
        case .string(let text)?:
            (options, uri, uriField) = (Params(members: [:], path: field), text, field)
        case .object(let object)?:
            options = Params(members: object, path: field)
            (uri, uriField) = (try options.string("uri"), options.field("uri"))
        case let other:
            throw .invalidParams(
                field, "expected the plugin's URI or { uri, … }, got \(other.map(\.typeNameWithArticle) ?? "nothing")")
        }
        guard let path = DocumentURI.path(of: uri) else {
            throw .invalidParams(uriField, "expected the file: URI of a plugin, got '\(uri)'")
        }
        guard ScrimHost.isPluginFileName(path) else {
            throw .invalidParams(uriField, "\(path) is not a plugin file (a .lua file, not .d.lua, not hidden)")
        }
        do throws(FileReadError) {
            try FileContents.check(atPath: path)
        } catch .missing {
            throw ResponseError(.pluginNotFound, "\(uriField): no plugin file at \(path)")
        } catch {
            throw ResponseError(.previewFailed, "\(uriField): \(path) cannot be previewed: \(error)")
        }
        var scene: URL?
        if let name = try options.optionalString("scene"), name != "demo" {
            let url = session.options.resolve(name)
            do throws(FileReadError) {
                try FileContents.check(atPath: url.path)
            } catch .missing {
                throw .invalidParams(options.field("scene"), "no scene file at \(url.path)")
            } catch {
                throw .invalidParams(options.field("scene"), "\(url.path): cannot read the scene file: \(error)")
            }
            scene = url
        }
        let style = try options.optionalCase("style", ModalPresentationStyle.self)
        let push = try options.optionalBool("push") ?? false
        if push, style != nil {
            throw .invalidParams(options.field("style"), "a push has no presentation style")
        }
        let dismiss = try options.optionalBool("dismiss") ?? false
        var scenario: URL?
        if let name = try options.optionalString("scenario") {
            if push || dismiss {
                throw .invalidParams(options.field("scenario"), "a scenario says its steps: push and dismiss do not go with it")
            }
            let url = session.options.resolve(name)
            do {
                _ = try Scenario(contentsOf: url)
            } catch {
                throw .invalidParams(options.field("scenario"), error.message)
            }
            scenario = url
        }
        var interactive: InteractiveTransitions?
        if let word = try options.optionalChoice("interactive", InteractiveTransitions.words) {
            interactive = InteractiveTransitions(word: word)
        }
        return PreviewRequest(
            plugin: URL(fileURLWithPath: path), pluginDirectories: session.options.pluginDirectories, scene: scene,
            style: style, animator: try options.optionalString("animator"), push: push, dismiss: dismiss, scenario: scenario,
            interactive: interactive)
    }
}
