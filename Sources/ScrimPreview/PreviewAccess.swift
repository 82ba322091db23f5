/// Who may use the preview server, decided from a request's head alone (`PreviewRequestGate`
/// asks it before anything else reads the request). The server is on the loopback interface, so
/// its attackers are local: another user's program, and the browser itself, which lets any web
/// page send requests to 127.0.0.1. So a request is refused (403) when
///
/// - its `Host` is not `127.0.0.1:PORT` or `localhost:PORT` (this server's port): a page of
///   another site whose name was pointed at 127.0.0.1 (DNS rebinding) sends its own name;
/// - it has an `Origin` that is not `http://127.0.0.1:PORT` or `http://localhost:PORT`: a page of
///   another site opening a WebSocket (which the same-origin policy does not stop) or fetching.
///   A request without `Origin` is accepted: browsers always send one with a WebSocket and with a
///   cross-site fetch, and programs (curl, tests) send none;
/// - its query has no `token` equal to the server's (compared in time that does not depend on
///   where they differ).
package struct PreviewAccess: Sendable {
    /// The server's secret.
    package let token: String
    /// The port the server listens on.
    package let port: Int

    package init(token: String, port: Int) {
        self.token = token
        self.port = port
    }

    /// Why a request with this `Host`, `Origin` and target (path and query) is refused, as the
    /// text of its 403; nil when it is not.
    package func refusal(host: String?, origin: String?, target: String) -> String? {
        guard let host, allows(authority: host) else {
            return "403 Forbidden: the preview server answers only requests for 127.0.0.1:\(port) or localhost:\(port), not '\(host ?? "")'\n"
        }
        if let origin, !allows(origin: origin) {
            return "403 Forbidden: requests from another site ('\(origin)') are refused\n"
        }
        guard let given = Self.query(target, "token"), Self.equal(given, token) else {
            return "403 Forbidden: this preview needs the token printed by scrim preview --serve (or given by scrim.preview)\n"
        }
        return nil
    }

    /// `127.0.0.1:PORT` or `localhost:PORT` (any case), this server's port.
    private func allows(authority: String) -> Bool {
        let lowered = authority.lowercased()
        return lowered == "127.0.0.1:\(port)" || lowered == "localhost:\(port)"
    }

    /// `http://127.0.0.1:PORT` or `http://localhost:PORT`: the pages' own origin.
    private func allows(origin: String) -> Bool {
        let lowered = origin.lowercased()
        guard lowered.hasPrefix("http://") else { return false }
        return allows(authority: String(lowered.dropFirst("http://".count)))
    }

    /// The value of `name` in the target's query (the first), undecoded; nil without one.
    private static func query(_ target: String, _ name: String) -> Substring? {
        guard let mark = target.firstIndex(of: "?") else { return nil }
        let query = target[target.index(after: mark)...]
        for pair in query.split(separator: "&", omittingEmptySubsequences: true) {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            if parts[0] == name { return parts.count == 2 ? parts[1] : "" }
        }
        return nil
    }

    /// Compares the token in time that does not depend on where the strings differ.
    private static func equal(_ a: Substring, _ b: String) -> Bool {
        let x = Array(a.utf8), y = Array(b.utf8)
        guard x.count == y.count else { return false }
        return zip(x, y).reduce(0) { $0 | ($1.0 ^ $1.1) } == 0
    }
}
