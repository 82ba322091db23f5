import ScrimCore

/// A port of Listing 9-1 of Apple's *View Controller Programming Guide for iOS* ("Using Segues",
/// "Initiating a Segue Programmatically"): when the device turns to landscape, the view
/// controller performs the segue `DisplayAlternateView` from code, once.
///
/// Scrim has no device orientation: the window's size stands for it (landscape when it is wider
/// than tall), and `viewWillTransition(to:with:)` for the orientation notification. The listing
/// omits the way back; here, as the guide's "Creating an Alternate Landscape Interface" does, turning
/// back to portrait dismisses the alternate view.
@MainActor
public final class AlternateViewController: ViewController {
    public private(set) var isShowingLandscapeView = false
    /// Every segue performed, in order (for tests).
    public private(set) var performed: [StoryboardSegue] = []

    public override func viewWillTransition(to size: Size, with coordinator: TransitionCoordinator) {
        orientationChanged(isLandscape: size.width > size.height)
    }

    func orientationChanged(isLandscape: Bool) {
        if isLandscape && !isShowingLandscapeView {
            guard let segue = try? performSegue(withIdentifier: "DisplayAlternateView", sender: self) else { return }
            performed.append(segue)
            isShowingLandscapeView = true
        } else if !isLandscape && isShowingLandscapeView {
            // The remainder of the example (omitted in the listing).
            guard (try? dismiss(animated: true)) != nil else { return }
            isShowingLandscapeView = false
        }
    }
}
