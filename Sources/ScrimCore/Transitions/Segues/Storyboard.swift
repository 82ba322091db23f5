/// Makes the view controllers and segue classes segues need (`UIStoryboard`): each time a segue
/// runs, its destination is a new instance of a declared view controller. A scene is one;
/// register declarations to build one in code.
@MainActor
open class Storyboard {
    /// Builds a declared view controller with the given instance id.
    public typealias ViewControllerMaker = (_ instanceID: String) throws -> ViewController
    /// Builds a custom segue.
    public typealias SegueMaker = (_ identifier: String?, _ source: ViewController, _ destination: ViewController) throws -> StoryboardSegue

    private var declarations: [String: (make: ViewControllerMaker, segues: [SegueTemplate])] = [:]
    private var segueClasses: [String: SegueMaker] = [:]
    /// The instances made, weakly, to number the next one.
    private var instances: [String: [WeakInstance]] = [:]

    public init() {}

    /// Declares view controller `identifier`: `make` builds an instance, which gets `segues` and
    /// this storyboard.
    public func register(viewController identifier: String, segues: [SegueTemplate] = [], _ make: @escaping ViewControllerMaker) {
        declarations[identifier] = (make, segues)
    }

    /// Registers a custom segue class under `name` (a scene's `segueClass`).
    public func register(segueClass name: String, _ make: @escaping SegueMaker) {
        segueClasses[name] = make
    }

    /// The names of the registered segue classes, sorted.
    public var segueClassNames: [String] { segueClasses.keys.sorted() }

    /// A new instance of the declared view controller `identifier`, whose id is `identifier`, or
    /// `identifier#2`, `#3`, … while an earlier instance is alive.
    ///
    /// - Throws: `TransitionError.unknownViewController` for an undeclared identifier, or
    ///   `.segueFailed` when the declaration's maker throws.
    open func instantiateViewController(withIdentifier identifier: String) throws(TransitionError) -> ViewController {
        guard let declaration = declarations[identifier] else {
            throw TransitionError.unknownViewController(identifier: identifier, declared: declarations.keys.sorted())
        }
        var alive = instances[identifier, default: []].filter { $0.object != nil }
        var instanceID = identifier
        if !alive.isEmpty {
            let taken = Set(alive.compactMap { $0.object?.id })
            var number = 2
            while taken.contains("\(identifier)#\(number)") { number += 1 }
            if taken.contains(identifier) { instanceID = "\(identifier)#\(number)" }
        }
        let instance: ViewController
        do {
            instance = try declaration.make(instanceID)
        } catch {
            throw TransitionError.segueFailed(identifier: identifier, message: "making view controller '\(identifier)' failed: \(error)")
        }
        instance.storyboard = self
        instance.segueTemplates = declaration.segues
        alive.append(WeakInstance(object: instance))
        instances[identifier] = alive
        return instance
    }

    /// A new segue of the custom class `name`.
    ///
    /// - Throws: `TransitionError.unknownSegueClass` when no class has that name, `.segueFailed`
    ///   when its maker throws.
    open func makeSegue(
        ofClass name: String, identifier: String?, source: ViewController, destination: ViewController
    ) throws(TransitionError) -> StoryboardSegue {
        guard let make = segueClasses[name] else {
            throw TransitionError.unknownSegueClass(name: name, known: segueClassNames)
        }
        do {
            return try make(identifier, source, destination)
        } catch {
            throw TransitionError.segueFailed(identifier: identifier ?? name, message: "segue class '\(name)' failed: \(error)")
        }
    }

    private struct WeakInstance {
        weak var object: ViewController?
    }
}
