import ScrimCore
internal import ScrimJSON

/// Writes a `scrim/frame` notification straight from the views' presentation values, without
/// building `JSONValue`s: with frames streamed at the clock's rate for a thousand views, the
/// containers a `JSONValue` tree allocates per view were most of a frame's cost. The bytes are
/// exactly what serializing `OutgoingMessage.notification(ServerNotification.frame,
/// FrameRecorder.frameParams(time:views:))` gives (a test holds the two together).
///
/// `scrim run --json` prints the same params, one frame a line: the protocol and the CLI report a
/// frame through this one encoder.
@MainActor
package enum FrameEncoder {
    /// The notification's JSON text as UTF-8.
    static func notification(time: Double, views: [View]) -> [UInt8] {
        var buffer: [UInt8] = []
        buffer.reserveCapacity(96 + views.count * 320)
        JSONWriter.append(#"{"jsonrpc":"2.0","method":"scrim/frame","params":"#, to: &buffer)
        writeParams(time: time, views: views, into: &buffer)
        buffer.append(UInt8(ascii: "}"))
        return buffer
    }

    /// The notification's params, `{ time, views: [...] }`, with the views' presentation values
    /// now, as UTF-8 JSON text.
    package static func params(time: Double, views: [View]) -> [UInt8] {
        var buffer: [UInt8] = []
        buffer.reserveCapacity(32 + views.count * 320)
        writeParams(time: time, views: views, into: &buffer)
        return buffer
    }

    private static func writeParams(time: Double, views: [View], into buffer: inout [UInt8]) {
        JSONWriter.append(#"{"time":"#, to: &buffer)
        JSONWriter.write(time, into: &buffer)
        JSONWriter.append(#","views":["#, to: &buffer)
        for (index, view) in views.enumerated() {
            if index > 0 { buffer.append(UInt8(ascii: ",")) }
            write(view, into: &buffer)
        }
        JSONWriter.append("]}", to: &buffer)
    }

    /// `{ id, frame, bounds, center, transform, alpha, backgroundColor, cornerRadius, …, isHidden }`,
    /// in the order `View.frameJSON()` writes them (the layer's values not at their defaults,
    /// rare, are written through `JSONValue`).
    private static func write(_ view: View, into buffer: inout [UInt8]) {
        let values = view.presentation
        JSONWriter.append(#"{"id":"#, to: &buffer)
        JSONWriter.write(view.id, into: &buffer)
        JSONWriter.append(#","frame":"#, to: &buffer)
        write(values.frame, into: &buffer)
        JSONWriter.append(#","bounds":"#, to: &buffer)
        write(values.bounds, into: &buffer)
        JSONWriter.append(#","center":{"x":"#, to: &buffer)
        JSONWriter.write(values.center.x, into: &buffer)
        JSONWriter.append(#","y":"#, to: &buffer)
        JSONWriter.write(values.center.y, into: &buffer)
        JSONWriter.append(#"},"transform":"#, to: &buffer)
        let transform = values.transform
        buffer.append(UInt8(ascii: "["))
        writeSeparated(transform.a, transform.b, transform.c, transform.d, into: &buffer)
        buffer.append(UInt8(ascii: ","))
        JSONWriter.write(transform.tx, into: &buffer)
        buffer.append(UInt8(ascii: ","))
        JSONWriter.write(transform.ty, into: &buffer)
        buffer.append(UInt8(ascii: "]"))
        JSONWriter.append(#","alpha":"#, to: &buffer)
        JSONWriter.write(values.alpha, into: &buffer)
        JSONWriter.append(#","backgroundColor":"#, to: &buffer)
        let color = values.backgroundColor
        buffer.append(UInt8(ascii: "["))
        writeSeparated(color.red, color.green, color.blue, color.alpha, into: &buffer)
        buffer.append(UInt8(ascii: "]"))
        JSONWriter.append(#","cornerRadius":"#, to: &buffer)
        JSONWriter.write(values.cornerRadius, into: &buffer)
        for (key, value) in values.layerJSON(isDoubleSided: view.isDoubleSided) {
            buffer.append(UInt8(ascii: ","))
            JSONWriter.write(key, into: &buffer)
            buffer.append(UInt8(ascii: ":"))
            value.serialize(into: &buffer)
        }
        JSONWriter.append(view.isHidden ? #","isHidden":true}"# : #","isHidden":false}"#, to: &buffer)
    }

    private static func write(_ rect: Rect, into buffer: inout [UInt8]) {
        JSONWriter.append(#"{"x":"#, to: &buffer)
        JSONWriter.write(rect.minX, into: &buffer)
        JSONWriter.append(#","y":"#, to: &buffer)
        JSONWriter.write(rect.minY, into: &buffer)
        JSONWriter.append(#","width":"#, to: &buffer)
        JSONWriter.write(rect.width, into: &buffer)
        JSONWriter.append(#","height":"#, to: &buffer)
        JSONWriter.write(rect.height, into: &buffer)
        buffer.append(UInt8(ascii: "}"))
    }

    /// Four numbers separated by commas (no array: an array literal would allocate per view).
    private static func writeSeparated(_ a: Double, _ b: Double, _ c: Double, _ d: Double, into buffer: inout [UInt8]) {
        JSONWriter.write(a, into: &buffer)
        buffer.append(UInt8(ascii: ","))
        JSONWriter.write(b, into: &buffer)
        buffer.append(UInt8(ascii: ","))
        JSONWriter.write(c, into: &buffer)
        buffer.append(UInt8(ascii: ","))
        JSONWriter.write(d, into: &buffer)
    }
}
