"""Reference baselines used to put the engine's speed in context."""
