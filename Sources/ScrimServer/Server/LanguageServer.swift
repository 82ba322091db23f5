import Foundation
import ScrimCore
internal import ScrimJSON
import ScrimHost

/// The JSON-RPC server (SPEC §7): takes the client's bytes, frames and decodes them, runs the LSP
/// lifecycle and answers each request; what it sends goes to `output` as message bodies, whole
/// and in order. Everything runs on the main actor; a transport feeds `receive` from its reader
/// thread through the main queue.
///
/// Messages that arrive together are answered together: the responses to one `receive` are
/// handed to `output` in one batch (one write), and a `$/cancelRequest` cancels the requests of
/// the same batch (wherever it stands in it) that have not been answered.
@MainActor
public final class LanguageServer {
    /// The directories given on the command line (`--plugins`), before the client's `pluginPaths`.
    private let baseOptions: SessionOptions
    private let output: ([[UInt8]]) -> Void
    private let onExit: (Int32) -> Void
    private var framer = MessageFramer()
    private var lifecycle = Lifecycle()
    private(set) var session: Session?

    /// The host of the current session (nil before `initialize`), for embedders and soak runs.
    public var host: ScrimHost? { session?.host }
    private var pending: [[UInt8]] = []
    private var isReceiving = false
    private var registersWatchedFiles = false
    private var nextServerRequest = 1
    /// `$/setTrace`'s value (`off`, `messages`, `verbose`).
    private(set) var traceValue = "off"
    private var parentWatch: Task<Void, Never>?

    /// - Parameters:
    ///   - options: what the command line set (plugin directories); `initialize` adds the rest.
    ///   - output: receives message bodies (JSON, without headers) to send, in order.
    ///   - onExit: called once with the exit code (`exit`, end of input, the client's death).
    public init(options: SessionOptions = SessionOptions(), output: @escaping ([[UInt8]]) -> Void, onExit: @escaping (Int32) -> Void) {
        baseOptions = options
        self.output = output
        self.onExit = onExit
    }

    // MARK: Input

    /// Bytes from the client, in any pieces.
    public func receive(_ bytes: [UInt8]) {
        framer.append(bytes)
        var messages: [Result<IncomingMessage, IncomingMessage.Invalid>] = []
        while let input = framer.next() {
            switch input {
            case .message(let body):
                do throws(IncomingMessage.Invalid) {
                    messages.append(.success(try IncomingMessage(parsing: body)))
                } catch {
                    messages.append(.failure(error))
                }
            case .invalid(let problem):
                messages.append(.failure(.init(id: nil, error: ResponseError(.parseError, problem))))
            }
        }
        guard !messages.isEmpty else { return }
        // Requests cancelled by a later message of the same batch are answered -32800 unrun.
        var cancelled: Set<RequestID> = []
        for case .success(.notification("$/cancelRequest", let params?)) in messages {
            if let raw = params["id"], let id = RequestID(raw) { cancelled.insert(id) }
        }
        isReceiving = true
        for message in messages {
            switch message {
            case .failure(let invalid): respond(invalid.id, .failure(invalid.error))
            case .success(let message): handle(message, cancelled: cancelled)
            }
            if case .exited = lifecycle.state { break }
        }
        isReceiving = false
        flush()
    }

    /// The client closed its end: exit (0 after `shutdown`, else 1).
    public func endOfInput() {
        if case .exit(let code) = lifecycle.endOfInput() { exit(code) }
    }

    private func handle(_ message: IncomingMessage, cancelled: Set<RequestID>) {
        switch message {
        case .request(let id, let method, let params):
            switch lifecycle.request(method) {
            case .reject(let error):
                respond(id, .failure(error))
            case .initialize:
                respond(id, Result { () throws(ResponseError) in try initialize(try Params(params)) })
            case .shutdown:
                session?.close()
                respond(id, .success(.null))
            case .handle:
                if cancelled.contains(id) {
                    respond(id, .failure(ResponseError(.requestCancelled, "request \(id) was cancelled before it ran")))
                } else {
                    respond(id, Result { () throws(ResponseError) in try run(method, params) })
                }
            }
        case .notification(let method, let params):
            switch lifecycle.notification(method) {
            case .drop: break
            case .exit(let code): exit(code)
            case .handle: notify(method, params)
            }
        case .response:
            break  // the answer to `client/registerCapability`: nothing to do with it
        }
    }

    private func run(_ method: String, _ params: JSONValue?) throws(ResponseError) -> JSONValue {
        guard let handler = MethodTable.requests[method], let session else {
            throw ResponseError(.methodNotFound, "method not found: '\(method)'")
        }
        return try handler.handle(try Params(params), in: session)
    }

