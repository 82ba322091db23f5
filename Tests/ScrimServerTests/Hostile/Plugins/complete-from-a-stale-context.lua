-- expect: context: the context's transition has ended
-- line: 16
-- window: presented
-- reload: yes
return {
  duration = 0.3,
  animateTransition = function(self, ctx)
    local marker = scrim.View.new{}
    ctx.containerView:addSubview(marker)
    ctx:completeTransition(true)
    -- The completion runs a second later, after the plugin was reloaded: this closure belongs
    -- to the old version and its context to a transition that has ended.
    scrim.animate(1, function() marker.alpha = 0.5 end, function()
      local stale = ctx
      marker:removeFromSuperview()
      stale:completeTransition(true)
    end)
  end,
}
