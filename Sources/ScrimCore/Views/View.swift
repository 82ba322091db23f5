/// A rectangular area on screen with animatable properties and subviews, as `UIView`.
///
/// Every animatable property has a **model** value (what was last set, read through the
/// properties) and a **presentation** value (what is on screen now, `presentation`); they differ
/// only while an animation runs. Presentation values live in a small fixed block of memory that
/// the animation engine writes directly each frame.
@MainActor
open class View {
    /// Unique in a window; generated (`view-N`) when not given.
    public let id: String
    /// Whether `id` was generated (none was given).
    public let hasGeneratedID: Bool
    public var name: String?
    public var tag: Int = 0
    public var isHidden = false
    public var clipsToBounds = false
    /// Whether taps and pans reach it and its subviews, as `UIView.isUserInteractionEnabled`:
    /// hit-testing skips a view where it is false, with everything in it. True by default, false
    /// for a `Label` and an `ImageView` (UIKit's defaults), so a tap on a card's title is the card's.
    public final var isUserInteractionEnabled = true
    /// Whether the layer is drawn (and hit) when it faces away from the viewer, as
    /// `CALayer.isDoubleSided`; `view.layer.isDoubleSided` is the same value.
    public var isDoubleSided = true
    /// Whether a plugin made this view (`scrim.View.new`, `view:snapshot()`): `scrim export`
    /// creates it in code instead of asking the app for it (Docs/Export.md).
    package var isMadeByPlugin = false
    /// The id of the view this one is a snapshot of (`snapshotView()`); nil for any other view.
    package private(set) var snapshotSource: String?

    public private(set) weak var superview: View?
    /// Subviews, back to front.
    public private(set) var subviews: [View] = []

    /// The model values.
    public private(set) var model: ViewValues

    /// Presentation storage: `AnimatableProperty.storageCount` doubles, written by the engine.
    let presentationStorage: UnsafeMutablePointer<Double>
    /// The engine track animating each property (indexed by `AnimatableProperty.rawValue`), or -1.
    let trackSlots: UnsafeMutablePointer<Int32>
    /// The engine whose tracks `trackSlots` refers to.
    weak var animatingEngine: AnimationEngine?

    /// The pan recognizers attached to this view.
    public private(set) var gestureRecognizers: [PanGestureRecognizer] = []

    /// A view whose `frame` is `frame`. A frame that is not finite (NaN or infinite anywhere, or
    /// so large that its center overflows) is ignored, as the `frame` setter ignores it: the view
    /// starts with `Rect.zero`. A view never holds a non-finite value.
    public init(id: String? = nil, frame: Rect = .zero) {
        self.id = id ?? View.makeIdentifier()
        hasGeneratedID = id == nil
        let (center, size) = View.centerAndSize(of: frame) ?? (.zero, Size(width: 0, height: 0))
        model = ViewValues(center: center, bounds: Rect(origin: .zero, size: size))
        presentationStorage = .allocate(capacity: AnimatableProperty.storageCount)
        trackSlots = .allocate(capacity: AnimatableProperty.allCases.count)
        trackSlots.initialize(repeating: -1, count: AnimatableProperty.allCases.count)
        presentationStorage.initialize(repeating: 0, count: AnimatableProperty.storageCount)
        for property in AnimatableProperty.allCases { model.write(property, to: presentationStorage) }
    }

    isolated deinit {
        // The engine retains a view while it animates it, so no track can point here any more.
        presentationStorage.deallocate()
        trackSlots.deallocate()
    }

    private static var nextIdentifier = 1
    private static func makeIdentifier() -> String {
        defer { nextIdentifier += 1 }
        return "view-\(nextIdentifier)"
    }

    // MARK: Model values

    public var center: Point {
        get { model.center }
        set { setModel(.center) { $0.center = newValue } }
    }

    public var bounds: Rect {
        get { model.bounds }
        set { setModel(.bounds) { $0.bounds = newValue } }
    }

    /// The affine part of the layer's transform, as UIKit's `transform`. Setting it sets
    /// `transform3D` to the affine transform.
    public var transform: AffineTransform {
        get { model.transform }
        set { setModel(.transform) { $0.transform = newValue } }
    }

    /// The layer's 4×4 transform (`CATransform3D`), about the anchor point. Setting it sets
    /// `transform` to its affine part.
    public var transform3D: Transform3D {
        get { model.transform3D }
        set { setModel(.transform) { $0.transform3D = newValue } }
    }

    public var alpha: Double {
        get { model.alpha }
        set { setModel(.alpha) { $0.alpha = newValue } }
    }

    public var backgroundColor: Color {
        get { model.backgroundColor }
        set { setModel(.backgroundColor) { $0.backgroundColor = newValue } }
    }

    public var cornerRadius: Double {
        get { model.cornerRadius }
        set { setModel(.cornerRadius) { $0.cornerRadius = newValue } }
    }

