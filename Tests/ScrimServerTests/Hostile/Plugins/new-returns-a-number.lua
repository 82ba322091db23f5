-- expect: new(options) must return a table (the instance), got number
-- line: 6
local Animator = { duration = 0.3 }
Animator.__index = Animator

function Animator.new(options)
  return 42
end

function Animator:animateTransition(ctx) ctx:completeTransition(true) end
return Animator
