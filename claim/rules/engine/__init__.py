"""The engine: the flow of a game, playing, trick resolution, questions and scoring.

Its functions take a state and give a new one; they never name the state's class
(`claim.rules.state` sits above them and calls them), building each new state
with the class of the state they were given.
"""
