"""Play people: challenges, the lobby, ratings and the fairness report."""
