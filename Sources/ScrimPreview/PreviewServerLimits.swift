/// What the preview server holds at most, whatever its neighbours do: every other user and
/// program on the machine can reach a loopback port, and so can any web page open in the browser.
/// The defaults are the documented bounds (Docs/Preview.md); tests make them small.
package struct PreviewServerLimits: Sendable {
    /// The bytes of a request's line and headers: a request with more is answered 431 and its
    /// connection closed as soon as the limit is passed.
    package var headerBytes = 16 * 1024
    /// How long a connection may go without a complete request: from its start, and from each
    /// answer. A WebSocket is not held to it.
    package var requestTimeout: Duration = .seconds(10)
    /// The connections held at once; one accepted beyond them is closed at once.
    package var connections = 64
    /// The messages waiting to be sent to one WebSocket: a page that reads slower than that is
    /// disconnected (its own messages with it), and memory stays flat.
    package var backlog = 64
    /// The largest message a page may send, in bytes.
    package var messageBytes = 64 * 1024

    package init() {}
}
