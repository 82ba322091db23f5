/// A view controller: an identity, a title and a view created on first access, as
/// `UIViewController`. Presentation comes with the transition machinery.
@MainActor
open class ViewController {
    public let id: String
    public var title: String?

    private var loadedView: View?

    public init(id: String, title: String? = nil) {
        self.id = id
        self.title = title
    }

    /// The root view, created by `loadView()` the first time it is read.
    public var view: View {
        get {
            if let loadedView { return loadedView }
            let created = loadView()
            loadedView = created
            viewDidLoad()
            return created
        }
        set { loadedView = newValue }
    }

    /// Whether the view has been created.
    public var isViewLoaded: Bool { loadedView != nil }

    /// Creates the root view; the default is an empty view whose id is the controller's id.
    open func loadView() -> View {
        View(id: id)
    }

    /// Called once after the view was created.
    open func viewDidLoad() {}
}
