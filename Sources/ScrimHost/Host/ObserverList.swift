/// The observers of one kind of host event, each removable through the `Observation` that
/// `add` returns.
@MainActor
final class ObserverList<Payload> {
    private var observers: [(id: Int, body: (Payload) -> Void)] = []
    private var nextID = 1

    func add(_ body: @escaping (Payload) -> Void) -> ScrimHost.Observation {
        let id = nextID
        nextID += 1
        observers.append((id, body))
        return ScrimHost.Observation { [weak self] in self?.observers.removeAll { $0.id == id } }
    }

    /// Calls every observer, in the order they were added.
    func notify(_ payload: Payload) {
        for observer in observers { observer.body(payload) }
    }
}
