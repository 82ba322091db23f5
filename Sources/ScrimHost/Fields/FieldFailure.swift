/// The error a `FieldReader` throws: made from a `FieldError`, so that each caller keeps its own
/// typed error (`throws(ResponseError)`, `throws(SceneError)`).
package protocol FieldFailure: Error {
    init(_ error: FieldError)
}
