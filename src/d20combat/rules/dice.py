"""Dice expressions, and the two dice sources: seeded sampling and exact enumeration.

A :class:`Dice` is an immutable expression: a sum of terms ``NdM`` (optionally
keep-highest ``khK`` or keep-lowest ``klK``) and a constant. ``d%`` is 1d100. The
``advanced`` ruleset's "disadvantage" (roll twice, keep the lower; seed 001) is
``2d20kl1``.

Rules procedures never touch a random module. They receive a :class:`DiceSource`:

* :class:`SampledDice` rolls with one injected, seeded ``random.Random`` and records
  every roll (faces, total, purpose), so a fight replays exactly from its seed;
* :func:`enumerate_outcomes` runs the *same* procedure once per branch of every roll
  it asks for, and returns the exact probability of each outcome as a Fraction.

Both implement ``roll`` (the total of an expression) and ``classify`` (the class of
a total under a function: the procedure may only branch on the class, so exact
enumeration can merge faces that lead to the same result).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Hashable
from fractions import Fraction
from functools import lru_cache
from itertools import combinations_with_replacement
from math import factorial, prod
from random import Random
from typing import NamedTuple, Protocol, TypeVar

from d20combat.errors import DiceSyntaxError, InputError, quote
from d20combat.limits import MAX_CONSTANT, MAX_DICE, MAX_ENUMERATION, MAX_SIDES, MAX_TERMS

K = TypeVar("K", bound=Hashable)
T = TypeVar("T", bound=Hashable)


class DieTerm(NamedTuple):
    """``number`` dice of ``sides`` faces, optionally keeping ``keep`` highest/lowest."""

    number: int
    sides: int
    keep: int | None = None
    lowest: bool = False
    sign: int = 1

    def __str__(self) -> str:
        sides = "%" if self.sides == 100 and self.number == 1 and self.keep is None else self.sides
        text = f"{self.number}d{sides}"
        if self.keep is not None:
            text += f"{'kl' if self.lowest else 'kh'}{self.keep}"
        return text


class Dice:
    """An immutable dice expression such as ``2d6+4``, ``4d6kh3``, ``d%`` or ``1d8+1d6-1``.

    >>> Dice.parse("2d6 + 4").mean
    Fraction(11, 1)
    >>> str(Dice.parse("d%")), Dice.parse("2d20kl1").max
    ('1d%', 20)
    """

    __slots__ = ("_derived", "_dist", "constant", "terms", "text")

    terms: tuple[DieTerm, ...]
    constant: int
    text: str
    _dist: dict[int, int] | None
    _derived: dict[tuple[str, int], Dice] | None  # plus() and times() results, cached

    def __init__(self, terms: tuple[DieTerm, ...] = (), constant: int = 0) -> None:
        object.__setattr__(self, "terms", tuple(terms))
        object.__setattr__(self, "constant", constant)
        object.__setattr__(self, "text", _format(self.terms, constant))
        object.__setattr__(self, "_dist", None)
        object.__setattr__(self, "_derived", None)
        _check_limits(self)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Dice is immutable")

    @staticmethod
    def parse(text: str) -> Dice:
        """Parse a dice expression.

        Raises:
            DiceSyntaxError: quoting the text, saying what was expected, or which
                limit (at most 1000 dice, 1000 sides) it breaks.
        """
        return _parse(text)

    @staticmethod
    def of(count: int, sides: int, constant: int = 0) -> Dice:
        """``count``d``sides`` + ``constant``, built without parsing."""
        terms = (DieTerm(count, sides),) if count else ()
        return Dice(terms, constant)

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"Dice({self.text!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Dice) and (self.terms, self.constant) == (
            other.terms,
            other.constant,
        )

    def __hash__(self) -> int:
        return hash((self.terms, self.constant))

    def __reduce__(self) -> tuple[object, ...]:
        return (Dice, (self.terms, self.constant))

    def _memo(self) -> dict[tuple[str, int], Dice]:
        memo = self._derived
        if memo is None:
            memo = {}
            object.__setattr__(self, "_derived", memo)
        return memo

    def plus(self, constant: int) -> Dice:
        """The same dice with ``constant`` added."""
        if not constant:
            return self
        memo = self._memo()
        hit = memo.get(("+", constant))
        if hit is None:
            hit = memo["+", constant] = Dice(self.terms, self.constant + constant)
        return hit

    def times(self, n: int) -> Dice:
        """The expression rolled ``n`` times and summed (for multiplied damage).

        Seed 003 "Multiplying Damage": roll the damage (with all modifiers) several
        times and total the results. Rolling ``2d6+4`` twice is ``4d6+8``.
        Keep-terms are repeated as separate terms.
        """
        if n == 1:
            return self
        memo = self._memo()
        hit = memo.get(("*", n))
        if hit is None:
            terms: list[DieTerm] = []
            for t in self.terms:
                if t.keep is None:
                    terms.append(t._replace(number=t.number * n))
                else:
                    terms.extend([t] * n)
            hit = memo["*", n] = Dice(tuple(terms), self.constant * n)
        return hit

    @property
    def is_constant(self) -> bool:
        return not self.terms

    @property
    def min(self) -> int:
        return min(self.distribution_weights())

    @property
    def max(self) -> int:
        return max(self.distribution_weights())

    @property
    def mean(self) -> Fraction:
        w = self.distribution_weights()
        total = sum(w.values())
        return Fraction(sum(v * c for v, c in w.items()), total)

    def distribution_weights(self) -> dict[int, int]:
        """Exact distribution of the total as integer weights (cached).

        Raises:
            DiceSyntaxError: if the expression is too large to enumerate exactly.
        """
        if self._dist is None:
            object.__setattr__(self, "_dist", _distribution(self.terms, self.constant))
        dist = self._dist
        assert dist is not None
        return dist

    def distribution(self) -> dict[int, Fraction]:
        """Exact probability of each total."""
        w = self.distribution_weights()
        total = sum(w.values())
        return {v: Fraction(c, total) for v, c in sorted(w.items())}


def _format(terms: tuple[DieTerm, ...], constant: int) -> str:
    # Subtracted dice never lead: "3-1d4" and "0-1d6" keep their constant in front, so
    # that the text reads back (a first roll may not be negative).
    lead = bool(terms) and terms[0].sign < 0
    text = str(constant) if lead else ""
    for t in terms:
        text += ("-" if t.sign < 0 else ("+" if text else "")) + str(t)
    if not lead and (constant or not text):
        text += f"{constant:+d}" if text else str(constant)
    return text


def _check_limits(d: Dice) -> None:
    dice = sum(t.number for t in d.terms)
    if dice > MAX_DICE:
        raise DiceSyntaxError(
            f"{d.text!r} rolls {dice} dice",
            field="dice",
            expected=f"at most {MAX_DICE} dice",
        )
    for t in d.terms:
        if not 1 <= t.sides <= MAX_SIDES:
            raise DiceSyntaxError(
                f"{d.text!r} has a d{t.sides}",
                field="dice",
                expected=f"dice of 1 to {MAX_SIDES} sides",
            )
        if t.number < 1:
            raise DiceSyntaxError(f"{d.text!r} rolls no dice", field="dice", expected="NdM, N>=1")
        if t.keep is not None and not 1 <= t.keep <= t.number:
            raise DiceSyntaxError(
                f"{d.text!r} keeps {t.keep} of {t.number} dice",
                field="dice",
                expected=f"a keep count from 1 to {t.number}",
            )
    if abs(d.constant) > MAX_CONSTANT:
        raise DiceSyntaxError(
            f"{d.text!r} has a constant of {d.constant}",
            field="dice",
            expected=f"a constant within +/-{MAX_CONSTANT}",
        )
    if len(d.terms) > MAX_TERMS:
        raise DiceSyntaxError(
            f"{d.text!r} has {len(d.terms)} dice terms",
            field="dice",
            expected=f"at most {MAX_TERMS} terms",
        )


# ASCII digits only: ``\d`` would also take fullwidth and other scripts' digits.
_TOKEN = re.compile(
    r"\s*(?P<sign>[+-])?\s*(?:(?P<count>[0-9]+)?\s*[dD]\s*(?P<sides>[0-9]+|%)"
    r"(?:\s*(?P<keep>k[hl]?|K[HL]?)\s*(?P<keepn>[0-9]+))?|(?P<const>[0-9]+))\s*"
)
_EXPECTED = "a dice expression such as 2d6+4, 1d20, d%, 4d6kh3 or 2d20kl1"


@lru_cache(maxsize=4096)
def _parse(text: str) -> Dice:
    if not isinstance(text, str) or not text.strip():
        raise DiceSyntaxError(f"empty dice expression {text!r}", field="dice", expected=_EXPECTED)
    if len(text) > 200:
        raise DiceSyntaxError("dice expression is too long", field="dice", expected=_EXPECTED)
    odd = next((ch for ch in text if not ch.isascii() or not ch.isprintable()), None)
    if odd is not None:
        raise DiceSyntaxError(
            f"{quote(text)} holds the character {odd!r} (U+{ord(odd):04X})",
            field="dice",
            expected=f"{_EXPECTED}, written in plain ASCII digits and letters",
        )
    pos = 0
    terms: list[DieTerm] = []
    constant = 0
    first = True
    while pos < len(text):
        m = _TOKEN.match(text, pos)
        if not m or m.end() == pos:
            raise DiceSyntaxError(
                f"cannot read {quote(text)} at {quote(text[pos:], 20)}",
                field="dice",
                expected=_EXPECTED,
            )
        if not first and not m.group("sign"):
            raise DiceSyntaxError(
                f"cannot read {text!r}: missing + or - before {m.group(0).strip()!r}",
                field="dice",
                expected=_EXPECTED,
            )
        sign = -1 if m.group("sign") == "-" else 1
        if m.group("const") is not None:
            value = int(m.group("const"))
            if value > MAX_CONSTANT:
                raise DiceSyntaxError(
                    f"{text!r} has a constant of {value}",
                    field="dice",
                    expected=f"a constant within +/-{MAX_CONSTANT}",
                )
            constant += sign * value
        else:
            if first and sign < 0:
                raise DiceSyntaxError(
                    f"{quote(text.strip())} starts with a negative number of dice",
                    field="dice",
                    expected=f"{_EXPECTED} (dice may be subtracted only after a first roll)",
                )
            count = int(m.group("count")) if m.group("count") else 1
            sides_text = m.group("sides")
            sides = 100 if sides_text == "%" else int(sides_text)
            if count > MAX_DICE:
                raise DiceSyntaxError(
                    f"{text.strip()!r} rolls {count} dice",
                    field="dice",
                    expected=f"at most {MAX_DICE} dice",
                )
            if sides > MAX_SIDES or sides < 1:
                raise DiceSyntaxError(
                    f"{text.strip()!r} has a d{sides}",
                    field="dice",
                    expected=f"dice of 1 to {MAX_SIDES} sides",
                )
            keep = None
            lowest = False
            if m.group("keep"):
                keep = int(m.group("keepn"))
                lowest = m.group("keep").lower() == "kl"
            terms.append(DieTerm(count, sides, keep, lowest, sign))
        pos = m.end()
        first = False
    return Dice(tuple(terms), constant)


def _uniform_sum(count: int, sides: int) -> dict[int, int]:
    dist = {0: 1}
    for _ in range(count):
        nxt: dict[int, int] = {}
        for v, c in dist.items():
            for f in range(1, sides + 1):
                nxt[v + f] = nxt.get(v + f, 0) + c
        dist = nxt
    return dist


def _keep_sum(t: DieTerm) -> dict[int, int]:
    assert t.keep is not None
    n, s = t.number, t.sides
    combos = factorial(n + s - 1) // (factorial(n) * factorial(s - 1))
    if combos > MAX_ENUMERATION:
        raise DiceSyntaxError(
            f"{t} has too many outcomes to enumerate exactly",
            field="dice",
            expected="fewer kept dice",
        )
    dist: dict[int, int] = {}
    fact_n = factorial(n)
    for multiset in combinations_with_replacement(range(1, s + 1), n):
        counts: dict[int, int] = {}
        for f in multiset:
            counts[f] = counts.get(f, 0) + 1
        ways = fact_n // prod(factorial(c) for c in counts.values())
        kept = multiset[: t.keep] if t.lowest else multiset[n - t.keep :]
        total = sum(kept)
        dist[total] = dist.get(total, 0) + ways
    return dist


def _distribution(terms: tuple[DieTerm, ...], constant: int) -> dict[int, int]:
    span = sum(t.number * (t.sides - 1) + 1 for t in terms)
    if span > MAX_ENUMERATION:
        raise DiceSyntaxError(
            "dice expression has too many totals to enumerate exactly",
            field="dice",
            expected=f"at most {MAX_ENUMERATION} distinct totals",
        )
    dist = {constant: 1}
    for t in terms:
        part = _keep_sum(t) if t.keep is not None else _uniform_sum(t.number, t.sides)
        nxt: dict[int, int] = {}
        for v, c in dist.items():
            for w, d in part.items():
                key = v + t.sign * w
                nxt[key] = nxt.get(key, 0) + c * d
        dist = nxt
    return dict(sorted(dist.items()))


D20 = Dice.of(1, 20)
DISADVANTAGE = Dice.parse("2d20kl1")
"""Seed 001's disadvantage: roll twice, keep the lower."""
_BITS = [0, 0] + [(s - 1).bit_length() for s in range(2, 128)]  # random bits per die size
D100 = Dice.of(1, 100)
D10 = Dice.of(1, 10)


