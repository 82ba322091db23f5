import FlyingSocks
import Foundation

/// The preview server's socket pool: FlyingFox's own, with Nagle's algorithm turned off
/// (`TCP_NODELAY`) on every socket it waits on. With it on, a small WebSocket message sent while
/// the page has not yet acknowledged the previous one waits for the page's delayed ACK, about
/// 40 ms on Linux: most of a drag's latency. A connection waits to read before it first writes,
/// so the option is set before any message goes out.
struct NoDelaySocketPool<Base: AsyncSocketPool>: AsyncSocketPool {
    let base: Base

    func prepare() async throws { try await base.prepare() }

    func run() async throws { try await base.run() }

    func suspendSocket(_ socket: Socket, untilReadyFor events: Socket.Events) async throws {
        var on: Int32 = 1
        // Fails harmlessly on a socket that is no TCP one.
        _ = setsockopt(socket.file.rawValue, Int32(IPPROTO_TCP), TCP_NODELAY, &on, socklen_t(MemoryLayout<Int32>.size))
        try await base.suspendSocket(socket, untilReadyFor: events)
    }
}
