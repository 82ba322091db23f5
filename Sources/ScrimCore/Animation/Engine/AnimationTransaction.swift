/// Collects the model changes made inside an animation block (`View.animate`,
/// `animateKeyframes`, `PropertyAnimator.addAnimations`) so they can be animated — or rolled
/// back — when the block ends.
@MainActor
final class AnimationTransaction {
    /// The innermost open transaction.
    private(set) static var current: AnimationTransaction?

    struct Change {
        let view: View
        let property: AnimatableProperty
        /// The model before the block changed it (for rollback).
        let originalModel: ViewValues
        /// Keyframes set by `addKeyframe` blocks: relative start, relative duration, value.
        var keyframes: [(start: Double, duration: Double, value: ViewValues)] = []
    }

    private(set) var changes: [Change] = []
    private var indexByKey: [Key: Int] = [:]
    private(set) var error: AnimationError?
    let acceptsKeyframes: Bool
    private var keyframeScope: (start: Double, duration: Double, touched: [Int])?
    private let parent: AnimationTransaction?

    private struct Key: Hashable {
        let view: ObjectIdentifier
        let property: AnimatableProperty
    }

    private init(acceptsKeyframes: Bool, parent: AnimationTransaction?) {
        self.acceptsKeyframes = acceptsKeyframes
        self.parent = parent
    }

    /// Runs `block` with a new transaction open and returns it; if the block throws or set a
    /// non-finite value, every model change is undone and the error is thrown.
    static func collect(acceptsKeyframes: Bool = false, _ block: () throws -> Void) throws -> AnimationTransaction {
        let transaction = AnimationTransaction(acceptsKeyframes: acceptsKeyframes, parent: current)
        current = transaction
        defer { current = transaction.parent }
        do {
            try block()
        } catch {
            transaction.rollBack()
            throw error
        }
        if let error = transaction.error {
            transaction.rollBack()
            throw error
        }
        return transaction
    }

    /// Runs `body` with no transaction open, so its changes apply at once.
    static func suspended(_ body: () throws -> Void) rethrows {
        let saved = current
        current = nil
        defer { current = saved }
        try body()
    }

    /// Records that `property` of `view` is about to change (called before the model changes).
    func recordChange(of property: AnimatableProperty, on view: View) {
        let key = Key(view: ObjectIdentifier(view), property: property)
        let index: Int
        if let known = indexByKey[key] {
            index = known
        } else {
            index = changes.count
            changes.append(Change(view: view, property: property, originalModel: view.model))
            indexByKey[key] = index
        }
        if keyframeScope != nil, !keyframeScope!.touched.contains(index) { keyframeScope!.touched.append(index) }
    }

    /// Remembers the first bad value; the block's changes are undone when it ends.
    func fail(with error: AnimationError) {
        if self.error == nil { self.error = error }
    }

    /// Runs an `addKeyframe` block: the values its changes end with become keyframes at
    /// `start…start+duration` (relative to the whole animation).
    func addKeyframe(start: Double, duration: Double, _ block: () throws -> Void) throws {
        let outer = keyframeScope
        keyframeScope = (start, duration, [])
        defer { keyframeScope = outer }
        try block()
        for index in keyframeScope!.touched {
            let change = changes[index]
            changes[index].keyframes.append((start, duration, change.view.model))
        }
    }

    private func rollBack() {
        for change in changes.reversed() { change.view.restoreModel(change.originalModel, for: change.property) }
    }
}