    /// The layer: its anchor point, depth, sublayer transform, shadow and border (made on first use).
    public var layer: Layer {
        if let madeLayer { return madeLayer }
        let layer = Layer(view: self)
        madeLayer = layer
        return layer
    }

    private var madeLayer: Layer?

    /// Derived from `center`, `bounds.size`, the anchor point and the transform as UIKit: with a
    /// non-identity transform it reads as the bounding box of the transformed bounds. Setting it
    /// sets `center` (where the anchor point of the new frame is) and `bounds.size` (the transform
    /// is left alone).
    public var frame: Rect {
        get { model.frame }
        set {
            guard let (_, newSize) = View.centerAndSize(of: newValue) else {
                reportNonFinite("frame", newValue.description)
                return
            }
            let anchor = model.anchorPoint
            center = Point(x: newValue.minX + anchor.x * newSize.width, y: newValue.minY + anchor.y * newSize.height)
            var newBounds = bounds
            newBounds.size = newSize
            bounds = newBounds
        }
    }

    /// The center and the (non-negative) size a frame stands for, or nil unless both are finite.
    private static func centerAndSize(of frame: Rect) -> (Point, Size)? {
        let center = Point(x: frame.midX, y: frame.midY)
        let size = Size(width: abs(frame.width), height: abs(frame.height))
        guard frame.isFinite, center.isFinite, size.isFinite else { return nil }
        return (center, size)
    }

    /// What is on screen now.
    public var presentation: ViewValues { ViewValues(storage: presentationStorage) }

    /// Whether an animation of the engine is changing this property now.
    public func isAnimating(_ property: AnimatableProperty) -> Bool {
        trackSlots[Int(property.rawValue)] >= 0
    }

    /// Every model change goes through here: inside an animation block the change is recorded and
    /// animated when the block ends; outside, it replaces any running animation of the property.
    func setModel(_ property: AnimatableProperty, _ change: (inout ViewValues) -> Void) {
        var updated = model
        change(&updated)
        guard updated.isFinite(property) else {
            reportNonFinite(property.description, updated.text(of: property))
            return
        }
        if let transaction = AnimationTransaction.current {
            transaction.recordChange(of: property, on: self)
            model = updated
        } else {
            model = updated
            applyModelWithoutAnimation(property)
        }
    }

    /// A non-finite value is never stored: inside a transaction it fails the transaction,
    /// outside any it is dropped.
    private func reportNonFinite(_ property: String, _ value: String) {
        AnimationTransaction.current?.fail(with: .nonFiniteValue(property: property, value: value, view: id))
    }

    /// Ends any running animation of `property` (its completion sees `finished == false`) and
    /// shows the model value at once.
    func applyModelWithoutAnimation(_ property: AnimatableProperty) {
        animatingEngine?.removeTrack(of: property, on: self, finished: false)
        model.write(property, to: presentationStorage)
    }

    /// Sets one property's model and presentation to its value in `values` exactly.
    func setModelAndPresentation(_ property: AnimatableProperty, from values: ViewValues) {
        restoreModel(values, for: property)
        model.write(property, to: presentationStorage)
    }

    /// Restores a model value recorded before an animation block (when the block fails).
    func restoreModel(_ values: ViewValues, for property: AnimatableProperty) {
        model = model.replacing(property, from: values)
    }

    // MARK: Gestures

    /// Attaches a recognizer (moving it from any other view).
    public func addGestureRecognizer(_ recognizer: PanGestureRecognizer) {
        recognizer.view?.removeGestureRecognizer(recognizer)
        gestureRecognizers.append(recognizer)
        recognizer.view = self
    }

    public func removeGestureRecognizer(_ recognizer: PanGestureRecognizer) {
        guard recognizer.view === self else { return }
        gestureRecognizers.removeAll { $0 === recognizer }
        recognizer.view = nil
    }

    // MARK: Hierarchy

    /// The window this view is in, if any.
    public var window: Window? {
        var view: View? = self
        while let current = view {
            if let window = current as? Window { return window }
            view = current.superview
        }
        return nil
    }

    /// Adds `view` on top of the other subviews (removing it from its old superview first).
    public func addSubview(_ view: View) {
        insertSubview(view, at: subviews.count)
    }

    /// Inserts `view` at `index` in `subviews` (clamped to the valid range).
    public func insertSubview(_ view: View, at index: Int) {
        precondition(view !== self && !isDescendant(of: view), "a view cannot be added inside itself")
        if view.superview === self, let old = subviews.firstIndex(where: { $0 === view }) {
            subviews.remove(at: old)
            subviews.insert(view, at: min(max(index, 0), subviews.count))
            return
        }
        view.removeFromSuperview()
        subviews.insert(view, at: min(max(index, 0), subviews.count))
        view.superview = self
        window?.viewsJoined(view)
    }

    public func insertSubview(_ view: View, belowSubview sibling: View) {
        guard let index = subviews.firstIndex(where: { $0 === sibling }) else { return addSubview(view) }
        let adjusted = view.superview === self && (subviews.firstIndex { $0 === view } ?? .max) < index ? index - 1 : index
        insertSubview(view, at: adjusted)
    }

