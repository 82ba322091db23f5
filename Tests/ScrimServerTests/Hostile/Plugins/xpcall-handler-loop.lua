-- expect: instruction budget exceeded
-- line: 7
return {
  duration = 0.3,
  animateTransition = function(self, ctx)
    xpcall(function() error("x") end, function(e)
      while true do end
    end)
    ctx:completeTransition(true)
  end,
}
