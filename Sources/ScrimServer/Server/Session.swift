import Foundation
import ScrimCore
internal import ScrimJSON
import ScrimHost

/// Everything that exists after `initialize`: the host (window, clock, plugins — one for the
/// whole session; a new scene only changes what the window shows), the scene's view controllers
/// by id, the open documents and the frame subscription. The `scrim/*` methods and the document
/// notifications are its extensions in `Methods/`. It reports to the client through `send`.
@MainActor
final class Session {
    let options: SessionOptions
    let host: ScrimHost
    /// The scene's view controllers by id, and their order in the scene.
    private(set) var viewControllers: [String: ViewController] = [:]
    private(set) var sceneOrder: [String] = []
    /// The scene loaded last, as a storyboard: it makes new instances of its declarations
    /// (`scrim/push`, `scrim/show`, segues) and knows the ones alive (`detail#2`).
    private(set) var storyboard: SceneStoryboard?
    /// Open documents' text by URI (full sync).
    var documents: [String: String] = [:]
    /// While frames are subscribed: which views, and what was last sent.
    var frameSubscription: FrameRecorder?
    let send: (JSONValue) -> Void
    /// Sends a message already serialized (frames, written straight from the views).
    let sendSerialized: ([UInt8]) -> Void
    /// Sends the client a request of the server's own; the closure hears its result or error.
    let request: (_ method: String, _ params: JSONValue, _ onAnswer: (@MainActor (JSONValue?, JSONValue?) -> Void)?) -> Void
    /// Starts live previews (`scrim.preview`); nil: the server offers none.
    let preview: (any PreviewLauncher)?
    /// The diagnostics last published for each document besides its play diagnostics (its load
    /// or check diagnostics, the faults of the host's own transitions), by path (by URI for a
    /// document that is not a file); empty lists are not kept.
    private var documentDiagnostics: [String: [ScriptDiagnostic]] = [:]
    /// The play diagnostics of each plugin file by path: those of its newest play, the play-check
    /// or a live preview's (`PlayDiagnostics`).
    private var playDiagnostics: [String: [ScriptDiagnostic]] = [:]

    init(
        options: SessionOptions, preview: (any PreviewLauncher)?, send: @escaping (JSONValue) -> Void,
        sendSerialized: @escaping ([UInt8]) -> Void,
        request: @escaping (String, JSONValue, (@MainActor (JSONValue?, JSONValue?) -> Void)?) -> Void
    ) throws(ResponseError) {
        self.options = options
        self.preview = preview
        self.send = send
        self.sendSerialized = sendSerialized
        self.request = request
        do {
            host = try ScrimHost(
                pluginDirectories: options.pluginDirectories,
                clock: options.realTime ? .realTime(frameRate: options.frameRate) : .manual(frameRate: options.frameRate),
                windowSize: options.windowSize, limits: options.limits)
        } catch {
            throw ResponseError(.internalError, "the host could not start: \(error)")
        }
        host.window.forcedHorizontalSizeClass = options.horizontalSizeClass
        let root = host.rootViewController
        viewControllers = [root.id: root]
        sceneOrder = [root.id]
        attach()
    }

    /// Hooks the host's reports up to notifications.
    private func attach() {
        host.onFrame { [weak self] time in self?.sendFrame(time: time) }
        host.onTransition { [weak self] event in self?.transitionEvent(event) }
        host.onDiagnostics { [weak self] diagnostic in self?.hostDiagnostic(diagnostic) }
        host.onReload { [weak self] reload in
            guard let self else { return }
            self.send(OutgoingMessage.notification(
                ServerNotification.pluginDidReload, ["name": .string(reload.plugin), "generation": .int(reload.generation)]))
        }
        host.onLog { [weak self] logged in
            let place = logged.line.map { "\(logged.plugin):\($0)" } ?? logged.plugin
            self?.send(OutgoingMessage.notification(
                ServerNotification.logMessage, ["type": 4, "message": .string("[\(place)] \(logged.text)")]))
        }
        // The plugins loaded with the host before these observers existed: their problems too.
        for (path, list) in host.scriptDiagnostics.sorted(by: { $0.key < $1.key }) where !list.isEmpty {
            publishDiagnostics(path: path, list)
        }
        if options.watch { host.watch(true) }
        if options.realTime { host.start() }
    }

    /// Ends the session: stops the clock and the watcher.
    func close() {
        host.stop()
        host.watch(false)
    }

    // MARK: Scenes