class Roll(NamedTuple):
    """One recorded roll: the expression, every face (kept or not), total, purpose."""

    dice: str
    faces: tuple[int, ...]
    total: int
    purpose: str

    def as_dict(self) -> dict[str, object]:
        return {
            "die": self.dice,
            "faces": list(self.faces),
            "total": self.total,
            "purpose": self.purpose,
        }


class DiceSource(Protocol):
    """What a rules procedure may ask of its dice.

    ``exact`` is True when outcomes are being enumerated rather than sampled. In that
    case the totals returned by :meth:`classify` are representatives of their class
    only, and no roll is recorded.
    """

    exact: bool

    def roll(self, dice: Dice, purpose: str) -> int:
        """Roll an expression and return its total."""
        ...

    def classify(self, dice: Dice, purpose: str, fn: Callable[[int], K]) -> tuple[K, int]:
        """Roll and return ``(fn(total), total)``; procedures branch on the class only."""
        ...


class _RecordedDice:
    """What sampled and scripted dice share: every roll recorded in ``rolls``."""

    exact = False
    __slots__ = ("rolls",)

    def __init__(self) -> None:
        self.rolls: list[Roll] = []

    def roll(self, dice: Dice, purpose: str) -> int:
        raise NotImplementedError

    def classify(self, dice: Dice, purpose: str, fn: Callable[[int], K]) -> tuple[K, int]:
        total = self.roll(dice, purpose)
        return fn(total), total

    def mark(self) -> int:
        """A position in the roll record, for :meth:`since`."""
        return len(self.rolls)

    def since(self, mark: int) -> tuple[Roll, ...]:
        """The rolls made after ``mark``."""
        return tuple(self.rolls[mark:])


