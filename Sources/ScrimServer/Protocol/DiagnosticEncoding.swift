import Foundation
import ScrimLua

/// Positions in a document, in the encoding negotiated at `initialize` (SPEC §7.2): LSP's
/// default UTF-16 code units, or UTF-8 bytes when the client offers `utf-8`.
public enum PositionEncoding: String, Sendable, Hashable {
    case utf16 = "utf-16"
    case utf8 = "utf-8"
}

/// LSP `DocumentUri`s and file paths.
enum DocumentURI {
    static func uri(forPath path: String) -> String { URL(fileURLWithPath: path).absoluteString }

    /// The path of a `file://` URI, or nil for another scheme.
    static func path(of uri: String) -> String? {
        guard let url = URL(string: uri), url.isFileURL else { return nil }
        return url.standardizedFileURL.path
    }
}

extension ScriptDiagnostic {
    /// The LSP `Diagnostic` (with `source: "scrim"`, SPEC §7.2), its positions converted to
    /// `encoding` with the file's text (`lines`), which `ScriptDiagnostic` counts in UTF-16.
    func lspJSON(encoding: PositionEncoding, lines: [Substring]?) -> JSONValue {
        var object: JSONObject = [
            "range": Self.rangeJSON(range, encoding: encoding, lines: lines),
            "severity": .int(severity.rawValue),
            "source": "scrim",
            "message": .string(message),
        ]
        if !related.isEmpty {
            object["relatedInformation"] = .array(related.map { item in
                [
                    "location": ["uri": .string(DocumentURI.uri(forPath: item.path)),
                                 "range": Self.rangeJSON(item.range, encoding: encoding, lines: item.path == path ? lines : nil)],
                    "message": .string(item.message),
                ]
            })
        }
        return .object(object)
    }

    private static func rangeJSON(_ range: Range, encoding: PositionEncoding, lines: [Substring]?) -> JSONValue {
        ["start": positionJSON(range.start, encoding: encoding, lines: lines),
         "end": positionJSON(range.end, encoding: encoding, lines: lines)]
    }

    private static func positionJSON(_ position: Position, encoding: PositionEncoding, lines: [Substring]?) -> JSONValue {
        var character = position.character
        if encoding == .utf8, let lines, position.line < lines.count {
            // UTF-16 units → UTF-8 bytes along the line.
            let line = lines[position.line]
            var units = 0, bytes = 0
            for scalar in line.unicodeScalars {
                guard units < position.character else { break }
                units += scalar.utf16.count
                bytes += scalar.utf8.count
            }
            character = bytes + max(0, position.character - units)
        }
        return ["line": .int(position.line), "character": .int(character)]
    }
}