    /// Replaces the scene in the same host: the window takes the scene's size and size class and
    /// its root view controller; the old scene's presentations leave the window. The clock, the
    /// plugins (their generations and diagnostics) and the transition ids go on. Nothing changes
    /// if a transition is running or queued.
    func loadScene(_ scene: SceneDescription) throws(ResponseError) {
        let window = host.window
        guard !window.isTransitioning else {
            throw ResponseError(.transitionInProgress, "a transition is running; load the scene when it has ended")
        }
        let built = scene.build()
        let storyboard: SceneStoryboard
        do {
            try scene.applyDelegates(to: built, using: host)
            storyboard = try SceneStoryboard(scene: scene, built: built, host: host)
        } catch {
            throw ResponseError(.invalidScene, error.message)
        }
        window.forcedHorizontalSizeClass = scene.horizontalSizeClass
        window.frame = Rect(origin: .zero, size: scene.windowSize)
        window.rootViewController = built.root
        viewControllers = built.viewControllers
        sceneOrder = built.order
        self.storyboard = storyboard
        frameSubscription?.reset()
    }

    // MARK: Look-ups

    /// The instances alive now, after the scene's own, in the order made.
    var liveInstances: [ViewController] { storyboard?.liveInstances ?? [] }

    /// An instance of the declared view controller `id` to show: the scene's own while it is
    /// unused (no parent, not presented, its view not in the window), else a new one with the
    /// first free suffix (`id#2`, `id#3`, …).
    ///
    /// - Throws: 1001 naming the field when the scene declares no `id`; 1005 when a new instance
    ///   cannot be made (the scene is at its cap of view controllers, a delegate failed).
    func instantiate(_ id: String, field: String) throws(ResponseError) -> ViewController {
        guard let storyboard else {
            throw ResponseError(
                .unknownViewController,
                "\(field): the scene declares no view controller '\(id)' (declared: \(sceneOrder.joined(separator: ", ")))")
        }
        do {
            return try storyboard.instantiateViewController(withIdentifier: id)
        } catch .unknownViewController {
            throw ResponseError(
                .unknownViewController,
                "\(field): the scene declares no view controller '\(id)' (declared: \(sceneOrder.joined(separator: ", ")))")
        } catch .segueFailed(_, let message) where storyboard.isFull {
            throw ResponseError(.invalidScene, "\(field): \(message)")
        } catch {
            throw ResponseError(.invalidScene, "\(field): \(error)")
        }
    }

    /// The scene's view controller `id` (or a live instance, `detail#2`), or 1001 naming the field.
    func viewController(_ id: String, field: String) throws(ResponseError) -> ViewController {
        if let instance = liveInstances.first(where: { $0.id == id }) { return instance }
        guard let controller = viewControllers[id] else {
            throw ResponseError(
                .unknownViewController,
                "\(field): no view controller '\(id)' in the scene (known: \(sceneOrder.joined(separator: ", ")))")
        }
        return controller
    }

    /// The view controller the string param `key` names, as a `Container`: 1001 when there is no
    /// such view controller, 1010 saying it is not `what` ("a navigation controller").
    func container<Container: ViewController>(
        _ params: Params, _ key: String, as _: Container.Type, _ what: String
    ) throws(ResponseError) -> Container {
        let field = params.field(key)
        let controller = try viewController(try params.string(key), field: field)
        guard let container = controller as? Container else {
            throw ResponseError(.notAContainer, "\(field): '\(controller.id)' is not \(what)")
        }
        return container
    }

    /// The navigation controller that a `scrim/push` or `scrim/pop` names in `navigationController`.
    func navigationController(_ params: Params) throws(ResponseError) -> NavigationController {
        try container(params, "navigationController", as: NavigationController.self, "a navigation controller")
    }

    /// The view with `id` in the window, or nil.
    func view(_ id: String) -> View? { host.window.descendant(withID: id) }

    /// The top of the presentation chain from the root: what `present` presents from by default.
    ///
    /// - Throws: `TransitionError.graphCycle` on a corrupt graph.
    func topViewController() throws(TransitionError) -> ViewController {
        try host.rootViewController.last(along: .presentedViewController)
    }

    // MARK: Reports

    private func transitionEvent(_ event: TransitionEvent) {
        switch event {
        case .began(let transition, let kind, let from, let to, let interactive):
            send(OutgoingMessage.notification(ServerNotification.transitionDidBegin, [
                "transition": .int(transition), "kind": .string(kind.rawValue), "from": .string(from), "to": .string(to),
                "interactive": .bool(interactive),
            ]))
        case .ended(let transition, let completed):
            send(OutgoingMessage.notification(
                ServerNotification.transitionDidEnd, ["transition": .int(transition), "completed": .bool(completed)]))
        case .trace(let step):
            guard options.trace else { return }
            var params: JSONObject = [
                "transition": .int(step.transition), "step": .string(step.step.rawValue), "object": .string(step.object),
            ]
            if let detail = step.detail { params["detail"] = .string(detail) }
            send(OutgoingMessage.notification(ServerNotification.trace, .object(params)))
        case .diagnostic(let diagnostic):
            send(OutgoingMessage.notification(ServerNotification.logMessage, [
                "type": 1, "message": .string("transition \(diagnostic.transition.map(String.init) ?? "-"): \(diagnostic)"),
            ]))
        }
    }

