import ArgumentParser
import Scrim

/// The word given to `--style`. Help and shell completion list the presentation styles; a word
/// that names none is refused by `PlaybackOptions.validate()` with a usage error that lists them
/// (`--style: unknown presentation style 'sideways'; use one of fullScreen, …`, Docs/CLI.md,
/// "scrim run").
///
/// A wrapper, not `extension ModalPresentationStyle: @retroactive ExpressibleByArgument`:
/// ArgumentParser words the refusal of `init?(argument:)` itself, and puts the error of a
/// `transform:` in its own sentence ("The value 'bogus' is invalid for '--style <style>': …"), so
/// the enum cannot keep the message. This type takes every word and leaves the refusal to
/// `validate()`; and a ScrimCore type does not conform, from here, to a protocol of a module
/// neither of them owns (which `@retroactive` would only silence).
struct PresentationStyleArgument: ExpressibleByArgument {
    /// The word as given.
    let word: String

    /// The style the word names; nil for a word that names none.
    var value: ModalPresentationStyle? { ModalPresentationStyle(rawValue: word) }

    init(argument: String) { word = argument }

    static var allValueStrings: [String] { ModalPresentationStyle.allCases.map(\.rawValue) }

    static var defaultCompletionKind: CompletionKind { .list(allValueStrings) }
}
