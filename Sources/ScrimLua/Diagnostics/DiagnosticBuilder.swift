import Foundation
import ScrimCore

/// Turns Lua errors into `ScriptDiagnostic`s on a plugin file: finds the line of the innermost
/// frame in that file (from the message's `chunk:line:` prefix or the traceback), and spans the
/// line's text, trimmed, in UTF-16 units.
struct DiagnosticBuilder {
    /// The plugin's path, as its chunk name.
    let path: String
    /// The plugin's source, for the line's extent.
    let source: String

    /// A diagnostic for a Lua error raised by this plugin's code (or reported about it).
    func diagnostic(for error: LuaError, prefix: String? = nil) -> ScriptDiagnostic {
        let (line, message) = location(in: error)
        let frames = error.traceback.map(traceFrames) ?? []
        let related = frames.filter { $0.line != line || !names($0.path) }.map { frame in
            let own = names(frame.path)
            return ScriptDiagnostic.Related(
                path: own ? path : frame.path, range: range(ofLine: frame.line, in: own ? source : nil), message: frame.text)
        }
        let text = prefix.map { "\($0): \(message)" } ?? message
        return ScriptDiagnostic(path: path, range: range(ofLine: line ?? 0, in: source), message: text, related: related)
    }

    /// A diagnostic at a line (0-based) of this plugin.
    func diagnostic(atLine line: Int, message: String, severity: ScriptDiagnostic.Severity = .error) -> ScriptDiagnostic {
        ScriptDiagnostic(path: path, range: range(ofLine: line, in: source), severity: severity, message: message)
    }

    /// The 0-based line of the error in this file, and the message without its `chunk:line:`.
    func location(in error: LuaError) -> (line: Int?, message: String) {
        if let (file, line, rest) = Self.splitPrefix(error.message), names(file) {
            return (line, rest)
        }
        let frame = error.traceback.map(traceFrames)?.first { names($0.path) }
        if let (_, _, rest) = Self.splitPrefix(error.message) { return (frame?.line, rest) }
        return (frame?.line, error.message)
    }

    /// Whether a chunk name in a message is this file. Lua shortens long names to their end,
    /// behind "...".
    func names(_ file: String) -> Bool {
        file == path || (file.hasPrefix("...") && path.hasSuffix(file.dropFirst(3)))
    }

    /// Splits "file:12: message" into ("file", 11, "message").
    static func splitPrefix(_ text: String) -> (String, Int, String)? {
        var searchStart = text.startIndex
        while let colon = text[searchStart...].firstIndex(of: ":") {
            let afterColon = text.index(after: colon)
            let digits = text[afterColon...].prefix { $0.isNumber }
            if !digits.isEmpty, let number = Int(digits) {
                let end = text.index(afterColon, offsetBy: digits.count)
                if end < text.endIndex, text[end] == ":" {
                    let file = String(text[..<colon])
                    var rest = text[text.index(after: end)...]
                    if rest.hasPrefix(" ") { rest = rest.dropFirst() }
                    return (file, number - 1, String(rest))
                }
            }
            searchStart = afterColon
        }
        return nil
    }

    struct Frame: Hashable {
        let path: String
        let line: Int
        let text: String
    }

    /// The frames of a traceback that name a file and line ("\tfile:12: in function 'f'").
    func traceFrames(_ traceback: String) -> [Frame] {
        traceback.split(separator: "\n").compactMap { raw in
            let line = raw.trimmingCharacters(in: .whitespaces)
            guard let (file, number, rest) = Self.splitPrefix(line), !file.hasPrefix("[") else { return nil }
            return Frame(path: file, line: number, text: rest)
        }
    }

    /// The extent of a line's text without its leading and trailing white space (UTF-16); the
    /// whole line when the source is unknown.
    func range(ofLine line: Int, in text: String?) -> ScriptDiagnostic.Range {
        guard let text else {
            return .init(start: .init(line: line, character: 0), end: .init(line: line, character: 0))
        }
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard line >= 0, line < lines.count else {
            return .init(start: .init(line: max(line, 0), character: 0), end: .init(line: max(line, 0), character: 0))
        }
        let content = lines[line].hasSuffix("\r") ? lines[line].dropLast() : lines[line]
        let leading = content.prefix { $0 == " " || $0 == "\t" }
        let trimmed = content.dropFirst(leading.count).reversed().drop { $0 == " " || $0 == "\t" }
        let start = leading.utf16.count
        return .init(start: .init(line: line, character: start), end: .init(line: line, character: start + String(trimmed).utf16.count))
    }
}
