package import ScrimJSON
/// A JSON-RPC 2.0 message from the client, checked for shape (Docs/Protocol.md, "Messages").
package enum IncomingMessage: Sendable, Hashable {
    case request(id: RequestID, method: String, params: JSONValue?)
    case notification(method: String, params: JSONValue?)
    /// The answer to a request the server sent (`client/registerCapability`).
    case response(id: RequestID, result: JSONValue?, error: JSONValue?)

    /// Why a message is not JSON-RPC, and the id to answer with (nil: `id: null`).
    package struct Invalid: Error, Sendable, Hashable {
        package let id: RequestID?
        package let error: ResponseError
    }

    /// Parses and decodes a message's body.
    ///
    /// - Throws: `Invalid` with -32700 and `id: null` for a body that is not JSON; with -32600
    ///   for JSON nesting deeper than the parser's limit, with the id of the message when it is a
    ///   request (read from the top level alone); otherwise as `init(_:)`.
    package init(parsing body: [UInt8]) throws(Invalid) {
        let value: JSONValue
        do throws(JSONParseError) {
            value = try JSONValue(parsing: body)
        } catch {
            throw Self.unparsed(body, error)
        }
        try self.init(value)
    }

    /// The answer to a body that did not parse.
    private static func unparsed(_ body: [UInt8], _ error: JSONParseError) -> Invalid {
        guard error.isTooDeep else {
            return Invalid(id: nil, error: ResponseError(.parseError, "malformed JSON: \(error.message)"))
        }
        let topLevel: JSONValue
        do throws(JSONParseError) {
            topLevel = try JSONValue(parsingTopLevel: body)
        } catch {
            return Invalid(id: nil, error: ResponseError(.parseError, "malformed JSON: \(error.message)"))
        }
        // Only a request is answered with its id (a response's id is the server's own).
        var id: RequestID?
        if case .string = topLevel["method"], let rawID = topLevel["id"] {
            id = RequestID(rawID)
        }
        return Invalid(id: id, error: ResponseError(
            .invalidRequest, "the message nests arrays and objects deeper than \(JSONParser.maximumDepth) levels (at byte \(error.offset))"))
    }

    /// Decodes a parsed JSON value.
    ///
    /// - Throws: `Invalid` with -32600 for a batch (LSP has none), a value that is not an object,
    ///   a wrong `jsonrpc`, an `id` that is neither an integer nor a string, a `method` that is not
    ///   a string, `params` that are neither an object nor an array, and a response with both
    ///   `result` and `error` (or neither).
    package init(_ value: JSONValue) throws(Invalid) {
        guard case .object(let object) = value else {
            if case .array = value {
                throw Invalid(id: nil, error: ResponseError(.invalidRequest, "batches are not supported: send one message at a time (LSP has no batches)"))
            }
            throw Invalid(id: nil, error: ResponseError(.invalidRequest, "a message must be a JSON object, got \(value.typeNameWithArticle)"))
        }
        var id: RequestID?
        if let rawID = object["id"], !rawID.isNull {
            guard let valid = RequestID(rawID) else {
                throw Invalid(id: nil, error: ResponseError(.invalidRequest, "id: expected an integer or a string, got \(rawID.typeNameWithArticle)"))
            }
            id = valid
        }
        guard object["jsonrpc"] == .string("2.0") else {
            throw Invalid(id: id, error: ResponseError(.invalidRequest, "jsonrpc: expected \"2.0\""))
        }
        if let method = object["method"] {
            guard case .string(let name) = method else {
                throw Invalid(id: id, error: ResponseError(.invalidRequest, "method: expected a string, got \(method.typeNameWithArticle)"))
            }
            let params = object["params"]
            if let params {
                switch params {
                case .object, .array: break
                default:
                    throw Invalid(id: id, error: ResponseError(.invalidRequest, "params: expected an object or an array, got \(params.typeNameWithArticle)"))
                }
            }
            if let id {
                self = .request(id: id, method: name, params: params)
            } else {
                self = .notification(method: name, params: params)
            }
            return
        }
        let result = object["result"], error = object["error"]
        guard let id, (result == nil) != (error == nil) else {
            throw Invalid(id: nil, error: ResponseError(
                .invalidRequest,
                result != nil && error != nil
                    ? "a response carries result or error, never both"
                    : "a message needs a method (request or notification) or an id with result or error (response)"))
        }
        self = .response(id: id, result: result, error: error)
    }
}