class SampledDice(_RecordedDice):
    """Dice rolled from one injected seeded RNG, every roll recorded in ``rolls``.

    >>> dice = SampledDice(Random(7))
    >>> dice.roll(Dice.parse("3d6"), "test") == dice.rolls[0].total
    True
    """

    __slots__ = ("_bits", "rng")

    def __init__(self, rng: Random) -> None:
        super().__init__()
        self.rng = rng
        self._bits = rng.getrandbits

    def die(self, sides: int) -> int:
        """One face of a ``sides``-sided die, uniformly (rejection sampling, no bias)."""
        if sides == 1:
            return 1
        k = _BITS[sides] if sides < 128 else (sides - 1).bit_length()
        bits = self._bits
        r = bits(k)
        while r >= sides:
            r = bits(k)
        return r + 1

    def roll(self, dice: Dice, purpose: str) -> int:
        terms = dice.terms
        if len(terms) == 1 and terms[0].number == 1 and terms[0].keep is None:
            t = terms[0]  # one die (a d20, a d8 ...): the common case, made short
            face = self.die(t.sides)
            total = dice.constant + t.sign * face
            self.rolls.append(Roll(dice.text, (face,), total, purpose))
            return total
        faces: list[int] = []
        total = dice.constant
        die = self.die
        for t in terms:
            rolled = [die(t.sides) for _ in range(t.number)]
            faces.extend(rolled)
            if t.keep is not None:
                rolled = sorted(rolled)
                rolled = rolled[: t.keep] if t.lowest else rolled[len(rolled) - t.keep :]
            total += t.sign * sum(rolled)
        self.rolls.append(Roll(dice.text, tuple(faces), total, purpose))
        return total


