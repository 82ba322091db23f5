import Foundation
import Hummingbird
import HummingbirdCore
import HummingbirdWebSocket
import Logging
import NIOCore
import NIOPosix
import ScrimServer

/// The live preview's server: Hummingbird (on swift-nio) on the loopback interface, serving live
/// pages, each with its WebSocket. `scrim preview --serve` has one page, at `/` (its WebSocket at
/// `/socket`); `scrim serve` has one server for all its previews, each a page at `/p/ID/` (its
/// WebSocket at `/p/ID/socket`). Every request must carry the server's token in its query
/// (`?token=…`), be addressed to the loopback address and port and come from no other site
/// (`PreviewAccess`); it is held to `PreviewServerLimits`.
///
/// `publish(_:to:)` sends a page's WebSockets a `PreviewLiveMessage` (a new page, a diagnostic):
/// a page that connects first hears its generation, the pickers' lists and the diagnostic of a
/// broken save still unfixed. Each text message a page sends is passed to its page's `onMessage`,
/// and what that returns (if anything) is sent back to it alone. A page removed with a reason
/// tells its WebSockets why (`stopped`), and its address then answers 410.
///
/// Every server runs on swift-nio's one event loop group: no thread of its own. An actor: the
/// connections run on the event loops and their tasks, the hosts that make the pages stay on the
/// main actor, and the two meet here.
package actor PreviewServer {
    /// What a page's text message gets back: a reply to send to that page, or nil.
    package typealias MessageHandler = @Sendable (String) async -> String?
    /// What a page's download (`export.swift`, `render.gif` beside the page) gets: the file made,
    /// or an error whose description is the answer's text.
    package typealias ArtifactHandler = @Sendable (PreviewArtifact) async throws -> PreviewArtifactMaker.File

    /// The page served at `/` (`scrim preview --serve`'s).
    package static let rootPage = ""
    /// The loopback address: the server is never reachable from another machine.
    package static let host = "127.0.0.1"
    /// How many stopped pages are remembered (their addresses answer 410; older ones, 404).
    static let stoppedPagesRemembered = 256

    /// The secret every request must carry: 32 hexadecimal digits.
    package nonisolated let token: String
    /// The bounds every connection is held to.
    package nonisolated let limits: PreviewServerLimits
    /// The port asked for; 0: any free one.
    private let requestedPort: UInt16
    private var pages: [String: PreviewServerPage] = [:]
    /// The open WebSockets, of every page (a removed page's until they have sent why).
    private var clients: [UUID: PreviewServerPage.Client] = [:]
    /// Why each stopped page was stopped, oldest first.
    private var stopped: [(id: String, reason: String)] = []
    private var nextPage = 1
    private let held = PreviewConnections.Held()
    private var runTask: Task<Void, Never>?
    /// The port listened on, once started.
    package private(set) var port: UInt16?

    /// A server with no page yet (`addPage`).
    package init(port: UInt16 = 0, token: String = PreviewServer.randomToken(), limits: PreviewServerLimits = PreviewServerLimits()) {
        self.requestedPort = port
        self.token = token
        self.limits = limits
    }

    /// A server with one page, at `/`.
    package init(
        page: String, generation: Int = 1, port: UInt16 = 0, token: String = PreviewServer.randomToken(),
        limits: PreviewServerLimits = PreviewServerLimits(), onMessage: @escaping MessageHandler = { _ in nil },
        onArtifact: ArtifactHandler? = nil
    ) {
        self.requestedPort = port
        self.token = token
        self.limits = limits
        pages = [Self.rootPage: PreviewServerPage(html: page, generation: generation, onMessage: onMessage, onArtifact: onArtifact)]
    }

    /// 32 hexadecimal digits from the system's random number generator.
    package static func randomToken() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<2).map { _ in
            let word = String(generator.next() as UInt64, radix: 16)
            return String(repeating: "0", count: 16 - word.count) + word
        }.joined()
    }

    /// The root page's address with the token, once started.
    package var url: URL? { url(of: Self.rootPage) }

    /// The address of page `id` with the token, once started.
    package func url(of id: String) -> URL? {
        port.map { URL(string: "http://\(Self.host):\($0)\(Self.path(of: id))?token=\(token)")! }
    }

    /// How many WebSockets are open, on every page.
    package var clientCount: Int { clients.count }

    /// How many WebSockets page `id` has open.
    package func clientCount(of id: String) -> Int { clients.values.count { $0.page == id } }

    /// How many connections are held (HTTP and WebSocket).
    package var connectionCount: Int { held.count }

    /// Adds a page, served from now on at `url(of:)` of the id returned (a new one each time).
    package func addPage(html: String, generation: Int, onMessage: @escaping MessageHandler, onArtifact: ArtifactHandler? = nil) -> String {
        let id = "\(nextPage)"
        nextPage += 1
        pages[id] = PreviewServerPage(html: html, generation: generation, onMessage: onMessage, onArtifact: onArtifact)
        return id
    }

    /// Removes page `id`: its WebSockets are told `reason` (`stopped`) and closed, and its address
    /// answers 410 with the reason from now on.
    package func removePage(_ id: String, reason: String) {
        guard pages.removeValue(forKey: id) != nil else { return }
        let message = PreviewLiveMessage.stopped(reason).json
        for client in clients.values where client.page == id {
            client.messages.yield(message)
            client.messages.finish()
        }
        stopped.append((id, reason))
        if stopped.count > Self.stoppedPagesRemembered { stopped.removeFirst(stopped.count - Self.stoppedPagesRemembered) }
    }

    /// Listens on 127.0.0.1 and returns the root page's URL once the socket listens; throws if it
    /// cannot (the port is in use, say), with nothing left running.
    @discardableResult
    package func start() async throws(PreviewServerError) -> URL {
        guard runTask == nil else { throw PreviewServerError("the preview server is already running") }
        let (listening, listened) = AsyncStream<Result<Int, any Error>>.makeStream()
        let server = Server(
            childChannelSetup: connections(),
            configuration: ServerConfiguration(address: .hostname(Self.host, port: Int(requestedPort))),
            onServerRunning: { channel in listened.yield(.success(channel.localAddress?.port ?? 0)) },
            eventLoopGroup: MultiThreadedEventLoopGroup.singleton,
            logger: Self.silent)
        runTask = Task {
            do {
                try await server.run()
            } catch {
                listened.yield(.failure(error))
            }
            listened.finish()
        }
        var results = listening.makeAsyncIterator()
        switch await results.next() {
        case .success(let port)?:
            self.port = UInt16(port)
            return url!
        case .failure(let error)?:
            await runTask?.value
            runTask = nil
            throw PreviewServerError("\(Self.host):\(requestedPort): \(Self.reason(error))")
        case nil:
            runTask = nil
            throw PreviewServerError("\(Self.host):\(requestedPort): the server ended before it listened")
        }
    }

    /// Closes every connection and the listening socket, and waits for the server to end. The
    /// WebSockets are given a moment (a second at most) to send what is queued for them: a page
    /// removed just before hears why.
    package func stop() async {
        for client in clients.values { client.messages.finish() }
        let clock = ContinuousClock(), end = clock.now + .seconds(1)
        while !clients.isEmpty, clock.now < end { try? await Task.sleep(for: .milliseconds(5)) }
        held.closeAll()
        runTask?.cancel()
        await runTask?.value
        held.closeAll()
        runTask = nil
        port = nil
    }

    /// Sends `message` to every WebSocket of page `id`. A page becomes the one served, and its
    /// generation the current one; a diagnostic is also sent to pages that connect until the next
    /// page.
    package func publish(_ message: PreviewLiveMessage, to id: String = PreviewServer.rootPage) {
        guard pages[id] != nil else { return }
        switch message {
        case .page(let html, let generation):
            pages[id]!.html = html
            pages[id]!.generation = generation
            pages[id]!.brokenMessage = nil
        case .diagnostic, .fault:
            pages[id]!.brokenMessage = message.json
        case .plugins:
            pages[id]!.pluginsMessage = message.json
        case .devices:
            pages[id]!.devicesMessage = message.json
        case .generation, .frames, .error, .stopped:
            break
        }
        broadcast(message.json, to: id)
    }

    /// Sends `text` to every WebSocket of `page`. One that has `limits.backlog` messages waiting
    /// already is disconnected.
    private func broadcast(_ text: String, to page: String) {
        for (id, client) in clients where client.page == page {
            if case .dropped = client.messages.yield(text) { disconnect(id) }
        }
    }

    // MARK: Serving

    /// The path of page `id`: `/` or `/p/ID/`.
    static func path(of id: String) -> String { id == rootPage ? "/" : "/p/\(id)/" }

    /// The page a path is the page (or, with `socket`, the WebSocket) of; nil for no page's.
    static func page(at path: String, socket: Bool) -> String? {
        page(at: path, leaf: socket ? "socket" : "")
    }

    /// The page whose address, with `leaf` after it, `path` is; nil for no page's.
    static func page(at path: String, leaf: String) -> String? {
        if path == "/" + leaf { return rootPage }
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 4, parts[0].isEmpty, parts[1] == "p", !parts[2].isEmpty, parts[3] == leaf else { return nil }
        return String(parts[2])
    }

    /// The file each download address beside a page makes.
    static let downloads: [(leaf: String, artifact: PreviewArtifact)] = [("export.swift", .swift), ("render.gif", .gif)]

    /// The connections' setup: HTTP answered by `respond`, WebSockets by `serve`.
    private func connections() -> PreviewConnections {
        let ws = WebSocketServerConfiguration(maxFrameSize: limits.messageBytes)
        let base = HTTP1WebSocketUpgradeChannel(
            responder: { [weak self] request, writer, _ in
                var headers: HTTPFields = [.cacheControl: "no-store"]
                guard request.method == .get || request.method == .head else {
                    headers[.contentType] = "text/plain; charset=utf-8"
                    headers[.allow] = "GET, HEAD"
                    return try await writer.write(
                        response: HTTPResponse(status: .methodNotAllowed, headerFields: headers),
                        body: ResponseBody(byteBuffer: ByteBuffer(string: "405 Method Not Allowed\n")))
                }
                let answer = await self?.answer(to: request.uri.path, head: request.method == .head) ?? .text(.serviceUnavailable, "503\n")
                headers[.contentType] = answer.contentType
                if let name = answer.fileName { headers[.contentDisposition] = "attachment; filename=\"\(name)\"" }
                headers[.contentLength] = "\(answer.body.readableBytes)"
                try await writer.write(
                    response: HTTPResponse(status: answer.status, headerFields: headers),
                    body: request.method == .head ? ResponseBody() : ResponseBody(byteBuffer: answer.body))
            },
            // The request timeout is the gate's (`PreviewRequestGate`): from the connection's start too.
            configuration: .init(
                http1: .init(httpDecoderConfiguration: .init(maxHeaderFieldSize: limits.headerBytes, maxHeaderListSize: limits.headerBytes)),
                ws: ws),
            shouldUpgrade: { [weak self] request, channel, _ in
                guard let self, let id = Self.page(at: request.path.map { String($0.prefix { $0 != "?" }) } ?? "", socket: true),
                    await self.hasPage(id)
                else { return .dontUpgrade }
                return .upgrade([:]) { inbound, outbound, _ in await self.serve(id, inbound: inbound, outbound: outbound, channel: channel) }
            })
        return PreviewConnections(base: base, token: token, limits: limits, held: held)
    }

    private func hasPage(_ id: String) -> Bool { pages[id] != nil }

    /// The answer to a GET or HEAD (the access is checked already): a page, a download made by
    /// the page's `onArtifact` (not for a HEAD: nothing is made for it), 410 for a stopped page,
    /// 404.
    private nonisolated func answer(to path: String, head: Bool) async -> PreviewServerAnswer {
        guard let (id, artifact) = Self.downloads.lazy.compactMap({ download in Self.page(at: path, leaf: download.leaf).map { ($0, download.artifact) } }).first
        else { return await respond(to: path) }
        guard await hasPage(id) else { return await respond(to: "/p/\(id)/") }
        guard let make = await artifactHandler(of: id) else {
            return .text(.notImplemented, "501 Not Implemented: this preview makes no files\n")
        }
        if head { return PreviewServerAnswer(status: .ok, contentType: artifact.contentType, body: ByteBuffer()) }
        do {
            let file = try await make(artifact)
            return PreviewServerAnswer(status: .ok, contentType: artifact.contentType, body: ByteBuffer(bytes: file.bytes), fileName: Self.headerSafe(file.name))
        } catch {
            return .text(.internalServerError, "500: \(artifact.noun) could not be made: \(error)\n")
        }
    }

    private func artifactHandler(of id: String) -> ArtifactHandler? { pages[id]?.onArtifact }

    /// A file name that can stand in a header's quotes: what is not a letter, a digit, `.`, `-`
    /// or `_` becomes `_`.
    static func headerSafe(_ name: String) -> String {
        String(name.unicodeScalars.map { scalar in
            scalar.isASCII && (CharacterSet.alphanumerics.contains(scalar) || ".-_".unicodeScalars.contains(scalar)) ? Character(scalar) : "_"
        })
    }

    /// The answer to a page's address: the page, 410 for a stopped one, 404.
    private func respond(to path: String) -> PreviewServerAnswer {
        if let id = Self.page(at: path, socket: false) {
            if let page = pages[id] { return .text(.ok, page.html, contentType: "text/html; charset=utf-8") }
            if let reason = stopped.last(where: { $0.id == id })?.reason {
                return .text(.gone, "410 Gone: this preview was stopped (\(reason)); run scrim.preview again\n")
            }
        }
        return .text(.notFound, "404 Not Found\n")
    }

    /// One WebSocket of page `id`, until it or the page closes: what the page publishes goes out
    /// through a queue of at most `limits.backlog` messages; what it sends goes to `onMessage`.
    private nonisolated func serve(_ id: String, inbound: WebSocketInboundStream, outbound: WebSocketOutboundWriter, channel: any Channel) async {
        guard let (client, messages, queue, onMessage) = await connect(id, channel: channel) else { return }
        let maximum = limits.messageBytes
        await withTaskGroup(of: Void.self) { group in
            group.addTask {
                for await text in messages {
                    do { try await outbound.write(.text(text)) } catch { break }
                }
                // The page is gone or the server stops: what was queued is sent, then the socket closes.
                try? await channel.close()
            }
            do {
                for try await message in inbound.messages(maxSize: maximum) {
                    // Closed (the page left, or was disconnected for reading too slowly): what it
                    // sent before is not answered.
                    guard channel.isActive else { break }
                    guard case .text(let text) = message else { continue }
                    if let reply = await onMessage(text), case .dropped = queue.yield(reply) { break }
                }
            } catch {}
            // The page left, or sent faster than it read: nothing more is sent to it.
            queue.finish()
            try? await channel.close()
            group.cancelAll()
        }
        await disconnect(client)
    }

    /// A new WebSocket of page `id`: its queue, with what a page hears first.
    private func connect(_ id: String, channel: any Channel) -> (UUID, AsyncStream<String>, AsyncStream<String>.Continuation, MessageHandler)? {
        guard let page = pages[id] else { return nil }
        let client = UUID()
        let (messages, queue) = AsyncStream<String>.makeStream(bufferingPolicy: .bufferingOldest(limits.backlog))
        clients[client] = PreviewServerPage.Client(page: id, messages: queue, channel: channel)
        queue.yield(PreviewLiveMessage.generation(page.generation).json)
        if let plugins = page.pluginsMessage { queue.yield(plugins) }
        if let devices = page.devicesMessage { queue.yield(devices) }
        if let broken = page.brokenMessage { queue.yield(broken) }
        return (client, messages, queue, page.onMessage)
    }

    /// Closes a WebSocket and forgets it.
    private func disconnect(_ client: UUID) {
        guard let connection = clients.removeValue(forKey: client) else { return }
        connection.messages.finish()
        connection.channel.close(promise: nil)
    }

    /// A logger that logs nothing: a library does not print.
    private static let silent = Logger(label: "scrim.preview", factory: { _ in SwiftLogNoOpLogHandler() })

    /// The system's words for a socket error: `Address already in use`.
    private static func reason(_ error: any Error) -> String {
        if let error = error as? IOError { return String(cString: strerror(error.errnoCode)) }
        return String(describing: error)
    }
}
