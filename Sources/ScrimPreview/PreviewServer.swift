import FlyingFox
import FlyingSocks
import Foundation

/// The live preview's server (`scrim preview --serve`): a FlyingFox `HTTPServer` on the loopback
/// interface that serves the player page at `/` and a WebSocket at `/socket`, both only with the
/// server's token in the query (`?token=…`); any request without it gets 403, as Jupyter does.
///
/// The page is replaced with `setPage(_:)` (the next load serves the new one); `broadcast(_:)`
/// sends a text message to every open WebSocket. Each text message a client sends is passed to
/// `onMessage`, and what it returns (if anything) is sent back to that client alone. `publish(_:)`
/// sends a `PreviewLiveMessage` (a new page, a diagnostic) to every page; a page that connects
/// first hears its generation, and the diagnostic of a broken save still unfixed.
///
/// Its sockets have Nagle's algorithm off (`NoDelaySocketPool`): each message leaves at once.
///
/// An actor: FlyingFox's connections run on its own tasks, the host that makes the pages stays on
/// the main actor, and the two meet here.
package actor PreviewServer {
    /// What a client's text message gets back: a reply to send to that client, or nil.
    package typealias MessageHandler = @Sendable (String) async -> String?

    /// The secret every request must carry: 32 hexadecimal digits.
    package nonisolated let token: String
    /// The port asked for; 0: any free one.
    private let requestedPort: UInt16
    private let onMessage: MessageHandler
    private var page: String
    /// The page's generation: the plugin's, as its last good load made it.
    private var generation: Int
    /// The last broken save's diagnostic, until a good load: sent to pages that connect meanwhile.
    private var brokenMessage: String?
    /// The picker's list, sent to pages when they connect.
    private var pluginsMessage: String?
    private var server: HTTPServer?
    private var runTask: Task<Void, Never>?
    private var runFailure: (any Error)?
    private var clients: [UUID: AsyncStream<WSMessage>.Continuation] = [:]
    /// The port listened on, once started.
    package private(set) var port: UInt16?

    /// The loopback address: the server is never reachable from another machine.
    package static let host = "127.0.0.1"

    package init(
        page: String, generation: Int = 1, port: UInt16 = 0, token: String = PreviewServer.randomToken(),
        onMessage: @escaping MessageHandler = { _ in nil }
    ) {
        self.page = page
        self.generation = generation
        self.requestedPort = port
        self.token = token
        self.onMessage = onMessage
    }

    /// 32 hexadecimal digits from the system's random number generator.
    package static func randomToken() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<2).map { _ in
            let word = String(generator.next() as UInt64, radix: 16)
            return String(repeating: "0", count: 16 - word.count) + word
        }.joined()
    }

    /// The page's address with the token, once started.
    package var url: URL? {
        port.map { URL(string: "http://\(Self.host):\($0)/?token=\(token)")! }
    }

    /// How many WebSockets are open.
    package var clientCount: Int { clients.count }

    /// Listens on 127.0.0.1 and returns the page's URL once the socket listens; throws if it
    /// cannot (the port is in use, say), with nothing left running.
    package func start() async throws(PreviewServerError) -> URL {
        guard server == nil else { throw PreviewServerError("the preview server is already running") }
        let address: sockaddr_in
        do {
            address = try sockaddr_in.inet(ip4: Self.host, port: requestedPort)
        } catch {
            throw PreviewServerError("\(Self.host):\(requestedPort): \(Self.reason(error))")
        }
        let server = HTTPServer(
            config: HTTPServer.Configuration(address: address, pool: NoDelaySocketPool(base: HTTPServer.defaultPool()), logger: .disabled),
            handler: ClosureHTTPHandler { [weak self] request in
                guard let self else { return HTTPResponse(statusCode: .serviceUnavailable) }
                return await self.respond(to: request)
            })
        self.server = server
        runFailure = nil
        runTask = Task { [weak self] in
            do {
                try await server.run()
            } catch {
                await self?.runEnded(error)
            }
        }
        // A condition wait: the socket listens, or `run` has failed (bind, listen).
        while await !server.isListening {
            if let failure = runFailure {
                self.server = nil
                runTask = nil
                throw PreviewServerError("\(Self.host):\(requestedPort): \(Self.reason(failure))")
            }
            try? await Task.sleep(for: .milliseconds(2))
        }
        guard case .ip4(_, let port) = await server.listeningAddress else {
            await stop()
            throw PreviewServerError("\(Self.host):\(requestedPort): the socket has no address")
        }
        self.port = port
        return url!
    }

    /// Closes every WebSocket and the listening socket, and waits for the server to end.
    package func stop() async {
        for client in clients.values { client.finish() }
        clients = [:]
        if let server { await server.stop(timeout: 0) }
        runTask?.cancel()
        await runTask?.value
        server = nil
        runTask = nil
        port = nil
    }

    /// The page served from now on.
    package func setPage(_ html: String) {
        page = html
    }

    /// Sends `message` to every open WebSocket. A page becomes the one served, and its generation
    /// the current one; a diagnostic is also sent to pages that connect until the next page.
    package func publish(_ message: PreviewLiveMessage) {
        switch message {
        case .page(let html, let generation):
            page = html
            self.generation = generation
            brokenMessage = nil
        case .diagnostic, .fault:
            brokenMessage = message.json
        case .plugins:
            pluginsMessage = message.json
        case .generation, .frames, .error:
            break
        }
        broadcast(message.json)
    }

    /// Sends `text` to every open WebSocket.
    package func broadcast(_ text: String) {
        for client in clients.values { client.yield(.text(text)) }
    }

    private func runEnded(_ error: any Error) {
        runFailure = error
    }

    /// 403 without the token; the page at `/`, the WebSocket at `/socket`, 404 elsewhere.
    private func respond(to request: HTTPRequest) async -> HTTPResponse {
        guard let given = request.query.first(where: { $0.name == "token" })?.value, Self.equal(given, token) else {
            return Self.text(.forbidden, "403 Forbidden: this preview needs the token printed by scrim preview --serve\n")
        }
        switch request.path {
        case "/":
            guard request.method == .GET || request.method == .HEAD else { return Self.text(.methodNotAllowed, "405 Method Not Allowed\n") }
            return HTTPResponse(
                statusCode: .ok,
                headers: [.contentType: "text/html; charset=utf-8", .init("Cache-Control"): "no-store"],
                body: Data(page.utf8))
        case "/socket":
            let handler = WebSocketHTTPHandler(handler: MessageFrameWSHandler(handler: Client(server: self)))
            return (try? await handler.handleRequest(request)) ?? Self.text(.badRequest, "400 Bad Request\n")
        default:
            return Self.text(.notFound, "404 Not Found\n")
        }
    }

    /// A new WebSocket: its outgoing messages; its incoming ones go to `onMessage` until it closes.
    fileprivate func connect(_ incoming: AsyncStream<WSMessage>) -> AsyncStream<WSMessage> {
        let id = UUID()
        let (outgoing, continuation) = AsyncStream<WSMessage>.makeStream(bufferingPolicy: .bufferingNewest(64))
        clients[id] = continuation
        continuation.yield(.text(PreviewLiveMessage.generation(generation).json))
        if let pluginsMessage { continuation.yield(.text(pluginsMessage)) }
        if let brokenMessage { continuation.yield(.text(brokenMessage)) }
        let onMessage = self.onMessage
        Task { [weak self] in
            for await message in incoming {
                guard case .text(let text) = message else { continue }
                if let reply = await onMessage(text) { continuation.yield(.text(reply)) }
            }
            await self?.disconnect(id)
        }
        return outgoing
    }

    private func disconnect(_ id: UUID) {
        clients.removeValue(forKey: id)?.finish()
    }

    /// Compares the token in time that does not depend on where the strings differ.
    private static func equal(_ a: String, _ b: String) -> Bool {
        let x = Array(a.utf8), y = Array(b.utf8)
        guard x.count == y.count else { return false }
        return zip(x, y).reduce(0) { $0 | ($1.0 ^ $1.1) } == 0
    }

    private static func text(_ status: HTTPStatusCode, _ body: String) -> HTTPResponse {
        HTTPResponse(statusCode: status, headers: [.contentType: "text/plain; charset=utf-8"], body: Data(body.utf8))
    }

    /// The system's words for a socket error: `Address already in use`.
    private static func reason(_ error: any Error) -> String {
        if case .failed(_, let number, _) = error as? SocketError { return String(cString: strerror(number)) }
        return String(describing: error)
    }

    /// The WebSocket handler of one connection: hands its messages to the server.
    private struct Client: WSMessageHandler {
        let server: PreviewServer

        func makeMessages(for client: AsyncStream<WSMessage>) async throws -> AsyncStream<WSMessage> {
            await server.connect(client)
        }
    }
}
