import ScrimHost
package import ScrimJSON

/// The `error` of a JSON-RPC response: a code, a message a user can act on, optional data.
package struct ResponseError: FieldFailure, Sendable, Hashable, CustomStringConvertible {
    package var code: ErrorCode
    package var message: String
    package var data: JSONValue?

    package init(_ code: ErrorCode, _ message: String, data: JSONValue? = nil) {
        self.code = code
        self.message = message
        self.data = data
    }

    /// -32602 for a field: "params.seconds: expected a number ≥ 0, got -1".
    package static func invalidParams(_ field: String, _ problem: String) -> ResponseError {
        ResponseError(.invalidParams, "\(field): \(problem)")
    }

    /// -32602 for a field a `Params` reader refused.
    package init(_ error: FieldError) {
        self = .invalidParams(error.path, error.problem)
    }

    package var json: JSONValue {
        var object: JSONObject = ["code": .int(code.rawValue), "message": .string(message)]
        if let data { object["data"] = data }
        return .object(object)
    }

    package var description: String { "error \(code.rawValue): \(message)" }
}
