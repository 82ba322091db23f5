/// A growable, contiguous buffer of trivial values that the engine owns outright.
///
/// The per-frame loops index it through raw pointers: no bounds checks, no exclusivity checks,
/// no reference counting. Memory is allocated only when the buffer grows, never per frame.
struct GrowableBuffer<Element> {
    private(set) var base: UnsafeMutablePointer<Element>
    private(set) var count = 0
    private(set) var capacity: Int

    init(capacity: Int = 64) {
        precondition(_isPOD(Element.self), "GrowableBuffer holds trivial values only")
        self.capacity = max(capacity, 1)
        base = .allocate(capacity: self.capacity)
    }

    /// Frees the memory; the buffer must not be used afterwards.
    func deallocate() { base.deallocate() }

    subscript(index: Int) -> Element {
        @inline(__always) get { base[index] }
        @inline(__always) nonmutating set { base[index] = newValue }
    }

    mutating func append(_ element: Element) {
        if count == capacity { grow() }
        (base + count).initialize(to: element)
        count += 1
    }

    /// Removes the element at `index` by moving the last element into its place.
    mutating func swapRemove(at index: Int) {
        count -= 1
        if index != count { base[index] = base[count] }
    }

    mutating func removeLast() -> Element {
        count -= 1
        return base[count]
    }

    mutating func removeAll() { count = 0 }

    private mutating func grow() {
        let newCapacity = capacity * 2
        let newBase = UnsafeMutablePointer<Element>.allocate(capacity: newCapacity)
        newBase.moveInitialize(from: base, count: count)
        base.deallocate()
        base = newBase
        capacity = newCapacity
    }
}
