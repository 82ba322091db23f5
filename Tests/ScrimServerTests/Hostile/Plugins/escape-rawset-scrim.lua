-- expect: read-only table with rawset
-- line: 6
return {
  duration = 0.3,
  animateTransition = function(self, ctx)
    rawset(scrim, "animate", print)
    ctx:completeTransition(true)
  end,
}
