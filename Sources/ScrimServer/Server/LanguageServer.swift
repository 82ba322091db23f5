import Foundation
import ScrimCore
internal import ScrimJSON
import ScrimHost

/// The JSON-RPC server (Docs/Protocol.md): takes the client's bytes, frames and decodes them, runs
/// the LSP lifecycle and answers each request; what it sends goes to `output` as message bodies,
/// whole and in order. Everything runs on the main actor; a transport feeds `receive` from its
/// reader thread through the main queue.
///
/// Messages that arrive together are answered together: the responses to one `receive` are
/// handed to `output` in one batch (one write), and a `$/cancelRequest` cancels the requests of
/// the same batch (wherever it stands in it) that have not been answered.
@MainActor
public final class LanguageServer {
    /// What the embedding program or the command line set (`--plugins`), before the client's
    /// `initialize` adds its options.
    let baseOptions: SessionOptions
    /// Starts live previews for `scrim.preview`; nil: the server does not offer the command.
    let preview: (any PreviewLauncher)?
    private let output: ([[UInt8]]) -> Void
    private let onExit: (Int32) -> Void
    private var framer: MessageFramer
    private var gate = MessageGate()
    private(set) var session: Session?

    /// The host of the current session (nil before `initialize`), for embedders and soak runs.
    public var host: ScrimHost? { session?.host }
    private var pending: [[UInt8]] = []
    private var isReceiving = false
    /// Whether the client can be asked to watch files (it declared dynamic registration).
    var registersWatchedFiles = false
    private var nextServerRequest = 1
    /// The deferred requests being worked on, by id (each task answers its request, then leaves).
    private(set) var deferredAnswers: [RequestID: Task<Void, Never>] = [:]
    /// What to do with the client's answers to the server's own requests, by request id.
    private var clientRequests: [RequestID: @MainActor (_ result: JSONValue?, _ error: JSONValue?) -> Void] = [:]
    /// `$/setTrace`'s value (`off`, `messages`, `verbose`).
    var traceValue: String {
        get { gate.traceValue }
        set { gate.traceValue = newValue }
    }
    private var parentWatch: Task<Void, Never>?
    /// Whether a message has been framed (a strict transport's first message makes the connection
    /// the client's).
    package private(set) var hasFramedMessage = false
    /// Called once, when the first message is framed.
    package var onFirstMessage: (() -> Void)?
    /// The bad header a strict framer closed the connection for, if it did.
    package private(set) var closeReason: String?
    /// Hears what the server has to tell the user outside the protocol (the client's process is
    /// gone): the program that runs it decides where it goes. A library never prints.
    package var onLog: (String) -> Void = { _ in }

    /// - Parameters:
    ///   - options: what the command line set (plugin directories); `initialize` adds the rest.
    ///   - preview: starts the live previews of the `scrim.preview` command (nil: no such command).
    ///   - output: receives message bodies (JSON, without headers) to send, in order.
    ///   - onExit: called once with the exit code (`exit`, end of input, the client's death).
    public init(
        options: SessionOptions = SessionOptions(), preview: (any PreviewLauncher)? = nil, output: @escaping ([[UInt8]]) -> Void,
        onExit: @escaping (Int32) -> Void
    ) {
        baseOptions = options
        self.preview = preview
        framer = MessageFramer()
        self.output = output
        self.onExit = onExit
    }