    public func insertSubview(_ view: View, aboveSubview sibling: View) {
        guard let index = subviews.firstIndex(where: { $0 === sibling }) else { return addSubview(view) }
        let adjusted = view.superview === self && (subviews.firstIndex { $0 === view } ?? .max) < index ? index : index + 1
        insertSubview(view, at: adjusted)
    }

    public func bringSubviewToFront(_ view: View) {
        guard view.superview === self else { return }
        insertSubview(view, at: subviews.count)
    }

    public func sendSubviewToBack(_ view: View) {
        guard view.superview === self else { return }
        insertSubview(view, at: 0)
    }

    /// The view itself or the first of its descendants (depth first, back to front) whose `id`
    /// is `id`.
    public func descendant(withID id: String) -> View? {
        if self.id == id { return self }
        for subview in subviews {
            if let found = subview.descendant(withID: id) { return found }
        }
        return nil
    }

    public func removeFromSuperview() {
        guard let parent = superview else { return }
        parent.window?.viewsLeft(self)
        parent.subviews.removeAll { $0 === self }
        superview = nil
    }

    /// Calls `body` with this view and every view inside it, depth first (iteratively: a deep
    /// hierarchy cannot overflow the stack).
    public func forEachInSubtree(_ body: (View) throws -> Void) rethrows {
        var pending: [View] = [self]
        while let view = pending.popLast() {
            try body(view)
            pending.append(contentsOf: view.subviews.reversed())
        }
    }

    /// Whether this view is `view` or lies inside it.
    public func isDescendant(of view: View) -> Bool {
        var current: View? = self
        while let candidate = current {
            if candidate === view { return true }
            current = candidate.superview
        }
        return false
    }

    // MARK: Coordinates

    /// Maps a point from this view's bounds coordinates to its superview's (model values), through
    /// 3-D transforms as Core Animation places layers (Docs/Animation.md, "Layers in 3-D").
    func convertToSuperview(_ point: Point) -> Point {
        model.convertToSuperlayer(point, superlayer: superview?.model)
    }

    /// Maps a point from the superview's coordinates to this view's bounds coordinates: where the
    /// line of sight through it meets this view's plane; nil when it meets none in front.
    func convertFromSuperview(_ point: Point) -> Point? {
        model.convertFromSuperlayer(point, superlayer: superview?.model)
    }

    /// Converts a point from this view's coordinates to `view`'s (`nil`: the top of the hierarchy,
    /// normally the window). Through a 3-D transform the point is unprojected onto `view`'s plane;
    /// where the line of sight misses it (the plane is seen edge-on), the result is not finite.
    public func convert(_ point: Point, to view: View?) -> Point {
        var result = point
        var current: View = self
        while let parent = current.superview {
            result = current.convertToSuperview(result)
            current = parent
        }
        guard let view else { return result }
        var chain: [View] = []
        var walker: View? = view
        while let step = walker, step.superview != nil {
            chain.append(step)
            walker = step.superview
        }
        for step in chain.reversed() {
            guard let local = step.convertFromSuperview(result) else { return Point(x: .nan, y: .nan) }
            result = local
        }
        return result
    }

    /// Converts a rectangle from this view's coordinates to `view`'s: the bounding box of its
    /// converted corners.
    public func convert(_ rect: Rect, to view: View?) -> Rect {
        let corners = [
            Point(x: rect.minX, y: rect.minY), Point(x: rect.maxX, y: rect.minY),
            Point(x: rect.minX, y: rect.maxY), Point(x: rect.maxX, y: rect.maxY),
        ].map { convert($0, to: view) }
        let minX = corners.map(\.x).min()!, minY = corners.map(\.y).min()!
        return Rect(x: minX, y: minY, width: corners.map(\.x).max()! - minX, height: corners.map(\.y).max()! - minY)
    }

    // MARK: Snapshots

    /// A new view that looks like this one now: its presentation values, hidden state, content
    /// (a label's text, an image view's image) and subviews (snapshotted in turn). The snapshot
    /// is not added anywhere.
    public func snapshotView() -> View {
        let snapshot = emptyCopy()
        snapshot.name = "snapshot of \(id)"
        snapshot.snapshotSource = id
        snapshot.copyAppearance(from: self)
        return snapshot
    }

    /// A new view of this view's class with its content (a label's text), at `Rect.zero`.
    func emptyCopy() -> View { View() }

    private func copyAppearance(from original: View) {
        let values = original.presentation
        model = values
        for property in AnimatableProperty.allCases { model.write(property, to: presentationStorage) }
        isHidden = original.isHidden
        clipsToBounds = original.clipsToBounds
        isUserInteractionEnabled = original.isUserInteractionEnabled
        isDoubleSided = original.isDoubleSided
        for child in original.subviews {
            let copy = child.emptyCopy()
            copy.name = child.name
            copy.copyAppearance(from: child)
            addSubview(copy)
        }
    }
}