class ScriptedDice(_RecordedDice):
    """Dice whose totals are given in advance, in order: for tests, worked examples and
    a game master entering physical rolls. Every roll is recorded as in SampledDice.

    >>> dice = ScriptedDice([17, 9])
    >>> dice.roll(D20, "attack"), dice.roll(Dice.parse("2d6+3"), "damage")
    (17, 9)

    Raises:
        InputError: when a scripted total is impossible for the dice, or the script
            runs out.
    """

    __slots__ = ("totals",)

    def __init__(self, totals: list[int]) -> None:
        super().__init__()
        self.totals = list(totals)

    def roll(self, dice: Dice, purpose: str) -> int:
        if not self.totals:
            raise InputError(
                f"no scripted roll left for {purpose}", field="dice", expected="one more roll"
            )
        total = self.totals.pop(0)
        if total not in dice.distribution_weights():
            raise InputError(
                f"{total} is not a possible total of {dice}",
                field=purpose,
                expected=f"{dice.min} to {dice.max}",
            )
        self.rolls.append(Roll(dice.text, (total,), total, purpose))
        return total


class _Branch:
    __slots__ = ("index", "options", "total")

    def __init__(self, options: list[tuple[Hashable, int, int]]) -> None:
        self.options = options  # (class or total, weight, representative total)
        self.index = 0
        self.total = sum(w for _, w, _ in options)


