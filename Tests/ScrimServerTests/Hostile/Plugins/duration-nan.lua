-- expect: transitionDuration returned NaN; it must be a finite number of seconds ≥ 0
-- line: 4
return {
  duration = 0 / 0,
  animateTransition = function(self, ctx) ctx:completeTransition(true) end,
}
