"""The rules: the flow of a game, trick resolution, dealing and scoring."""

# The state module finishes by importing the engine's flow, which imports the board,
# which needs the state class: importing the state first settles that order.
import claim.state  # noqa: F401
