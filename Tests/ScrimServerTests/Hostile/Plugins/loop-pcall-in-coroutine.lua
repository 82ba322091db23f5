-- expect: instruction budget exceeded
-- line: 6
return {
  duration = 0.3,
  animateTransition = function(self, ctx)
    local co = coroutine.create(function() pcall(function() while true do end end) end)
    coroutine.resume(co)
    local x = 1
    ctx:completeTransition(true)
  end,
}
