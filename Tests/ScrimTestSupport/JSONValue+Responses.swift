import ScrimCore
package import ScrimJSON

extension JSONValue {
    /// The error code of a response, if it is an error.
    package var errorCode: Int? { self["error"]?["code"]?.intValue }
    package var errorMessage: String? { self["error"]?["message"]?.stringValue }

    /// A rect written as `{ x, y, width, height }`.
    package var rect: Rect? {
        guard let x = self["x"]?.doubleValue, let y = self["y"]?.doubleValue, let width = self["width"]?.doubleValue,
            let height = self["height"]?.doubleValue
        else { return nil }
        return Rect(x: x, y: y, width: width, height: height)
    }
}
