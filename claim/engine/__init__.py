"""The rules: the flow of a game, trick resolution, dealing and scoring."""
