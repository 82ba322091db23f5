/// Plugin texts that load cleanly but fault when they play, for the tests of faults as data.
public enum FaultyPlugins {
    /// An animator whose `animateTransition` raises at line 9, column 3: "attempt to perform
    /// arithmetic on a nil value".
    public static let animateTransitionError = """
        local Fade = { duration = 0.3 }

        function Fade:transitionDuration(ctx)
          return self.duration
        end

        function Fade:animateTransition(ctx)
          local details = {}
          details.alpha = nil + 1
          ctx:completeTransition(true)
        end

        return Fade
        """
}
