/// Why a scene (or an interaction script) cannot be read: the field's path and what is wrong
/// with it, as in `scene.json.viewControllers[2].view.frame: expected an object, got a string`.
/// The server reports it as error 1005 with this message.
package struct SceneError: FieldFailure, Sendable, Hashable, CustomStringConvertible {
    /// The whole message: `path: problem`.
    package let message: String

    package init(_ path: String, _ problem: String) {
        message = "\(path): \(problem)"
    }

    package init(_ error: FieldError) {
        self.init(error.path, error.problem)
    }

    /// A message that names no single field (a file that cannot be read or parsed).
    package init(message: String) {
        self.message = message
    }

    package var description: String { message }
}
