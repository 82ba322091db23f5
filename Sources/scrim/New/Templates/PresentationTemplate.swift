/// The Lua file `scrim new presentation NAME` writes: a presentation controller that shows the
/// presented view as a card on the lower part of the screen over a dimming view
/// (Docs/LuaAPI.md, Docs/Transitions.md).
enum PresentationTemplate {
    static func source(_ name: PluginName) -> String {
        let file = name.identifier, cls = name.className
        return """
            -- \(file).lua — a presentation controller: the presented view is a card on the lower part of
            -- the screen, with rounded corners, over a dimming view that fades in and out with the
            -- transition.
            --
            -- In UIKit this is a UIPresentationController subclass that a transitioning delegate vends
            -- for the `.custom` style. Defining `frameOfPresentedViewInContainerView` or
            -- `presentationTransitionWillBegin` is what makes this file one (Docs/LuaAPI.md). The instance
            -- inherits what UIPresentationController gives a subclass: `self.containerView` (once the
            -- presentation has begun), `self.presentedViewController`, `self.presentingViewController`.
            -- One instance serves one presentation, from its presentation to its dismissal.
            --
            -- It animates nothing itself: the animator does (without one, the default slide up).
            --
            -- Play it:  scrim run \(file).lua --dismiss     (a presentation controller implies --style custom)
            --           scrim run \(file).lua --dismiss --animator crossfade --plugins path/to/scrim/Plugins
            --           scrim preview --serve \(file).lua --dismiss
            -- Check it: scrim check \(file).lua

            ---@class \(cls): scrim.Presentation
            local \(cls) = {
              heightFraction = 0.6,   -- of the container's height
              cornerRadius = 16,
              dimmedAlpha = 0.4,      -- the dimming view's alpha while presented
            }

            ---`frameOfPresentedViewInContainerView`: where the presented view sits in the container.
            ---@return scrim.Rect
            function \(cls):frameOfPresentedViewInContainerView()
              local container = self.containerView
              if container == nil then return scrim.Rect(0, 0, 0, 0) end
              local bounds = container.bounds
              local height = math.floor(bounds.height * self.heightFraction)
              return scrim.Rect(0, bounds.height - height, bounds.width, height)
            end

            ---Before the presentation's animations: add the dimming view, and fade it in alongside.
            function \(cls):presentationTransitionWillBegin()
              local container = self.containerView
              if container == nil then return end
              local presented = self.presentedViewController
              local dimming = scrim.View.new{
                id = presented.id .. ".dimming",
                frame = container.bounds,
                backgroundColor = scrim.Color.black,
                alpha = 0,
              }
              self.dimmingView = dimming
              container:insertSubview(dimming, 1)          -- below everything (indices are 1-based)
              self.previousCornerRadius = presented.view.cornerRadius
              presented.view.cornerRadius = self.cornerRadius
              self:alongside(function() dimming.alpha = self.dimmedAlpha end)
            end

            ---@param completed boolean
            function \(cls):presentationTransitionDidEnd(completed)
              if not completed then self:removeDimming() end    -- cancelled: everything as it was
            end

            function \(cls):dismissalTransitionWillBegin()
              local dimming = self.dimmingView
              if dimming ~= nil then self:alongside(function() dimming.alpha = 0 end) end
            end

            ---@param completed boolean
            function \(cls):dismissalTransitionDidEnd(completed)
              if completed then self:removeDimming() end
            end

            ---The container lays out (its size changed, say): the dimming view keeps covering it.
            function \(cls):containerViewWillLayoutSubviews()
              local container, dimming = self.containerView, self.dimmingView
              if container ~= nil and dimming ~= nil and dimming.frame ~= container.bounds then
                dimming.frame = container.bounds
              end
            end

            ---`transitionCoordinator?.animate(alongsideTransition:)`: `animations` runs with the
            ---animator's timing (at once when there is no transition).
            ---@param animations fun()
            function \(cls):alongside(animations)
              local coordinator = self.presentedViewController.transitionCoordinator
              if coordinator ~= nil then coordinator:animateAlongsideTransition(animations) else animations() end
            end

            ---Takes the dimming view away and gives the presented view its corners back.
            function \(cls):removeDimming()
              if self.dimmingView == nil then return end
              self.dimmingView:removeFromSuperview()
              self.presentedViewController.view.cornerRadius = self.previousCornerRadius
            end

            return \(cls)

            """
    }
}
