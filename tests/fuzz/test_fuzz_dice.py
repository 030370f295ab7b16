"""Fuzz dice expressions (``Dice.parse``) and the ``odds`` command's flags."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

from fuzzkit import Run, fuzz_settings, json_strict, run_call, run_cli, verify
from hypothesis import given
from hypothesis import strategies as st
from mutate import NUMBERS, SPACE, joined, odd_string

from d20combat.content.bestiary import creature_names
from d20combat.rules.dice import Dice

DICE_TOKENS = (
    *NUMBERS,
    *SPACE,
    *("d", "D", "d%", "%", "k", "kh", "kl", "KH", "x", "×", "*", "/", "(", ")", ".", ","),
    *("+", "-", "++", "--", "+-", "±", "−", "=", "e", "\x00", "\u200b"),
    *("2d6", "1d20", "4d6kh3", "2d20kl1", "+4", "-1", "d100", "1000d1000"),
)
VALID_DICE = ("2d6+4", "1d20", "d%", "4d6kh3", "2d20kl1", "1d8+1d6-1", "3", "10d10")


def near_dice() -> st.SearchStrategy[str]:
    """Dice expressions and their near misses."""
    return st.one_of(
        joined(DICE_TOKENS, 10),
        st.sampled_from(VALID_DICE),
        st.builds(
            lambda a, b, c: a + b + c,
            st.sampled_from(VALID_DICE),
            st.sampled_from(DICE_TOKENS),
            st.sampled_from(("", *VALID_DICE)),
        ),
        st.text(max_size=30),
    )


def dice_sane(run: Run) -> None:
    """Only plain ASCII is read, and an expression prints as text that reads back as
    itself."""
    given = run.argv[1]
    assert given.isascii() and given.replace(" ", "").isprintable(), f"accepted {given!r}"
    text = run.stdout.strip()
    assert text.isascii() and text.isprintable(), text
    assert Dice.parse(text) == Dice.parse(run.argv[1]), text


def parse_dice(text: str) -> str:
    d = Dice.parse(text)
    # the kept-dice and big sums enumerate lazily; small ones must agree on their range
    if sum(t.number * t.sides for t in d.terms) <= 200:
        assert d.min <= d.mean <= d.max
    return str(d)


@fuzz_settings("dice")
@given(text=near_dice())
def test_dice_parse(text: str) -> None:
    verify("dice", run_call("Dice.parse", lambda: parse_dice(text), what=text), dice_sane)


# ---------------------------------------------------------------- odds
BONUS_TOKENS = (*NUMBERS, *SPACE[:3], "+", "-", "/", "//", "+9", "+4", "-2", "+200", "+201")
CRIT_TOKENS = (*NUMBERS, *SPACE, "-", "–", "/", "x", "×", "X", "19", "20", "21", "18-20", "x3")


def frac(text: str) -> Fraction:
    return Fraction(text)


def odds_sane(run: Run) -> None:
    """``odds --json``: probabilities in [0, 1], a distribution of weight 1 and the
    mean it implies; text output names each attack."""
    if "--json" not in run.argv:
        assert ":" in run.stdout
        return
    data = json_strict(run.stdout)
    assert isinstance(data, dict)
    p_hit, p_crit, p_miss = frac(data["p_hit"]), frac(data["p_crit"]), frac(data["p_miss"])
    assert 0 <= p_crit <= p_hit <= 1 and p_miss == 1 - p_hit
    dist = {int(k): frac(v) for k, v in data["damage"].items()}
    assert sum(dist.values()) == 1 and min(dist) >= 0
    assert frac(data["mean_damage"]) == sum(k * v for k, v in dist.items())


def flag(name: str, values: st.SearchStrategy[str]) -> st.SearchStrategy[list[str]]:
    """A repeatable flag, given 0 to 2 times."""
    return st.lists(values.map(lambda v: [name, v]), max_size=2).map(
        lambda pairs: [x for p in pairs for x in p]
    )


def one_flag(name: str, values: st.SearchStrategy[str]) -> st.SearchStrategy[list[str]]:
    return st.one_of(st.just([]), values.map(lambda v: [name, v]))


@st.composite
def mostly(draw: st.DrawFn, valid: st.SearchStrategy[str], odd: st.SearchStrategy[str]) -> str:
    """A valid value three times in four (so that later checks are reached), else an
    odd one."""
    return draw(odd if draw(st.integers(0, 3)) == 0 else valid)


argv_text = odd_string().map(lambda s: s.replace("\x00", ""))  # argv holds no NUL
NEAR_INT = st.one_of(
    st.integers(-30, 60).map(str), st.sampled_from(NUMBERS), st.sampled_from(("", " 5", "+5"))
)
TYPES = ("fire", "cold", "acid", "electricity", "sonic", "slashing", "plasma", "")
ODDS_FLAGS = [
    one_flag(
        "--crit",
        mostly(
            st.sampled_from(("19-20/x2", "x3", "18-20", "20/x4", " 19 - 20 / x 2 ", "15-20×3")),
            joined(CRIT_TOKENS, 6),
        ),
    ),
    one_flag(
        "--damage-type",
        mostly(st.sampled_from(("slashing", "fire,cold", "piercing")), st.sampled_from(TYPES)),
    ),
    flag(
        "--extra",
        mostly(
            st.sampled_from(("1d6 fire", "2d4 cold", "1 acid", "1d6")),
            st.one_of(
                st.builds(lambda d, t: f"{d} {t}", near_dice(), st.sampled_from(TYPES)),
                argv_text,
            ),
        ),
    ),
    flag(
        "--dr",
        mostly(
            st.sampled_from(("5/magic", "10/cold iron or good", "5/-", "15/silver and evil")),
            st.sampled_from(("-5/x", "5/", "x", "/", "99999999999/magic", "5/magic/magic")),
        ),
    ),
    flag("--resist", st.builds(lambda t, n: f"{t}={n}", st.sampled_from(TYPES), NEAR_INT)),
    flag("--immune", st.sampled_from(TYPES)),
    flag("--vulnerable", st.sampled_from(TYPES)),
    flag("--material", st.sampled_from(("silver", "cold iron", "adamantine", "wood", ""))),
    flag("--aligned", st.sampled_from(("good", "evil", "lawful", "neutral", ""))),
    one_flag("--magic", mostly(st.integers(0, 5).map(str), NEAR_INT)),
    one_flag("--multiplier", mostly(st.integers(1, 3).map(str), NEAR_INT)),
    one_flag("--concealment", mostly(st.sampled_from(("0", "20", "50", "100")), NEAR_INT)),
    one_flag("--ruleset", st.sampled_from(("srd35", "d20modern", "advanced", "SRD35", "x"))),
    flag("--variant", st.sampled_from(("instant-kill", "softer-criticals", "fumbles", "nope"))),
    st.sampled_from(([], ["--json"], ["--crit-immune"], ["--json", "--crit-immune"])),
]
CREATURE = mostly(st.sampled_from(creature_names()), argv_text)


@st.composite
def odds_argv(draw: st.DrawFn) -> list[str]:
    """``odds`` with mostly valid flags (each odd one time in four): the weapon from
    flags, or two creatures."""
    argv = ["odds"]
    if draw(st.integers(0, 3)) == 0:
        argv += ["--attacker", draw(CREATURE), "--defender", draw(CREATURE)]
        argv += draw(one_flag("--power", mostly(st.integers(0, 6).map(str), NEAR_INT)))
        argv += draw(st.sampled_from(([], ["--full"], ["--flat-footed"], ["--routine", "x"])))
    else:
        attack = st.sampled_from(("+5", "+9/+4", "-2", "+12/+7/+2", "0", " +3 / +1 "))
        damage = st.sampled_from(("2d6+4", "1d8", "1d4-1", "3d6", "2d20kl1", "d%+2", "7"))
        argv += ["--attack", draw(mostly(attack, joined(BONUS_TOKENS, 6)))]
        argv += ["--damage", draw(mostly(damage, near_dice()))]
        argv += ["--ac", draw(mostly(st.integers(0, 40).map(str), NEAR_INT))]
        if draw(st.integers(0, 9)) == 0:
            argv = [a for a in argv if a != draw(st.sampled_from(argv))]  # a flag missing
    for f in draw(st.lists(st.sampled_from(ODDS_FLAGS), max_size=5)):
        argv += draw(f)
    return argv


@fuzz_settings("odds")
@given(argv=odds_argv())
def test_odds_flags(argv: list[str], sandbox: Path) -> None:
    verify("odds", run_cli(argv, cwd=sandbox), odds_sane)
