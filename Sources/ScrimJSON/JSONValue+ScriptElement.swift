extension JSONValue {
    /// The compact JSON text (as `jsonString`), safe inside an HTML `<script>` element: `<` is
    /// written `\u003c`, so neither `</script>` nor `<!--` can appear, and the line separators
    /// U+2028 and U+2029 as `\u2028` and `\u2029`. Outside strings, JSON text has none of these
    /// characters, so only strings change, and they read back the same.
    package var scriptSafeJSONString: String {
        let text = serialized()
        var safe: [UInt8] = []
        safe.reserveCapacity(text.count)
        var index = 0
        while index < text.count {
            let byte = text[index]
            if byte == UInt8(ascii: "<") {
                JSONWriter.append("\\u003c", to: &safe)
            } else if byte == 0xE2, index + 2 < text.count, text[index + 1] == 0x80, text[index + 2] & 0xFE == 0xA8 {
                // U+2028 is E2 80 A8 in UTF-8, U+2029 is E2 80 A9.
                JSONWriter.append(text[index + 2] == 0xA8 ? "\\u2028" : "\\u2029", to: &safe)
                index += 2
            } else {
                safe.append(byte)
            }
            index += 1
        }
        return String(decoding: safe, as: UTF8.self)
    }
}