    private func hostDiagnostic(_ diagnostic: HostDiagnostic) {
        guard case .script(let path, let list) = diagnostic else { return }
        publishDiagnostics(path: path, list)
    }

    /// `textDocument/publishDiagnostics` for the file at `path` (empty when it is clean).
    func publishDiagnostics(path: String, _ list: [ScriptDiagnostic]) {
        guard let uri = uri(forPath: path) else { return }
        publishDiagnostics(uri: uri, list)
    }

    /// `textDocument/publishDiagnostics` under `uri` exactly as the client names the document:
    /// `list`, then the file's play diagnostics (but one that `list` has already); positions are
    /// converted with its open text, else the file's.
    func publishDiagnostics(uri: String, _ list: [ScriptDiagnostic]) {
        let path = DocumentURI.path(of: uri)
        documentDiagnostics[path ?? uri] = list.isEmpty ? nil : list
        let played = (playDiagnostics[path ?? uri] ?? []).filter { play in
            !list.contains { $0.range == play.range && $0.message == play.message }
        }
        let text = documents[uri] ?? path.flatMap { path in
            (try? FileContents.read(atPath: path)).map { String(decoding: $0, as: UTF8.self) }
        }
        let lines = text.map { $0.split(separator: "\n", omittingEmptySubsequences: false) }
        send(OutgoingMessage.notification(ServerNotification.publishDiagnostics, [
            "uri": .string(uri),
            "diagnostics": .array((list + played).map { $0.lspJSON(uri: uri, encoding: options.positionEncoding, lines: lines) }),
        ]))
    }

    /// Replaces the play diagnostics of the plugin file at `path` (the newest play's win) and
    /// publishes the file's diagnostics again if they changed.
    func publishPlayDiagnostics(path: String, _ list: [ScriptDiagnostic]) {
        guard (playDiagnostics[path] ?? []) != list else { return }
        playDiagnostics[path] = list.isEmpty ? nil : list
        guard let uri = uri(forPath: path) else { return }
        publishDiagnostics(uri: uri, documentDiagnostics[path] ?? [])
    }

    /// Forgets the play diagnostics of the file at `path` without publishing (its document closed).
    func forgetPlayDiagnostics(path: String) {
        playDiagnostics[path] = nil
    }

    /// The URI the client knows the file at `path` by: an open document's, else the file's
    /// `file:` URI (nil when `path` is not an absolute path).
    func uri(forPath path: String) -> String? {
        documents.keys.first { DocumentURI.path(of: $0) == path } ?? DocumentURI.uri(forPath: path)
    }

    // MARK: Frames

    /// Sends `scrim/frame` with the subscribed views whose presentation changed since the last
    /// frame sent.
    private func sendFrame(time: Double) {
        guard let recorder = frameSubscription else { return }
        let changed = recorder.changes(in: host.window)
        guard !changed.isEmpty else { return }
        sendSerialized(FrameEncoder.notification(time: time, views: changed))
    }

    /// Starts (or changes) the frame subscription; what is on screen now is the baseline.
    func subscribeFrames(views: [String]?) {
        let recorder = FrameRecorder(views: views.map(Set.init))
        recorder.baseline(host.window)
        frameSubscription = recorder
    }
}

// MARK: - Documents

extension Session {
    /// Checks the open document `uri` (compile, top level in the sandbox, roles) and publishes
    /// its diagnostics under `uri`; the active plugins are untouched. A document that is not a
    /// file (`untitled:`) is checked with its URI as the chunk name.
    func checkDocument(_ uri: String) {
        guard let text = documents[uri] else { return }
        publishDiagnostics(uri: uri, host.check(text, path: DocumentURI.path(of: uri) ?? uri))
    }

    /// The play-check (Docs/Editors.md): plays the roles of the file at `path` as it is on disk
    /// (`PlayDiagnostics.check`) and publishes its faults as the file's play diagnostics; a file
    /// that does not load has none. Nothing with `playCheck` off, or for a file that is not a
    /// plugin file (a type declaration, a hidden file).
    func playCheck(_ path: String) {
        guard options.playCheck, ScrimHost.isPluginFileName(path) else { return }
        publishPlayDiagnostics(path: path, PlayDiagnostics.check(path, directories: options.pluginDirectories, limits: options.limits) ?? [])
    }

    /// Reloads the plugin file at `path` from disk if its text changed since the host last loaded
    /// it (the host's watcher, the editor's `didSave` and `didChangeWatchedFiles` all report one
    /// save: it reloads once, and `scrim/pluginDidReload` is sent by the host's reload observer).
    /// A deleted file drops its plugin.
    func reloadPluginFile(_ path: String) {
        host.reloadIfChanged(pluginAt: path)
    }
}
