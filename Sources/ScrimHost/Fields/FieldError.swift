/// What is wrong with one field of a message, scene or script: its path and the problem, as in
/// `params.window.width: expected a number, got a string`. A `FieldReader` throws it as its
/// `Failure`: the server's -32602, a scene's `SceneError`.
package struct FieldError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Where the field is: `params.window.width`, `scene.json.viewControllers[2].view`.
    package let path: String
    /// What is wrong: `expected a number, got a string`.
    package let problem: String

    package init(_ path: String, _ problem: String) {
        self.path = path
        self.problem = problem
    }

    package var description: String { "\(path): \(problem)" }
}
