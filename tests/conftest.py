"""Settings shared by the whole suite.

Hypothesis's per-example deadline (200 ms by default) measures the machine's load as
much as the code: on a busy machine a property test then fails at random. Time is
bounded where it matters (the fuzz tests' per-case limit, the benchmark scripts), so
the suite's default profile has no deadline.
"""

from hypothesis import settings

settings.register_profile("d20-suite", deadline=None)
settings.load_profile("d20-suite")
