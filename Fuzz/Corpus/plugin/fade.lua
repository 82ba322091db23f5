local Fade = { duration = 0.3 }
function Fade:animateTransition(ctx)
  local view = ctx:view(ctx.isPresenting and "to" or "from")
  if ctx.isPresenting then ctx.containerView:addSubview(view) view.alpha = 0 end
  scrim.animate{ duration = self.duration, animations = function() view.alpha = ctx.isPresenting and 1 or 0 end,
    completion = function() ctx:completeTransition(not ctx.transitionWasCancelled) end }
end
return Fade
