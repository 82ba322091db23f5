/// What `MessageFramer` yields.
package enum FramedInput: Sendable, Hashable {
    /// One message body: exactly `Content-Length` bytes.
    case message([UInt8])
    /// A bad header or bytes that are not a header: the message for the -32700 answer. The framer
    /// has dropped the bad bytes and resynchronises on the next `Content-Length` header.
    case invalid(String)
    /// Bad input to a strict framer (TCP): the problem, for the log. The framer frames nothing
    /// more, and the connection is to be closed without running or answering anything after it.
    case close(String)
}
