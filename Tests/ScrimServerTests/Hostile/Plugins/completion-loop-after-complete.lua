-- expect: instruction budget exceeded
-- line: 9
-- window: presented
return {
  duration = 0.3,
  animateTransition = function(self, ctx)
    ctx:completeTransition(true)
    scrim.animate(0.1, function() end, function()
      while true do end
    end)
  end,
}
