/// The Lua file `scrim new delegate NAME` writes: a navigation controller's delegate that vends
/// an animator kept in the same file, a slide with parallax (Docs/LuaAPI.md, Docs/Containers.md).
enum DelegateTemplate {
    static func source(_ name: PluginName) -> String {
        let file = name.identifier, cls = name.className
        return """
            -- \(file).lua — a navigation controller's delegate: it vends the animator of every push and pop
            -- (the new screen slides in over the one below, which drifts left), and says what was shown.
            --
            -- In UIKit this is an object that adopts UINavigationControllerDelegate and returns an animator
            -- from `navigationController(_:animationControllerFor:from:to:)`. Defining any delegate method
            -- is what makes this file a delegate (Docs/LuaAPI.md, Docs/Containers.md). A delegate method
            -- returns what to use: a plugin's name, `scrim.plugin(name, options)`, a table with the role's
            -- methods (here `slide`, below), or nil for the default (the built-in slide).
            --
            -- The same file can be a presented view controller's transitioning delegate
            -- (UIViewControllerTransitioningDelegate) too: add `animationControllerForPresented(presented,
            -- presenting, source)` and `animationControllerForDismissed(dismissed)`, returning `slide`.
            --
            -- Play it:  scrim run \(file).lua --push --dismiss   (push on the demo's navigation controller, then pop)
            --           scrim preview --serve \(file).lua --push --dismiss
            -- Check it: scrim check \(file).lua

            ---The animator the delegate vends (UIViewControllerAnimatedTransitioning), kept in this file.
            ---@class \(cls)Slide: scrim.Animator
            local slide = {
              duration = 0.35,
              parallax = 0.3,   -- the fraction of the width the screen below moves
            }

            ---@param ctx scrim.Context
            function slide:animateTransition(ctx)
              local container = ctx.containerView
              local width = container.bounds.width
              local pushing = ctx.isPresenting                       -- a push (or a presentation)
              local fromView, toView = ctx:view("from"), ctx:view("to")
              local frame = ctx:finalFrame(ctx:viewController("to"))  -- where the screen shown ends
              -- The screen on top crosses the whole width; the one below moves by parallax × width.
              local top, below = toView, fromView
              if pushing then
                container:addSubview(toView)
                toView.frame = frame:offsetBy(width, 0)
              else
                top, below = fromView, toView
                container:insertSubviewBelow(toView, fromView)
                toView.frame = frame:offsetBy(-self.parallax * width, 0)
              end
              local topStart, belowStart = top.frame, below.frame
              local topEnd = pushing and frame or topStart:offsetBy(width, 0)
              local belowEnd = pushing and belowStart:offsetBy(-self.parallax * width, 0) or frame

              scrim.animate{
                duration = self.duration,
                curve = "easeInOut",
                animations = function()
                  top.frame = topEnd
                  below.frame = belowEnd
                end,
                completion = function()
                  local completed = not ctx.transitionWasCancelled
                  -- The screen that left the window gets its frame back, for the next time it shows.
                  if completed and pushing then below.frame = belowStart end
                  if completed and not pushing then top.frame = topStart end
                  ctx:completeTransition(completed)
                end,
              }
            end

            ---@class \(cls): scrim.Delegate
            local \(cls) = {}

            ---`navigationController(_:animationControllerFor:from:to:)`.
            ---@param operation "push"|"pop"
            ---@param from scrim.ViewController
            ---@param to scrim.ViewController
            ---@return scrim.Vended
            function \(cls):animationControllerForOperation(operation, from, to)
              return slide
            end

            ---`navigationController(_:willShow:animated:)`. What a plugin prints shows in the timeline.
            ---@param viewController scrim.ViewController
            ---@param animated boolean
            function \(cls):willShow(viewController, animated)
              print("will show", viewController.id)
            end

            ---`navigationController(_:didShow:animated:)`: told only when the push or pop completed.
            ---@param viewController scrim.ViewController
            ---@param animated boolean
            function \(cls):didShow(viewController, animated)
              print("did show", viewController.id)
            end

            return \(cls)

            """
    }
}
