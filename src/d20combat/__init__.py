"""d20combat: a rules engine and simulator for d20-system tactical combat."""

__version__ = "0.1.0"
