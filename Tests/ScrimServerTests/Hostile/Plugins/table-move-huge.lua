-- expect: instruction budget exceeded
-- line: 6
return {
  duration = 0.3,
  animateTransition = function(self, ctx)
    table.move({}, 1, 1e15, 2)
    ctx:completeTransition(true)
  end,
}
