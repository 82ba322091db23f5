import ScrimCore
internal import ScrimJSON

extension ScriptDiagnostic {
    /// The LSP `Diagnostic` (with `source: "scrim"`; Docs/Protocol.md,
    /// "Documents, diagnostics and hot reload") of the document `uri` (the file at `path`, or the
    /// client's buffer checked under that name), its positions converted to `encoding` with the
    /// document's text (`lines`), which `ScriptDiagnostic` counts in UTF-16.
    /// Traceback frames in the document point at `uri`, frames in other files at their `file:`
    /// URI; frames with no URI — in Scrim's own chunks (`=scrim`, `=scrim-sandbox`…) — are left
    /// out.
    func lspJSON(uri: String?, encoding: PositionEncoding, lines: [Substring]?) -> JSONValue {
        var object: JSONObject = [
            "range": Self.rangeJSON(range, encoding: encoding, lines: lines),
            "severity": .int(severity.rawValue),
            "source": "scrim",
            "message": .string(message),
        ]
        let frames: [JSONValue] = related.compactMap { item in
            let own = item.path == path
            guard let location = own ? uri : DocumentURI.uri(forPath: item.path) else { return nil }
            return [
                "location": ["uri": .string(location), "range": Self.rangeJSON(item.range, encoding: encoding, lines: own ? lines : nil)],
                "message": .string(item.message),
            ]
        }
        if !frames.isEmpty { object["relatedInformation"] = .array(frames) }
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
