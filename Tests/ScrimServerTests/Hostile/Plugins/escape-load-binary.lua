-- expect: attempt to load a binary chunk
-- line: 6
return {
  duration = 0.3,
  animateTransition = function(self, ctx)
    local f = assert(load("\27Lua", "x", "b"))
    ctx:completeTransition(true)
  end,
}
