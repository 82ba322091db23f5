import ScrimCore

/// A fault contained while a transition played: a role threw, never completed, completed twice or
/// returned what it must not. Where it is in a plugin file (`diagnostic`), which role and method
/// it happened in, the plugin's generation, and when: the clock's time and the seconds since its
/// transition began.
package struct PlaybackFault: Sendable, Hashable, CustomStringConvertible {
    /// The fault placed in the plugin file, as the editor shows it; nil for a role written in
    /// Swift (or a fault no file can be found for).
    package var diagnostic: ScriptDiagnostic?
    /// The role that faulted and its object's name (a plugin name); nil for a fault outside a role
    /// call (an animation's completion, a gesture's action).
    package var role: TransitionRole?
    package var object: String?
    /// The role method (`animateTransition`, `transitionDuration`, …), when it is known.
    package var method: String?
    /// What went wrong, without the position.
    package var message: String
    /// The generation of the plugin file that faulted (1: as first loaded; each reload adds one).
    package var generation: Int?
    /// The transition it happened in, and when: the clock's time, and the seconds since that
    /// transition began.
    package var transition: Int?
    package var time: Double
    package var transitionTime: Double?

    package init(
        diagnostic: ScriptDiagnostic? = nil, role: TransitionRole? = nil, object: String? = nil, method: String? = nil,
        message: String, generation: Int? = nil, transition: Int? = nil, time: Double, transitionTime: Double? = nil
    ) {
        (self.diagnostic, self.role, self.object, self.method, self.message) = (diagnostic, role, object, method, message)
        (self.generation, self.transition, self.time, self.transitionTime) = (generation, transition, time, transitionTime)
    }

    /// The plugin file's path, and the 1-based line and column, when the fault is in a file.
    package var path: String? { diagnostic?.path }
    package var line: Int? { diagnostic.map { $0.range.start.line + 1 } }
    package var column: Int? { diagnostic.map { $0.range.start.character + 1 } }

    /// `file:line:col: error: message` for a fault in a plugin file (as `scrim check` prints a load
    /// error), else `role 'object': message`.
    package var description: String {
        if let diagnostic { return diagnostic.description }
        if let role, let object { return "\(role.rawValue) '\(object)': \(message)" }
        return message
    }

    /// Where and when, in words: `animator 'rt', in animateTransition, 0.0167 s into transition 1`
    /// (what is known of it).
    package var context: String {
        var parts: [String] = []
        if let role, let object { parts.append("\(role.rawValue) '\(object)'") }
        if let method { parts.append("in \(method)") }
        if let transitionTime, let transition {
            parts.append("\(Self.seconds(transitionTime)) s into transition \(transition)")
        } else {
            parts.append("at \(Self.seconds(time)) s")
        }
        return parts.joined(separator: ", ")
    }

    /// Seconds as the timelines print them: four decimals, trailing zeros dropped.
    private static func seconds(_ value: Double) -> String {
        var text = String(format: "%.4f", value)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text
    }

    /// The same fault, its file's path shown as `path` (the path as the user typed it).
    package func showing(path shown: String) -> PlaybackFault {
        var fault = self
        fault.diagnostic?.path = shown
        return fault
    }
}
