/// Positions in a document, in the encoding negotiated at `initialize` (Docs/Protocol.md,
/// "Positions, URIs and paths"): LSP's default UTF-16 code units, or UTF-8 bytes when the client
/// offers `utf-8`.
package enum PositionEncoding: String, Sendable, Hashable {
    case utf16 = "utf-16"
    case utf8 = "utf-8"
}
