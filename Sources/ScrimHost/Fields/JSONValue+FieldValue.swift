import ScrimCore
package import ScrimJSON

extension JSONValue: FieldValue {
    package var members: JSONObject? { objectValue }

    package static func member(_ key: String, of members: JSONObject) -> JSONValue? {
        guard let value = members[key], !value.isNull else { return nil }
        return value
    }

    package var items: [JSONValue]? { arrayValue }

    package var isEmptyObject: Bool { objectValue?.isEmpty == true }

    package func optionValue(path: String) throws(FieldError) -> OptionValue {
        try OptionValue(json: self, path: path)
    }
}
