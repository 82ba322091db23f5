import Foundation

/// The Lua side of the benchmarks: plugin sources written to a temporary directory.
enum BenchPlugin {
    /// `BenchAnimator` in Lua: the presented view slides in from the right while fading in and
    /// losing its corner radius, over 0.3 s with ease-in-out.
    static let animator = """
        local Bench = { duration = 0.3 }
        function Bench:animateTransition(ctx)
          local container = ctx.containerView
          local presenting = ctx.isPresenting
          local view = ctx:view(presenting and "to" or "from")
          local shown = presenting and ctx:finalFrame(ctx:viewController("to")) or view.frame
          local hidden = shown:offsetBy(container.bounds.width, 0)
          if presenting then
            container:addSubview(view)
            view.frame = hidden
            view.alpha = 0
            view.cornerRadius = 20
          end
          scrim.animate{ duration = self.duration, curve = "easeInOut",
            animations = function()
              view.frame = presenting and shown or hidden
              view.alpha = presenting and 1 or 0
              view.cornerRadius = presenting and 0 or 20
            end,
            completion = function() ctx:completeTransition(not ctx.transitionWasCancelled) end }
        end
        return Bench
        """

    /// A new temporary directory holding `bench.lua`.
    static func directory(source: String = animator, name: String = "bench") throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("scrim-bench-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        try source.write(to: url.appendingPathComponent("\(name).lua"), atomically: true, encoding: .utf8)
        return url
    }
}
