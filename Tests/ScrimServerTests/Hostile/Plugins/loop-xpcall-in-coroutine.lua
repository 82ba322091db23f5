-- expect: instruction budget exceeded
-- line: 7
return {
  duration = 0.3,
  animateTransition = function(self, ctx)
    coroutine.wrap(function()
      xpcall(error, function() while true do end end)
    end)()
    ctx:completeTransition(true)
  end,
}
