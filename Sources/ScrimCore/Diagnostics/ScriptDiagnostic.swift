/// A problem with a plugin file, shaped like an LSP `Diagnostic`: a range of 0-based
/// lines and UTF-16 characters, a severity, a message, and optionally where else it matters (the
/// traceback's frames).
public struct ScriptDiagnostic: Error, Sendable, Hashable, CustomStringConvertible {
    /// LSP's `DiagnosticSeverity`.
    public enum Severity: Int, Sendable, Hashable {
        case error = 1, warning = 2, information = 3, hint = 4

        public var name: String {
            switch self {
            case .error: "error"
            case .warning: "warning"
            case .information: "information"
            case .hint: "hint"
            }
        }
    }

    /// A position: 0-based line, 0-based UTF-16 character offset.
    public struct Position: Sendable, Hashable {
        public var line, character: Int

        public init(line: Int, character: Int) { (self.line, self.character) = (line, character) }
    }

    public struct Range: Sendable, Hashable {
        public var start, end: Position

        public init(start: Position, end: Position) { (self.start, self.end) = (start, end) }
    }

    /// Another place the diagnostic concerns (a traceback frame).
    public struct Related: Sendable, Hashable {
        public var path: String
        public var range: Range
        public var message: String

        public init(path: String, range: Range, message: String) {
            (self.path, self.range, self.message) = (path, range, message)
        }
    }

    /// The plugin file's path.
    public var path: String
    public var range: Range
    public var severity: Severity
    public var message: String
    public var related: [Related]

    public init(path: String, range: Range, severity: Severity = .error, message: String, related: [Related] = []) {
        self.path = path
        self.range = range
        self.severity = severity
        self.message = message
        self.related = related
    }

    /// `file:line:col: severity: message`, 1-based as compilers print (`scrim check`).
    public var description: String {
        "\(path):\(range.start.line + 1):\(range.start.character + 1): \(severity.name): \(message)"
    }
}
