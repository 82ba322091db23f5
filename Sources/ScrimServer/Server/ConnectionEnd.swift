/// How the session on one TCP connection ended (`LanguageServer.serve(connection:…)`).
package enum ConnectionEnd: Sendable, Hashable {
    /// The session is over (`exit`, the end of input, a bad header after the first message): the
    /// process exits with the code.
    case exit(Int32)
    /// The connection was closed for a bad header before any message was framed: it never spoke
    /// LSP, and the listener waits for the next one. The problem, for the log.
    case rejected(String)
}
