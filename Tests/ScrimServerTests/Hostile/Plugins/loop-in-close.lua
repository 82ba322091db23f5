-- expect: instruction budget exceeded
-- line: 7
return {
  duration = 0.3,
  animateTransition = function(self, ctx)
    do
      local guard <close> = setmetatable({}, { __close = function() while true do end end })
    end
    ctx:completeTransition(true)
  end,
}
