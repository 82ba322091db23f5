import NIOCore
import NIOHTTP1

/// The first handler a preview connection's requests meet, right after the HTTP decoder (whose
/// limit is `PreviewServerLimits.headerBytes`):
///
/// - a request `PreviewAccess` refuses is answered 403 here and its connection closed;
/// - a request whose head passes the limit is answered 431 (another malformed one 400) and its
///   connection closed;
/// - a connection without a complete request for `requestTimeout` (from its start, or from its
///   last answer) is closed: half a request is not held.
///
/// A WebSocket's handshake passes through it; it leaves the pipeline as the handshake ends, before
/// the connection becomes a WebSocket.
final class PreviewRequestGate: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias InboundOut = HTTPServerRequestPart
    typealias OutboundIn = HTTPServerResponsePart
    typealias OutboundOut = HTTPServerResponsePart

    private let access: PreviewAccess
    private let timeout: TimeAmount
    private let headerBytes: Int
    private var deadline: Scheduled<Void>?
    /// Requests read whole and not yet answered.
    private var unanswered = 0
    /// The request being read is refused: its remaining parts are dropped.
    private var refusing = false
    /// The request being read asks for a WebSocket.
    private var upgrading = false

    init(access: PreviewAccess, limits: PreviewServerLimits) {
        self.access = access
        headerBytes = limits.headerBytes
        let (seconds, attoseconds) = limits.requestTimeout.components
        self.timeout = .nanoseconds(seconds * 1_000_000_000 + attoseconds / 1_000_000_000)
    }

    func handlerAdded(context: ChannelHandlerContext) {
        if context.channel.isActive { arm(context) }
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        deadline?.cancel()
        deadline = nil
    }

    func channelActive(context: ChannelHandlerContext) {
        arm(context)
        context.fireChannelActive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let part = unwrapInboundIn(data)
        switch part {
        case .head(let head):
            if let refusal = access.refusal(host: head.headers.first(name: "host"), origin: head.headers.first(name: "origin"), target: head.uri) {
                refusing = true
                answer(context, .forbidden, refusal)
                return
            }
            upgrading = head.headers.first(name: "upgrade")?.lowercased() == "websocket"
            context.fireChannelRead(data)
        case .body:
            if !refusing { context.fireChannelRead(data) }
        case .end:
            guard !refusing else { return }
            unanswered += 1
            deadline?.cancel()
            deadline = nil
            context.fireChannelRead(data)
            // The handshake is read: what follows is WebSocket frames, not requests.
            if upgrading { context.pipeline.syncOperations.removeHandler(context: context, promise: nil) }
        }
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        if case .end = unwrapOutboundIn(data) {
            unanswered -= 1
            if unanswered == 0 { arm(context) }
        }
        context.write(data, promise: promise)
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        guard let error = error as? HTTPParserError else { return context.fireErrorCaught(error) }
        // Nothing is answered in the middle of another answer: the connection just closes.
        guard unanswered == 0, !refusing else { return context.close(promise: nil) }
        refusing = true
        if case .headerOverflow = error {
            answer(context, .requestHeaderFieldsTooLarge, "431 Request Header Fields Too Large: a request's line and headers are at most \(headerBytes) bytes\n")
        } else {
            answer(context, .badRequest, "400 Bad Request\n")
        }
    }

    /// Closes the connection if no request is read whole within the timeout.
    private func arm(_ context: ChannelHandlerContext) {
        deadline?.cancel()
        deadline = context.eventLoop.assumeIsolated().scheduleTask(in: timeout) { context.close(promise: nil) }
    }

    /// Answers `status` with `text` and closes the connection once it is sent.
    private func answer(_ context: ChannelHandlerContext, _ status: HTTPResponseStatus, _ text: String) {
        deadline?.cancel()
        deadline = nil
        let body = context.channel.allocator.buffer(string: text)
        var headers = HTTPHeaders()
        headers.add(name: "Content-Type", value: "text/plain; charset=utf-8")
        headers.add(name: "Content-Length", value: "\(body.readableBytes)")
        headers.add(name: "Connection", value: "close")
        context.write(wrapOutboundOut(.head(HTTPResponseHead(version: .http1_1, status: status, headers: headers))), promise: nil)
        context.write(wrapOutboundOut(.body(.byteBuffer(body))), promise: nil)
        context.writeAndFlush(wrapOutboundOut(.end(nil))).assumeIsolated().whenComplete { _ in context.close(promise: nil) }
    }
}
