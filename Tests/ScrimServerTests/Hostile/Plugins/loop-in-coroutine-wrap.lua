-- expect: instruction budget exceeded
-- line: 6
return {
  duration = 0.3,
  animateTransition = function(self, ctx)
    coroutine.wrap(function() while true do end end)()
    ctx:completeTransition(true)
  end,
}
