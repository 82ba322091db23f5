/// The members of a JSON object, in insertion order.
///
/// Setting a key that is already present replaces its value in place (the key keeps its
/// position); setting nil removes it. Equality and hashing ignore the order, as for a dictionary.
/// Small objects are searched linearly; larger ones also keep a hash index, so building an object
/// with many members (from untrusted input) stays linear.
package struct JSONObject: Sendable {
    private var members: [(key: String, value: JSONValue)] = []
    /// Where each key is in `members`; kept only while `members` has more than `indexThreshold`
    /// entries, and empty otherwise.
    private var positions: [String: Int] = [:]
    private static let indexThreshold = 12

    /// An empty object.
    package init() {}

    /// An object with `members` in order; a repeated key keeps its first place and its last value.
    init(_ members: [(String, JSONValue)]) {
        self.members.reserveCapacity(members.count)
        for (key, value) in members {
            setValue(value, forKey: key)
        }
    }

    /// The value of `key`; setting nil removes the member.
    package subscript(key: String) -> JSONValue? {
        get {
            guard let index = index(of: key) else { return nil }
            return members[index].value
        }
        set {
            if let newValue {
                setValue(newValue, forKey: key)
            } else {
                removeValue(forKey: key)
            }
        }
    }

    /// The keys, in order.
    package var keys: [String] { members.map(\.key) }

    package var count: Int { members.count }

    package var isEmpty: Bool { members.isEmpty }

    mutating func reserveCapacity(_ minimumCapacity: Int) {
        members.reserveCapacity(minimumCapacity)
    }

    /// Sets `key` to `value`: in place when the key is present, appended otherwise.
    mutating func setValue(_ value: JSONValue, forKey key: String) {
        if let index = index(of: key) {
            members[index].value = value
            return
        }
        members.append((key, value))
        if !positions.isEmpty {
            positions[key] = members.count - 1
        } else if members.count > Self.indexThreshold {
            rebuildPositions()
        }
    }

    private mutating func removeValue(forKey key: String) {
        guard let index = index(of: key) else { return }
        members.remove(at: index)
        if members.count > Self.indexThreshold {
            positions[key] = nil
            for shifted in index..<members.count {
                positions[members[shifted].key] = shifted
            }
        } else {
            positions = [:]
        }
    }

    private func index(of key: String) -> Int? {
        if positions.isEmpty {
            return members.firstIndex { $0.key == key }
        }
        return positions[key]
    }

    private mutating func rebuildPositions() {
        positions.reserveCapacity(members.count)
        for (index, member) in members.enumerated() {
            positions[member.key] = index
        }
    }
}

extension JSONObject: Sequence {
    /// The members as `(key, value)` pairs, in order.
    package func makeIterator() -> IndexingIterator<[(key: String, value: JSONValue)]> {
        members.makeIterator()
    }

    package var underestimatedCount: Int { members.count }
}

extension JSONObject: Hashable {
    /// Whether both objects have the same keys with equal values, in any order (compared as
    /// `JSONValue`s are, without recursion).
    package static func == (lhs: JSONObject, rhs: JSONObject) -> Bool {
        JSONValue.object(lhs) == JSONValue.object(rhs)
    }

    /// Hashes the members independently of their order (as `Dictionary` does), as `JSONValue` does.
    package func hash(into hasher: inout Hasher) {
        JSONValue.object(self).hash(into: &hasher)
    }
}

extension JSONObject: ExpressibleByDictionaryLiteral {
    /// An object with the members in the order written (a repeated key keeps its first place and
    /// its last value).
    package init(dictionaryLiteral elements: (String, JSONValue)...) {
        self.init(elements)
    }
}

extension JSONObject: CustomStringConvertible {
    /// The compact JSON text.
    package var description: String { JSONValue.object(self).jsonString }
}
