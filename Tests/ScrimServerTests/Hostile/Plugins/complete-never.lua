-- expect: completeTransition
-- line: 5
return {
  duration = 0.3,
  animateTransition = function(self, ctx) end,
}