    /// A server whose framer does `onBadHeader` with bad input: resynchronises (stdio), or ends
    /// the session as the end of input does, running nothing after it (`.close`, TCP).
    package init(
        options: SessionOptions, preview: (any PreviewLauncher)?, onBadHeader: MessageFramer.BadHeaderPolicy,
        output: @escaping ([[UInt8]]) -> Void, onExit: @escaping (Int32) -> Void
    ) {
        baseOptions = options
        self.preview = preview
        framer = MessageFramer(onBadHeader: onBadHeader)
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
                if !hasFramedMessage {
                    hasFramedMessage = true
                    onFirstMessage?()
                }
                do throws(IncomingMessage.Invalid) {
                    messages.append(.success(try IncomingMessage(parsing: body)))
                } catch {
                    messages.append(.failure(error))
                }
            case .invalid(let problem):
                messages.append(.failure(.init(id: nil, error: ResponseError(.parseError, problem))))
            case .close(let problem):
                closeReason = problem
            }
        }
        handle(messages)
        // The messages framed before a strict framer's bad header ran; nothing after it does.
        if closeReason != nil, !gate.hasExited { endOfInput() }
    }

    /// Handles the messages of one `receive`, in order, and sends their answers in one batch.
    private func handle(_ messages: [Result<IncomingMessage, IncomingMessage.Invalid>]) {
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
            if gate.hasExited { break }
        }
        isReceiving = false
        flush()
    }

    /// The client closed its end: exit (0 after `shutdown`, else 1).
    public func endOfInput() {
        if case .exit(let code) = gate.endOfInput() { exit(code) }
    }

    /// Runs `message` through the gate (lifecycle, cancellation) and then its handler.
    private func handle(_ message: IncomingMessage, cancelled: Set<RequestID>) {
        switch message {
        case .request(let id, let method, let params):
            switch gate.request(method, id: id, cancelled: cancelled) {
            case .answer(let error): respond(id, .failure(error))
            case .run: run(method, params, answering: id)
            }
        case .notification(let method, let params):
            switch gate.notification(method) {
            case .drop: break
            case .exit(let code): exit(code)
            case .run: notify(method, params)
            }
        case .response(let id, let result, let error):
            clientRequests.removeValue(forKey: id)?(result, error)
        }
    }

    /// Runs the request and answers it: now, or when a deferred request's work is done.
    private func run(_ method: String, _ params: JSONValue?, answering id: RequestID) {
        do throws(ResponseError) {
            switch MethodRegistry.requests[method] {
            case .server(let handler)?:
                respond(id, .success(try handler.handle(try Params(params), in: self)))
            case .session(let handler)? where session != nil:
                respond(id, .success(try handler.handle(try Params(params), in: session!)))
            case .deferred(let handler)? where session != nil:
                let work = try handler.start(try Params(params), in: session!)
                deferredAnswers[id] = Task { @MainActor [weak self] in
                    let result: Result<JSONValue, ResponseError>
                    do throws(ResponseError) {
                        result = .success(try await work())
                    } catch {
                        result = .failure(error)
                    }
                    guard let self else { return }
                    self.deferredAnswers[id] = nil
                    // After `exit` nothing more is sent.
                    if !self.gate.hasExited { self.respond(id, result) }
                }
            case .session?, .deferred?, nil:
                throw ResponseError(.methodNotFound, "method not found: '\(method)'")
            }
        } catch {
            respond(id, .failure(error))
        }
    }

    private func notify(_ method: String, _ params: JSONValue?) {
        switch MethodRegistry.notifications[method] {
        case .server(let handler)?:
            // The server's own notifications ignore params they cannot read (LSP's leniency).
            handler.handle((try? Params(params)) ?? Params(members: [:], path: "params"), in: self)
        case .session(let handler)?:
            guard let session else { return }
            do {
                try handler.handle(try Params(params), in: session)
            } catch {
                // Notifications have no answer: the problem is logged for the user.
                send(OutgoingMessage.notification(
                    ServerNotification.logMessage, ["type": 1, "message": .string("\(method): \(error.message)")]))
            }
        case nil:
            break  // an unknown notification (`$/…` included) is ignored
        }
    }

    // MARK: The session

    /// Starts the session `initialize` asked for; the server runs from now on.
    func startSession(_ options: SessionOptions) throws(ResponseError) {
        session = try Session(
            options: options, preview: preview, send: { [weak self] message in self?.send(message) },
            sendSerialized: { [weak self] body in self?.send(serialized: body) },
            request: { [weak self] method, params, onAnswer in self?.request(method, params, onAnswer: onAnswer) })
        gate.initialized()
    }

    /// `shutdown`: the session stops (clock, watcher) and so do the live previews (in the
    /// background: the answer does not wait for them); the host stays for `host` readers.
    func closeSession() {
        session?.close()
        if let preview { Task { await preview.stopAll() } }
    }

    /// Asks the client to watch `**/*.lua` (only when it declared dynamic registration).
    func registerWatchedFiles() {
        request("client/registerCapability", [
            "registrations": [[
                "id": "scrim-watch-lua", "method": "workspace/didChangeWatchedFiles",
                "registerOptions": ["watchers": [["globPattern": "**/*.lua"]]],
            ]],
        ])
    }

    /// Sends the client a request of the server's own; `onAnswer` hears its result or error.
    func request(_ method: String, _ params: JSONValue, onAnswer: (@MainActor (_ result: JSONValue?, _ error: JSONValue?) -> Void)? = nil) {
        let id = RequestID.string("scrim-\(nextServerRequest)")
        nextServerRequest += 1
        if let onAnswer { clientRequests[id] = onAnswer }
        send(OutgoingMessage.request(id: id, method, params))
    }

    /// Exits when the client's process is gone (Docs/Protocol.md, "Lifecycle"), checking once a second.
    func watchParent(_ pid: Int) {
        guard pid > 0, pid <= Int(Int32.max) else { return }
        parentWatch = Task { @MainActor [weak self] in
            while !Task.isCancelled {
                try? await Task.sleep(for: .seconds(1))
                if kill(pid_t(pid), 0) != 0, errno == ESRCH {
                    self?.onLog("the client (process \(pid)) is gone; exiting")
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