    private func notify(_ method: String, _ params: JSONValue?) {
        switch method {
        case "initialized":
            if registersWatchedFiles { registerWatchedFiles() }
        case "$/cancelRequest":
            break  // handled with its batch; a request already answered is not cancelled
        case "$/setTrace":
            if let value = params?["value"]?.stringValue, ["off", "messages", "verbose"].contains(value) { traceValue = value }
        default:
            guard let handler = MethodTable.notifications[method], let session else { return }
            do {
                try handler.handle(try Params(params), in: session)
            } catch {
                // Notifications have no answer: the problem is logged for the user.
                send(OutgoingMessage.notification(
                    ServerNotification.logMessage, ["type": 1, "message": .string("\(method): \(error.message)")]))
            }
        }
    }

    // MARK: initialize

    private func initialize(_ params: Params) throws(ResponseError) -> JSONValue {
        var options = baseOptions
        if let root = try params.optionalString("rootUri"), let path = DocumentURI.path(of: root) {
            options.rootDirectory = URL(fileURLWithPath: path)
        }
        let capabilities = try params.optionalNested("capabilities")
        if let encodings = try capabilities?.optionalNested("general")?.optionalStrings("positionEncodings"),
            encodings.contains("utf-8")
        {
            options.positionEncoding = .utf8
        }
        registersWatchedFiles = (try? capabilities?.optionalNested("workspace")?.optionalNested("didChangeWatchedFiles")?
            .optionalBool("dynamicRegistration")) == true
        if let initializationOptions = try params.optionalNested("initializationOptions") {
            try options.read(initializationOptions)
        }
        if options.pluginDirectories.isEmpty, let shipped = options.defaultPluginDirectory {
            options.pluginDirectories = [shipped]
        }
        if params.contains("processId") { watchParent(try params.integer("processId")) }
        session = try Session(
            options: options, send: { [weak self] message in self?.send(message) },
            sendSerialized: { [weak self] body in self?.send(serialized: body) })
        lifecycle.initialized()
        return [
            "capabilities": [
                "positionEncoding": .string(options.positionEncoding.rawValue),
                "textDocumentSync": ["openClose": true, "change": 1, "save": ["includeText": false]],
                "experimental": ["scrim": ["methods": .array(MethodTable.requests.keys.sorted().map { .string($0) })]],
            ],
            "serverInfo": ["name": .string(ServerInfo.name), "version": .string(ServerInfo.version)],
        ]
    }

    /// Asks the client to watch `**/*.lua` (only when it declared dynamic registration).
    private func registerWatchedFiles() {
        let id = RequestID.string("scrim-\(nextServerRequest)")
        nextServerRequest += 1
        send(OutgoingMessage.request(id: id, "client/registerCapability", [
            "registrations": [[
                "id": "scrim-watch-lua", "method": "workspace/didChangeWatchedFiles",
                "registerOptions": ["watchers": [["globPattern": "**/*.lua"]]],
            ]],
        ]))
    }

    /// Exits when the client's process is gone (SPEC §7.2), checking once a second.
    private func watchParent(_ pid: Int) {
        guard pid > 0, pid <= Int(Int32.max) else { return }
        parentWatch = Task { @MainActor [weak self] in
            while !Task.isCancelled {
                try? await Task.sleep(for: .seconds(1))
                if kill(pid_t(pid), 0) != 0, errno == ESRCH {
                    FileHandle.standardError.write(Data("scrim: the client (process \(pid)) is gone; exiting\n".utf8))
                    self?.exit(1)
                    return
                }
            }
        }
    }

    // MARK: Output

    private func respond(_ id: RequestID?, _ result: Result<JSONValue, ResponseError>) {
        switch result {
        case .success(let value): send(OutgoingMessage.response(id: id, result: value))
        case .failure(let error): send(OutgoingMessage.response(id: id, error: error))
        }
    }

    /// Queues a message; it goes out with the current batch, or at once outside one (frames and
    /// notifications from the real-time clock and the file watcher).
    func send(_ message: JSONValue) {
        send(serialized: message.serialized())
    }

    /// Queues a message that is already JSON text.
    func send(serialized body: [UInt8]) {
        pending.append(body)
        if !isReceiving { flush() }
    }

    private func flush() {
        guard !pending.isEmpty else { return }
        let batch = pending
        pending = []
        output(batch)
    }

    private func exit(_ code: Int32) {
        parentWatch?.cancel()
        parentWatch = nil
        session?.close()
        flush()
        onExit(code)
    }
}
