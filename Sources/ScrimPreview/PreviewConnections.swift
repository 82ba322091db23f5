import HummingbirdCore
import HummingbirdWebSocket
import Logging
import NIOConcurrencyHelpers
import NIOCore
import NIOHTTP1

/// How the preview server sets up each connection it accepts: Hummingbird's HTTP/1 channel with
/// WebSocket upgrade, plus the bounds (`PreviewServerLimits`): a connection beyond the limit is
/// closed at once (the server goes on accepting), and every other one gets a `PreviewRequestGate`
/// after its HTTP decoder. It keeps the connections it holds, to close them all when the server
/// stops.
struct PreviewConnections: ServerChildChannel {
    typealias Value = HTTP1WebSocketUpgradeChannel.Value

    let base: HTTP1WebSocketUpgradeChannel
    let token: String
    let limits: PreviewServerLimits
    let held: Held

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        base.setup(channel: channel, logger: logger).flatMapThrowing { value in
            guard held.add(channel, limit: limits.connections) else {
                channel.close(promise: nil)
                return value
            }
            let port = channel.localAddress?.port ?? 0
            let decoder = try channel.pipeline.syncOperations.handler(type: ByteToMessageHandler<HTTPRequestDecoder>.self)
            try channel.pipeline.syncOperations.addHandler(
                PreviewRequestGate(access: PreviewAccess(token: token, port: port), limits: limits), position: .after(decoder))
            return value
        }
    }

    func handle(value: Value, logger: Logger) async {
        await base.handle(value: value, logger: logger)
    }

    /// The connections held, by identity; safe from any event loop thread.
    final class Held: Sendable {
        private let channels = NIOLockedValueBox<[ObjectIdentifier: any Channel]>([:])

        /// How many connections are held.
        var count: Int { channels.withLockedValue { $0.count } }

        /// Holds `channel` until it closes, if fewer than `limit` are held.
        func add(_ channel: any Channel, limit: Int) -> Bool {
            let id = ObjectIdentifier(channel)
            let added = channels.withLockedValue { channels in
                guard channels.count < limit else { return false }
                channels[id] = channel
                return true
            }
            if added { channel.closeFuture.whenComplete { [self] _ in _ = channels.withLockedValue { $0.removeValue(forKey: id) } } }
            return added
        }

        /// Closes every connection held.
        func closeAll() {
            for channel in channels.withLockedValue({ Array($0.values) }) { channel.close(promise: nil) }
        }
    }
}
