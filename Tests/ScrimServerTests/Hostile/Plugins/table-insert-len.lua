-- expect: instruction budget exceeded
-- line: 6
return {
  duration = 0.3,
  animateTransition = function(self, ctx)
    table.insert(setmetatable({}, { __len = function() return 1e15 end }), 1, "x")
    ctx:completeTransition(true)
  end,
}
