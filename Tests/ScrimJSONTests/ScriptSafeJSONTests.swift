import ScrimJSON
import Testing

/// JSON written into an HTML `<script>` element (the preview's page data, Docs/Preview.md): no
/// text in it can close the element or open a comment, and it reads back the same.
@Suite struct ScriptSafeJSONTests {
    @Test func noStringCanCloseTheElementOrOpenAComment() throws {
        let value: JSONValue = [
            "title": "</script><script>alert(1)</script>", "comment": "<!-- x -->", "lines": "a\u{2028}b\u{2029}c",
            "list": ["<", "é😀", 1, 0.5], "<key>": "\u{1}",
        ]
        let text = value.scriptSafeJSONString
        #expect(!text.contains("<"))
        #expect(!text.contains("\u{2028}") && !text.contains("\u{2029}"))
        #expect(text.contains(#""title":"\u003c/script>\u003cscript>alert(1)\u003c/script>""#))
        #expect(text.contains(#""lines":"a\u2028b\u2029c""#))
        #expect(try JSONValue(parsing: text) == value)
    }

    @Test func withoutThoseCharactersItIsTheCompactText() {
        let value: JSONValue = ["a": [1, 2.5, "é/😀", "\u{2027}\u{202A}"], "b": [:]]
        #expect(value.scriptSafeJSONString == value.jsonString)
    }
}
