extension JSONValue {
    /// Whether the values are the same JSON: the same case with equal contents, objects equal in
    /// any order (`.int(1) != .double(1)`). Nested arrays and objects are compared from a stack
    /// of pairs rather than by recursion, so nesting costs no call depth.
    package static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        if let equal = shallowlyEqual(lhs, rhs) { return equal }
        var pending = [(lhs, rhs)]
        while let (left, right) = pending.popLast() {
            switch (left, right) {
            case (.array(let a), .array(let b)):
                guard a.count == b.count else { return false }
                for (x, y) in zip(a, b) {
                    switch shallowlyEqual(x, y) {
                    case false?: return false
                    case true?: break
                    case nil: pending.append((x, y))
                    }
                }
            case (.object(let a), .object(let b)):
                guard a.count == b.count else { return false }
                for (key, x) in a {
                    guard let y = b[key] else { return false }
                    switch shallowlyEqual(x, y) {
                    case false?: return false
                    case true?: break
                    case nil: pending.append((x, y))
                    }
                }
            default:
                return false  // not reached: only arrays or objects of the same kind are pending
            }
        }
        return true
    }

    /// Whether two values are equal when that shows without looking inside them: nil for two
    /// arrays or two objects.
    private static func shallowlyEqual(_ lhs: JSONValue, _ rhs: JSONValue) -> Bool? {
        switch (lhs, rhs) {
        case (.null, .null): true
        case (.bool(let a), .bool(let b)): a == b
        case (.int(let a), .int(let b)): a == b
        case (.double(let a), .double(let b)): a == b
        case (.string(let a), .string(let b)): a == b
        case (.array, .array), (.object, .object): nil
        default: false
        }
    }

    /// Hashes the value consistently with `==` (an object independently of the order of its
    /// members), from a stack of steps rather than by recursion.
    package func hash(into hasher: inout Hasher) {
        if hashScalar(into: &hasher) { return }
        // `hashers.last` takes what is hashed now: an object's members are each hashed alone and
        // the results combined by a commutative operation (`combined.last`).
        var steps: [HashStep] = [.value(self)]
        var hashers = [hasher]
        var combined: [Int] = []
        while let step = steps.popLast() {
            switch step {
            case .value(let value):
                if value.hashScalar(into: &hashers[hashers.count - 1]) { continue }
                switch value {
                case .array(let items):
                    hashers[hashers.count - 1].combine(5)
                    hashers[hashers.count - 1].combine(items.count)
                    steps.append(contentsOf: items.reversed().lazy.map { .value($0) })
                case .object(let object):
                    hashers[hashers.count - 1].combine(6)
                    hashers[hashers.count - 1].combine(object.count)
                    combined.append(0)
                    steps.append(.endObject)
                    for (key, member) in object {
                        steps.append(.endMember)
                        steps.append(.value(member))
                        steps.append(.member(key))
                    }
                default:
                    break  // not reached: scalars are hashed above
                }
            case .member(let key):
                var memberHasher = Hasher()
                memberHasher.combine(key)
                hashers.append(memberHasher)
            case .endMember:
                combined[combined.count - 1] ^= hashers.removeLast().finalize()
            case .endObject:
                hashers[hashers.count - 1].combine(combined.removeLast())
            }
        }
        hasher = hashers[0]
    }

    /// Hashes a value that is not an array or an object; false (hashing nothing) for those.
    private func hashScalar(into hasher: inout Hasher) -> Bool {
        switch self {
        case .null:
            hasher.combine(0)
        case .bool(let flag):
            hasher.combine(1)
            hasher.combine(flag)
        case .int(let number):
            hasher.combine(2)
            hasher.combine(number)
        case .double(let number):
            hasher.combine(3)
            hasher.combine(number)
        case .string(let text):
            hasher.combine(4)
            hasher.combine(text)
        case .array, .object:
            return false
        }
        return true
    }

    /// A step of hashing a value without recursion.
    private enum HashStep {
        /// Hash this value into the current hasher.
        case value(JSONValue)
        /// Start hashing an object's member: a hasher of its own, with the key.
        case member(String)
        /// The member is hashed: fold its hash into its object's.
        case endMember
        /// The object's members are hashed: hash their combination.
        case endObject
    }
}