class _Replay:
    """A dice source that replays one path of the enumeration tree, extending it."""

    exact = True
    __slots__ = ("depth", "path")

    def __init__(self, path: list[_Branch]) -> None:
        self.path = path
        self.depth = 0

    def _take(self, make: Callable[[], list[tuple[Hashable, int, int]]]) -> tuple[Hashable, int]:
        if self.depth == len(self.path):
            self.path.append(_Branch(make()))
        b = self.path[self.depth]
        self.depth += 1
        value, _, rep = b.options[b.index]
        return value, rep

    def roll(self, dice: Dice, purpose: str) -> int:
        value, _ = self._take(lambda: [(v, w, v) for v, w in dice.distribution_weights().items()])
        assert isinstance(value, int)
        return value

    def classify(self, dice: Dice, purpose: str, fn: Callable[[int], K]) -> tuple[K, int]:
        def make() -> list[tuple[Hashable, int, int]]:
            groups: dict[Hashable, list[int]] = {}
            for v, w in dice.distribution_weights().items():
                g = groups.setdefault(fn(v), [0, v])
                g[0] += w
            return [(k, w, rep) for k, (w, rep) in groups.items()]

        value, rep = self._take(make)
        return value, rep  # type: ignore[return-value]

    def mark(self) -> int:
        return 0

    def since(self, mark: int) -> tuple[Roll, ...]:
        return ()


def enumerate_outcomes(
    procedure: Callable[[DiceSource], T], *, max_leaves: int = 2_000_000
) -> dict[T, Fraction]:
    """The exact distribution of ``procedure``'s result over every roll it makes.

    The procedure is run once per leaf of its roll tree (depth-first). It must be
    deterministic given its rolls and must branch only on roll totals (or classes).

    >>> dist = enumerate_outcomes(lambda d: d.roll(Dice.parse("1d4"), "x") >= 3)
    >>> dist[True]
    Fraction(1, 2)

    Raises:
        DiceSyntaxError: if the tree has more than ``max_leaves`` leaves.
    """
    path: list[_Branch] = []
    by_den: dict[tuple[T, int], int] = {}
    leaves = 0
    while True:
        src = _Replay(path)
        out = procedure(src)
        del path[src.depth :]
        num = 1
        den = 1
        for b in path:
            num *= b.options[b.index][1]
            den *= b.total
        by_den[(out, den)] = by_den.get((out, den), 0) + num
        leaves += 1
        if leaves > max_leaves:
            raise DiceSyntaxError(
                f"more than {max_leaves} outcomes to enumerate",
                field="dice",
                expected="a smaller question",
            )
        while path and path[-1].index == len(path[-1].options) - 1:
            path.pop()
        if not path:
            break
        path[-1].index += 1
    result: dict[T, Fraction] = {}
    for (out, den), num in by_den.items():
        result[out] = result.get(out, Fraction(0)) + Fraction(num, den)
    return result
