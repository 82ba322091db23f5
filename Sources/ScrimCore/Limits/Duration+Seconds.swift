extension Duration {
    /// The duration in seconds (`.milliseconds(300)` is 0.3): for messages that name a limit.
    package var seconds: Double { Double(components.seconds) + Double(components.attoseconds) / 1e18 }
}
