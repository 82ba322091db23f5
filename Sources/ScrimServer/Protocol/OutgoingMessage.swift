package import ScrimJSON
/// Builds the JSON-RPC messages the server sends.
package enum OutgoingMessage {
    /// `{"jsonrpc":"2.0","id":…,"result":…}` (`result` may be `null`).
    package static func response(id: RequestID?, result: JSONValue) -> JSONValue {
        .object(["jsonrpc": "2.0", "id": id?.json ?? .null, "result": result])
    }

    /// `{"jsonrpc":"2.0","id":…,"error":{…}}` (`id: null` when the request's id is unknown).
    package static func response(id: RequestID?, error: ResponseError) -> JSONValue {
        .object(["jsonrpc": "2.0", "id": id?.json ?? .null, "error": error.json])
    }

    /// `{"jsonrpc":"2.0","method":…,"params":…}`.
    package static func notification(_ method: String, _ params: JSONValue) -> JSONValue {
        .object(["jsonrpc": "2.0", "method": .string(method), "params": params])
    }

    /// A request from the server to the client (`client/registerCapability`).
    package static func request(id: RequestID, _ method: String, _ params: JSONValue) -> JSONValue {
        .object(["jsonrpc": "2.0", "id": id.json, "method": .string(method), "params": params])
    }
}
