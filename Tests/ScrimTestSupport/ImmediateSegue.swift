import ScrimCore

/// A port of Listing 9-2 of Apple's *View Controller Programming Guide for iOS* ("Using Segues",
/// "Creating a Custom Segue"): a custom segue whose `perform()` presents the destination from the
/// source without animation ("Add your own animation code here.").
@MainActor
public final class ImmediateSegue: StoryboardSegue {
    public override func perform() throws {
        // Add your own animation code here.
        try source.present(destination, animated: false)
    }
}
