return {
  window = { width = 390, height = 844 },
  root = "home",
  viewControllers = {
    { id = "home", view = { frame = scrim.Rect(0, 0, 390, 844), subviews = { { id = "card", frame = scrim.Rect(20, 120, 350, 200) } } } },
    { id = "details" },
  },
}
