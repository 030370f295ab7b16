"""The ``d20combat`` command line.

Bad input (any :class:`~d20combat.errors.D20Error`) ends with one message on stderr
and exit code 2, never a traceback. Exit code 1 means a bug.
"""

from __future__ import annotations

import json
import os
import re
import sys
from collections.abc import Iterable, Iterator, Sequence
from math import prod
from pathlib import Path
from typing import Any, NoReturn

import click

from d20combat.content.creatures import DR_QUALITIES, MATERIAL_QUALITY
from d20combat.errors import D20Error, InputError, Problem, printable, quote
from d20combat.limits import MAX_RUNS, MAX_SEED, MAX_WORKERS


class _Cli(click.Group):
    """The command group: one ``error:`` line and exit code 2 for any bad input.

    Deliberate errors (:class:`D20Error`) and click's usage errors both end the same
    way, whether the CLI runs as the console script, through :func:`main` or under
    click's test runner. Anything else is a bug and keeps its traceback (exit 1).
    """

    def make_context(
        self,
        info_name: str | None,
        args: list[str],
        parent: click.Context | None = None,
        **extra: Any,
    ) -> click.Context:
        try:
            return super().make_context(info_name, args, parent, **extra)
        except BrokenPipeError:  # the help text met a closed pipe
            _reader_gone()
            raise click.exceptions.Exit(0) from None

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except D20Error as exc:
            click.echo(f"error: {_message(exc)}", err=True)
            ctx.exit(2)
        except BrokenPipeError:  # the reader went away (``d20combat list | head``): not a bug
            _reader_gone()
            return 0

    def main(
        self,
        args: Sequence[str] | None = None,
        prog_name: str | None = None,
        complete_var: str | None = None,
        standalone_mode: bool = True,
        windows_expand_args: bool = True,
        **extra: Any,
    ) -> Any:
        try:
            rv = super().main(
                args,
                prog_name,
                complete_var,
                standalone_mode=False,
                windows_expand_args=windows_expand_args,
                **extra,
            )
            code = rv if isinstance(rv, int) and not isinstance(rv, bool) else 0
        except click.exceptions.NoArgsIsHelpError as exc:
            exc.show()  # bare ``d20combat``: the help text, as click prints it
            code = exc.exit_code
        except click.UsageError as exc:
            where = f"{exc.ctx.command_path}: " if exc.ctx else ""
            hint = f" (see '{exc.ctx.command_path} --help')" if exc.ctx else ""
            click.echo(f"error: {where}{_one_line(exc.format_message())}{hint}", err=True)
            code = exc.exit_code
        except click.ClickException as exc:
            click.echo(f"error: {_one_line(exc.format_message())}", err=True)
            code = 2
        except click.exceptions.Abort:
            click.echo("aborted", err=True)
            code = 130
        if standalone_mode:
            sys.exit(code)
        return code


def _message(exc: D20Error) -> str:
    """An error's message for stderr: an input error's problems one per line (they are
    kept to one line each), any other error's text on one line."""
    return str(exc) if isinstance(exc, InputError) else printable(str(exc))


def _one_line(text: str) -> str:
    return " ".join(text.split())


@click.group(name="d20combat", cls=_Cli, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="d20combat")
def cli() -> None:
    """A rules engine and simulator for d20-system tactical combat."""


def _ruleset(name: str, variants: Sequence[str] = ()) -> Any:
    from d20combat.content.rulesets import ruleset

    return ruleset(name).with_variants(*variants)


ruleset_option = click.option(
    "--ruleset",
    "ruleset_name",
    default="srd35",
    show_default=True,
    help="srd35, d20modern or advanced.",
)
scenario_ruleset_option = click.option(
    "--ruleset",
    "ruleset_name",
    default=None,
    help="srd35, d20modern or advanced, instead of the scenario's own.",
)
variant_option = click.option(
    "--variant",
    "variants",
    multiple=True,
    help="Optional rule: instant-kill, softer-criticals, fumbles (repeatable).",
)


def _echo_json(data: Any) -> None:
    click.echo(json.dumps(data, indent=2))


def _check_writable(path: Path | None, flag: str) -> None:
    """Fail before any work if an output file cannot be written where it is asked.

    Raises:
        InputError: naming the flag and the file.
    """
    if path is None:
        return
    parent = path.parent if str(path.parent) else Path(".")
    try:
        folder, in_folder = path.is_dir(), parent.is_dir()
    except OSError as exc:  # a name longer than the file system takes, say
        raise InputError(
            f"cannot write: {exc.strerror or exc}",
            file=str(path),
            field=flag,
            expected="a writable file",
        ) from None
    if folder:
        raise InputError("is a folder", file=str(path), field=flag, expected="a file name")
    if not in_folder:
        raise InputError(
            f"no folder {str(parent)!r}",
            file=str(path),
            field=flag,
            expected="a file in an existing folder",
        )


def _write_lines(path: Path, lines: Iterable[str], flag: str) -> None:
    """Write ``lines`` (each ending in a newline) to ``path``.

    Raises:
        InputError: if the file cannot be written.
    """
    try:
        with path.open("w", encoding="utf-8") as fh:
            fh.writelines(lines)
    except OSError as exc:
        raise InputError(
            f"cannot write: {exc.strerror or exc}",
            file=str(path),
            field=flag,
            expected="a writable file",
        ) from None


def _event_lines(events: Iterable[Any]) -> Iterator[str]:
    for e in events:
        yield json.dumps(e.as_json()) + "\n"


def _for_flag(exc: InputError, flag: str) -> InputError:
    """The same error reported against a command-line flag instead of a field name."""
    problems = [Problem(p.message, p.file, p.line, flag, p.expected) for p in exc.problems]
    return type(exc)(problems=problems)


@cli.command()
@click.argument("name_or_file")
@ruleset_option
@click.option("--json", "as_json", is_flag=True, help="Print the JSON shape instead of text.")
def creature(name_or_file: str, ruleset_name: str, as_json: bool) -> None:
    """Print a creature's stat block with every derived number and its breakdown."""
    from d20combat.content.bestiary import find_creature
    from d20combat.render import statblock
    from d20combat.rules.statistics import derive

    st = derive(find_creature(name_or_file), _ruleset(ruleset_name))
    if as_json:
        _echo_json(statblock.as_json(st))
    else:
        click.echo("\n".join(statblock.as_text(st)))


# Possessive spaces (``\s*+``): with plain ``\s*`` a long run of spaces before a bad
# character made the match backtrack for minutes.
_CRIT = re.compile(r"\s*+(?:([0-9]{1,4})(?:\s*+-\s*+20)?)?\s*+(?:/?\s*+[x×]\s*+([0-9]{1,4}))?\s*+")


def parse_crit(text: str) -> tuple[int, int]:
    """``19-20/x2`` -> (19, 2); ``x3`` -> (20, 3); ``18-20`` -> (18, 2).

    Raises:
        InputError: naming the flag and the expected form.
    """
    m = _CRIT.fullmatch(text)
    if not m or not (m.group(1) or m.group(2)):
        raise InputError(f"cannot read {text!r}", field="--crit", expected="like 19-20/x2 or x3")
    low = int(m.group(1)) if m.group(1) else 20
    mult = int(m.group(2)) if m.group(2) else 2
    if not 2 <= low <= 20 or not 2 <= mult <= 6:
        raise InputError(
            f"{text!r} is out of range",
            field="--crit",
            expected="a threat range from 2-20 to 20 and a multiplier x2 to x6",
        )
    return low, mult


_BONUS = re.compile(r"[+-]?[0-9]{1,9}")  # ASCII digits: int() would take any script's


def parse_bonuses(text: str) -> list[int]:
    """``+9/+4`` -> [9, 4].

    Raises:
        InputError: for anything but signed integers separated by slashes.
    """
    parts = text.replace(" ", "").split("/")
    if not all(_BONUS.fullmatch(p) for p in parts):
        raise InputError(
            f"cannot read {text!r}", field="--attack", expected="attack bonuses like +9 or +9/+4"
        )
    values = [int(p) for p in parts]
    if any(abs(v) > 200 for v in values) or len(values) > 12:
        raise InputError(
            f"{text!r} is out of range",
            field="--attack",
            expected="at most 12 bonuses within +/-200",
        )
    return values


# The words damage reduction is overcome by, and the weapon materials the odds flags
# accept with the quality each gives (content/creatures.py, from the SRD).
DR_BYPASS = tuple(sorted(DR_QUALITIES))
MATERIALS = MATERIAL_QUALITY
ALIGNMENTS = ("good", "evil", "lawful", "chaotic")

# Exact odds convolve fractions: the work grows with the product of the number of
# damage totals already combined and those of the next roll. These bounds keep
# ``odds`` to a few seconds (a single 10d100 x6 attack, or twelve 4d6 x3 attacks).
ODDS_MAX_TOTALS = 6000
ODDS_MAX_WORK = 400_000
# Each attack's roll tree is walked leaf by leaf (about 10 microseconds a leaf), and each
# extra damage roll multiplies its leaves: four 1d6 extras on a d% weapon took minutes.
ODDS_MAX_LEAVES = 400_000


def _dice(text: str, flag: str) -> Any:
    from d20combat.errors import DiceSyntaxError
    from d20combat.rules.dice import Dice

    try:
        return Dice.parse(text)
    except DiceSyntaxError as exc:
        raise _for_flag(exc, flag) from None


def _damage_type(text: str, flag: str) -> Any:
    from d20combat.content.damage import DamageType

    try:
        return DamageType.parse(text)
    except InputError as exc:
        raise _for_flag(exc, flag) from None


def _dr(text: str) -> Any:
    from pydantic import ValidationError

    from d20combat.content.creatures import DamageReduction

    expected = "damage reduction like 5/magic, 10/cold iron or good, 5/-"
    try:
        return DamageReduction.model_validate(text)
    except ValidationError as exc:
        words = [
            w
            for w in re.split(r"\s+(?:and|or)\s+|\s*,\s*", text.partition("/")[2].lower())
            if w.strip() and w.strip() not in (*DR_BYPASS, "-", "—", "none")
        ]
        if words and "unknown damage reduction quality" in str(exc):
            raise InputError(
                f"{text!r}: nothing is {words[0].strip()!r}",
                field="--dr",
                expected=f"{expected}; it is overcome by {', '.join(DR_BYPASS)}",
            ) from None
        raise InputError(f"cannot read {text!r}", field="--dr", expected=expected) from None


def _one_of(values: Iterable[str], allowed: Iterable[str], flag: str, what: str) -> tuple[str, ...]:
    known = {a.lower(): a for a in allowed}
    out = []
    for v in values:
        key = " ".join(v.lower().split())
        if key not in known:
            raise InputError(
                f"unknown {what} {v!r}",
                field=flag,
                expected=f"one of {', '.join(known)}",
            )
        out.append(known[key])
    return tuple(out)


def _span(dice: Any) -> int:
    """How many different totals ``dice`` can roll."""
    return sum(int(t.number) * (int(t.sides) - 1) for t in dice.terms) + 1


def _check_odds_size(attacks: Sequence[Any]) -> None:
    """Refuse a sequence too large to compute exactly in a few seconds.

    Raises:
        InputError: naming the damage and what fits.
    """
    from d20combat.limits import MAX_DICE
    from d20combat.rules.dice import Dice

    combined = 1
    work = leaves = 0
    for a in attacks:
        times = a.option.crit_multiplier + a.multiplier - 1
        totals = _span(a.option.dice) * times
        extras = [_span(Dice.parse(str(e.dice))) for e in (*a.option.extra, *a.extra)]
        totals += sum(extras)
        # a hit's and a critical hit's damage rolls, then every extra roll under each
        leaves += 2 * _span(a.option.dice) * (1 + times) * prod(extras)
        rolled = sum(t.number for t in a.option.dice.terms) * times
        if rolled > MAX_DICE:
            raise InputError(
                f"{a.option.dice} x{times} rolls {rolled} dice on a critical hit",
                field="--damage",
                expected=f"at most {MAX_DICE} dice",
            )
        if totals > ODDS_MAX_TOTALS:
            raise InputError(
                f"{a.option.dice} x{times} has {totals} possible totals: too many to compute "
                "exactly",
                field="--damage",
                expected=f"at most {ODDS_MAX_TOTALS} (fewer or smaller dice)",
            )
        if combined > 1:
            work += combined * totals
        combined += totals
    if leaves > ODDS_MAX_LEAVES:
        raise InputError(
            f"the extra damage rolls make about {leaves} outcomes: too many to enumerate exactly",
            field="--extra",
            expected=f"at most about {ODDS_MAX_LEAVES} (fewer extra damage dice or attacks)",
        )
    if work > ODDS_MAX_WORK:
        raise InputError(
            f"{len(attacks)} attacks of this damage are too many to combine exactly",
            field="--attack",
            expected="fewer attacks or smaller dice",
        )


def _odds_from_flags(opts: dict[str, Any], rules: Any) -> tuple[list[Any], list[str]]:
    from pydantic import ValidationError

    from d20combat.content.creatures import ExtraDamage
    from d20combat.rules.attack import Attack
    from d20combat.rules.damage import Defenses
    from d20combat.rules.dice import Dice
    from d20combat.rules.modifiers import BonusType, Modifier, stack
    from d20combat.rules.statistics import AttackOption

    for flag in ("attack", "damage", "ac"):
        if opts[flag] is None:
            raise InputError(
                f"--{flag} is required without --attacker/--defender",
                field=f"--{flag}",
                expected="a value",
            )
    bonuses = parse_bonuses(opts["attack"])
    dice = _dice(opts["damage"], "--damage")
    flat = dice.constant
    dice = Dice(dice.terms, 0)
    low, mult = parse_crit(opts["crit"])
    types = tuple(
        _damage_type(t, "--damage-type") for t in opts["damage_type"].split(",") if t.strip()
    )
    if not types:
        raise InputError(
            f"no damage type in {opts['damage_type']!r}",
            field="--damage-type",
            expected="one or more damage types, like slashing or piercing,fire",
        )
    extras = []
    for text in opts["extra"]:
        parts = text.split(None, 1)
        if not parts:
            raise InputError("empty", field="--extra", expected="extra damage like '1d6 fire'")
        _dice(parts[0], "--extra")
        try:
            extra = ExtraDamage(
                dice=parts[0],
                type=_damage_type(parts[1], "--extra") if len(parts) > 1 else None,
                source=text,
            )
        except ValidationError:
            raise InputError(
                f"cannot read {text!r}", field="--extra", expected="extra damage like '1d6 fire'"
            ) from None
        extras.append(extra)
    materials = _one_of(opts["material"], MATERIALS, "--material", "material")
    option = AttackOption(
        name="attack",
        ranged=False,
        bonus=stack([Modifier(bonuses[0], BonusType.UNTYPED, "--attack")]),
        dice=dice,
        damage_bonus=stack([Modifier(flat, BonusType.UNTYPED, "--damage")]),
        crit_range=low,
        crit_multiplier=mult,
        damage_types=types,
        extra=tuple(extras),
        enhancement=opts["magic"],
        materials=tuple(MATERIALS[m] for m in materials),
        aligned=_one_of(opts["aligned"], ALIGNMENTS, "--aligned", "alignment"),
    )
    defenses = Defenses(
        dr=tuple(_dr(d) for d in opts["dr"]),
        resist={
            _damage_type(k, "--resist"): _int(v, "--resist")
            for k, v in (_pair(r, "--resist") for r in opts["resist"])
        },
        immune=frozenset(_damage_type(t, "--immune") for t in opts["immune"]),
        vulnerable=frozenset(_damage_type(t, "--vulnerable") for t in opts["vulnerable"]),
    )
    ac = stack([Modifier(opts["ac"], BonusType.UNTYPED, "--ac")])
    attacks = [
        Attack(
            option,
            stack([Modifier(b, BonusType.UNTYPED, "--attack")]),
            ac,
            option.damage_bonus,
            concealment=opts["concealment"],
            crit_immune=opts["crit_immune"],
            defenses=defenses,
            multiplier=opts["multiplier"],
        )
        for b in bonuses
    ]
    return attacks, [f"attack {b:+d}" for b in bonuses]


def _pair(text: str, flag: str) -> tuple[str, str]:
    if "=" not in text:
        raise InputError(f"cannot read {text!r}", field=flag, expected="TYPE=AMOUNT, like fire=10")
    k, v = text.split("=", 1)
    return k, v


def _int(text: str, flag: str) -> int:
    if not _BONUS.fullmatch(text.strip()):
        raise InputError(f"cannot read {text!r}", field=flag, expected="an integer")
    return int(text)


def _odds_from_creatures(opts: dict[str, Any], rules: Any) -> tuple[list[Any], list[str]]:
    from d20combat.content.bestiary import find_creature
    from d20combat.encounter.fighting import can_power_attack, power_attack_mods
    from d20combat.odds import creature_attack
    from d20combat.rules.statistics import derive

    if not (opts["attacker"] and opts["defender"]):
        raise InputError(
            "give both --attacker and --defender",
            field="--defender",
            expected="two creature names or files",
        )
    attacker = derive(find_creature(opts["attacker"]), rules)
    defender = derive(find_creature(opts["defender"]), rules)
    routine = attacker.routine(opts["routine"])
    chosen = routine.attacks if opts["full"] else routine.attacks[:1]
    power = opts["power"]
    if power:
        if not can_power_attack(attacker.stat, rules):
            raise InputError(
                f"{attacker.stat.name} has no Power Attack feat",
                field="--power",
                expected="an attacker with Power Attack (or the advanced ruleset's stance)",
            )
        if power > attacker.stat.bab or any(o.ranged for o, _ in chosen):
            raise InputError(
                f"Power Attack {power} with {routine.name}",
                field="--power",
                expected=f"melee attacks, at most the base attack bonus (+{attacker.stat.bab})",
            )
    attacks = []
    for option, bonus in chosen:
        mods = power_attack_mods(option, power, rules) if power else None
        attacks.append(
            creature_attack(
                attacker,
                defender,
                option,
                bonus,
                rules,
                flat_footed=opts["flat_footed"],
                flanking=opts["flanking"],
                concealment=opts["concealment"],
                attack_mods=(mods[0],) if mods else (),
                damage_mods=(mods[1],) if mods and mods[1] is not None else (),
            )
        )
    suffix = f" (power attack {power})" if power else ""
    labels = [f"{a.option.name} {a.bonus.value:+d}{suffix}" for a in attacks]
    return attacks, labels


#: ``odds MANEUVER``: the special attacks DESIGN.md names whose exact odds are still to
#: come (refused with a clear message until they are; the others: odds.MANEUVER_ODDS).
PLANNED_MANEUVERS: tuple[str, ...] = ()  # every maneuver of the seeds has its odds


@cli.command()
@click.argument("maneuver", required=False, metavar="[MANEUVER]")
@click.option("--attacker", help="Attacking creature (name or file).")
@click.option("--defender", help="Defending creature (name or file).")
@click.option("--routine", help="The attacker's attack routine (default: its first).")
@click.option("--full", is_flag=True, help="The whole full-attack routine, not one attack.")
@click.option(
    "--flat-footed",
    is_flag=True,
    help="The defender is flat-footed (no Dex bonus unless uncanny dodge; sneak attack).",
)
@click.option(
    "--flanking",
    is_flag=True,
    help="The attacker flanks the defender (+2 melee; sneak attack) (with --attacker).",
)
@click.option("--charge", is_flag=True, help="The maneuver ends a charge (bull-rush, overrun).")
@click.option(
    "--power",
    type=click.IntRange(0, 40),
    default=0,
    help="Power Attack (with --attacker): -N on the attacks, + damage by the weapon.",
)
@click.option("--attack", help="Attack bonus, or a sequence like +9/+4.")
@click.option("--damage", help="Damage per hit, like 2d6+4.")
@click.option("--crit", default="20/x2", show_default=True, help="Threat range and multiplier.")
@click.option("--ac", type=int, help="The target's armor class.")
@click.option(
    "--damage-type",
    default="slashing",
    show_default=True,
    help="Weapon damage type(s), comma separated.",
)
@click.option(
    "--magic",
    type=click.IntRange(0, 10),
    default=0,
    help="Weapon enhancement bonus, for damage reduction (already in --attack and --damage).",
)
@click.option("--material", multiple=True, help="Weapon material (silver, cold iron, ...).")
@click.option("--aligned", multiple=True, help="Weapon alignment (good, evil, ...).")
@click.option("--extra", multiple=True, help="Extra damage never multiplied, like '1d6 fire'.")
@click.option(
    "--multiplier",
    type=click.IntRange(1, 6),
    default=1,
    help="Other damage multiplier (lance charge: 2).",
)
@click.option("--concealment", type=click.IntRange(0, 100), default=0, help="Miss chance in %.")
@click.option("--dr", multiple=True, help="Damage reduction like 5/magic (repeatable).")
@click.option("--resist", multiple=True, help="Energy resistance like fire=10.")
@click.option("--immune", multiple=True, help="Energy immunity (repeatable).")
@click.option("--vulnerable", multiple=True, help="Energy vulnerability (repeatable).")
@click.option("--crit-immune", is_flag=True, help="The target is immune to critical hits.")
@ruleset_option
@variant_option
@click.option("--json", "as_json", is_flag=True, help="Print exact fractions as JSON.")
def odds(
    maneuver: str | None, ruleset_name: str, variants: tuple[str, ...], as_json: bool, **opts: Any
) -> None:
    """Exact odds of one attack, a full attack, or a special attack (MANEUVER: trip,
    bull-rush, overrun, grapple, pin, escape, swallow ..., with --attacker and --defender):
    never sampled."""
    from d20combat.odds import sequence_odds
    from d20combat.render.odds import odds_text

    rules = _ruleset(ruleset_name, variants)
    if maneuver is not None:
        _maneuver_odds(maneuver, rules, as_json, opts)
        return
    if opts["attacker"] or opts["defender"]:
        attacks, labels = _odds_from_creatures(opts, rules)
    elif opts["power"]:
        raise InputError(
            "--power needs the attacker's weapon",
            field="--power",
            expected="--attacker and --defender (or fold it into --attack and --damage)",
        )
    elif opts["flat_footed"] or opts["flanking"]:
        flag = "--flat-footed" if opts["flat_footed"] else "--flanking"
        raise InputError(
            f"{flag} needs the two creatures",
            field=flag,
            expected="--attacker and --defender (or fold it into --attack, --ac and --extra)",
        )
    else:
        attacks, labels = _odds_from_flags(opts, rules)
    _check_odds_size(attacks)
    result = sequence_odds(attacks, rules, labels)
    if as_json:
        _echo_json(result.total.as_json() if len(attacks) == 1 else result.as_json())
    else:
        click.echo("\n".join(odds_text(result)))


def _maneuver_odds(maneuver: str, rules: Any, as_json: bool, opts: dict[str, Any]) -> None:
    """``odds MANEUVER --attacker A --defender B``.

    Raises:
        InputError: for an unknown maneuver, missing creatures or flags that do not apply.
    """
    from d20combat.content.bestiary import find_creature
    from d20combat.odds import MANEUVER_ODDS
    from d20combat.render.odds import maneuver_text
    from d20combat.rules.statistics import derive

    key = maneuver.strip().lower()
    entry = MANEUVER_ODDS.get(key)
    if entry is None:
        known = ", ".join(MANEUVER_ODDS)
        message = (
            f"exact odds of {maneuver!r} are not available yet"
            if key in PLANNED_MANEUVERS
            else f"unknown maneuver {quote(maneuver)}"
        )
        raise InputError(message, field="MANEUVER", expected=f"one of {known}")
    if not (opts["attacker"] and opts["defender"]):
        raise InputError(
            f"odds {key} needs both --attacker and --defender",
            field="--attacker" if not opts["attacker"] else "--defender",
            expected="two creature names or files",
        )
    given = [f"--{f}" for f in ("attack", "damage", "ac", "routine") if opts[f] is not None]
    given += [f"--{f}" for f in ("full", "power") if opts[f]]
    given += [
        f"--{f.replace('_', '-')}"
        for f in ("flat_footed", "charge", "flanking")
        if opts[f] and f not in entry.flags
    ]
    if given:
        takes = [f"--{f.replace('_', '-')}" for f in sorted(entry.flags)]
        raise InputError(
            f"{', '.join(given)} does not apply to odds {key}",
            field=given[0],
            expected=", ".join(["--attacker", "--defender", *takes, "--ruleset", "--variant"])
            + ", --json",
        )
    attacker = derive(find_creature(opts["attacker"]), rules)
    defender = derive(find_creature(opts["defender"]), rules)
    why = entry.problem(attacker, defender)
    if why is not None:
        # the problems name the creature at fault first ("Goblin carries no garrote")
        mine = why.startswith(attacker.stat.name) and attacker.stat.name != defender.stat.name
        raise InputError(
            why,
            field="--attacker" if mine else "--defender",
            expected=f"an attacker that can {key}" if mine else f"a creature it can {key}",
        )
    situation = {f: opts[f] for f in entry.flags}
    result = entry.odds(attacker, defender, rules, **situation)
    if as_json:
        _echo_json(result.as_json())
    else:
        click.echo("\n".join(maneuver_text(result)))


@cli.command()
@click.argument("first")
@click.argument("second")
@click.option("--seed", type=click.IntRange(0, MAX_SEED), default=1, show_default=True)
@ruleset_option
@variant_option
@click.option("--explain", is_flag=True, help="Show every modifier breakdown.")
@click.option(
    "--log",
    "log_file",
    type=click.Path(dir_okay=False, path_type=Path),
    help="Write every event as JSON lines.",
)
def duel(
    first: str,
    second: str,
    seed: int,
    ruleset_name: str,
    variants: tuple[str, ...],
    explain: bool,
    log_file: Path | None,
) -> None:
    """A seeded duel without a map, narrated blow by blow."""
    from d20combat.content.bestiary import find_creature
    from d20combat.render.narrate import narrate_all
    from d20combat.sim.duel import duel as run

    _check_writable(log_file, "--log")
    rules = _ruleset(ruleset_name, variants)
    result = run(find_creature(first), find_creature(second), seed=seed, rules=rules)
    click.echo(f"Duel: {first} vs {second} (seed {seed}, ruleset {rules.name})")
    for line in narrate_all(result.events, explain_modifiers=explain):
        click.echo(line)
    if result.winner:
        click.echo(f"Outcome: {result.winner} wins after {result.rounds} rounds.")
    else:
        click.echo(f"Outcome: no winner after {result.rounds} rounds (truncated).")
    if log_file:
        _write_lines(log_file, _event_lines(result.events), "--log")


@cli.command()
@click.argument("scenario", required=False)
@click.option(
    "--seed",
    type=click.IntRange(0, MAX_SEED),
    default=None,
    help="Dice seed (default: the scenario's, or 1).",
)
@click.option(
    "--log",
    "log_file",
    type=click.Path(dir_okay=False, path_type=Path),
    help="Write every event as JSON lines.",
)
@click.option("--explain", is_flag=True, help="Show every modifier breakdown.")
@click.option(
    "--save",
    "save_file",
    type=click.Path(dir_okay=False, path_type=Path),
    help="Save the finished fight's state as JSON.",
)
@scenario_ruleset_option
@variant_option
def fight(
    scenario: str | None,
    seed: int | None,
    log_file: Path | None,
    explain: bool,
    save_file: Path | None,
    ruleset_name: str | None,
    variants: tuple[str, ...],
) -> None:
    """Run one seeded encounter, narrated round by round."""
    from d20combat.content.scenarios import DEFAULT_SCENARIO, load_scenario
    from d20combat.render.summary import summary_lines
    from d20combat.sim.runner import fight as run

    _check_writable(log_file, "--log")
    _check_writable(save_file, "--save")
    sc = load_scenario(scenario or DEFAULT_SCENARIO).under(ruleset_name, variants)
    used_seed = seed if seed is not None else (sc.seed if sc.seed is not None else 1)
    rules = " + ".join([sc.ruleset.name, *sorted(v.value for v in sc.ruleset.variants)])
    show = _Narrator(explain)
    show.lines([f"{sc.title or sc.name} (scenario {sc.name}, seed {used_seed}, ruleset {rules})"])
    result = run(sc, used_seed, each_round=show)
    # the files whatever became of the reader: one who stopped reading loses nothing
    if log_file:
        _write_lines(log_file, _event_lines(result.encounter.log), "--log")
    if save_file:
        _write_lines(save_file, [json.dumps(result.encounter.to_json())], "--save")
    show.lines([f"Outcome: {result.outcome.describe()}", *summary_lines(result.encounter)])


class _Narrator:
    """Narrates a fight round by round as it is played (``play``'s ``each_round``), so
    the first lines come at once however long the fight. A reader who goes away stops
    the narration, not the fight."""

    def __init__(self, explain: bool, start: int = 0) -> None:
        self.explain = explain
        self.shown = start
        self.gone = False

    def __call__(self, enc: Any) -> None:
        from d20combat.render.narrate import narrate_all

        names = {c.id: c.name for c in enc.combatants.values()}
        new = enc.log[self.shown :]
        self.shown = len(enc.log)
        self.lines(narrate_all(new, explain_modifiers=self.explain, names=names))

    def lines(self, lines: Iterable[str]) -> None:
        if self.gone:
            return
        try:
            for line in lines:
                click.echo(line)
        except BrokenPipeError:
            self.gone = True
            _reader_gone()


@cli.command()
@click.argument("scenario")
@click.option("--runs", type=click.IntRange(1, MAX_RUNS), default=1000, show_default=True)
@click.option("--seed", type=click.IntRange(0, MAX_SEED), default=0, show_default=True)
@click.option("--workers", type=click.IntRange(1, MAX_WORKERS), default=1, show_default=True)
@click.option("--json", "as_json", is_flag=True, help="Print the JSON report.")
@scenario_ruleset_option
@variant_option
def simulate(
    scenario: str,
    runs: int,
    seed: int,
    workers: int,
    as_json: bool,
    ruleset_name: str | None,
    variants: tuple[str, ...],
) -> None:
    """Run many seeded fights and report win rates, rounds and survival."""
    from d20combat.render.summary import report_lines
    from d20combat.sim.simulate import simulate as run

    if sys.stderr.isatty() and not as_json:
        from rich.console import Console
        from rich.progress import Progress

        with Progress(console=Console(stderr=True), transient=True) as bar:
            task = bar.add_task("fights", total=runs)
            report = run(
                scenario,
                runs=runs,
                seed=seed,
                workers=workers,
                progress=lambda n: bar.advance(task, n),
                ruleset_name=ruleset_name,
                variants=variants,
            )
    else:
        report = run(
            scenario,
            runs=runs,
            seed=seed,
            workers=workers,
            ruleset_name=ruleset_name,
            variants=variants,
        )
    if as_json:
        _echo_json(report.as_json())
    else:
        for line in report_lines(report.as_json()):
            click.echo(line)


@cli.command()
@click.argument("file", type=click.Path(dir_okay=False, path_type=Path))
def validate(file: Path) -> None:
    """List every problem of a scenario, creature (stat block), build, saved fight
    (.json) or event log (.jsonl) at once (exit code 2 if any); for a good file, what it
    names that d20combat does not model."""
    from d20combat.validate import check_file

    report = check_file(file)
    if report.problems:
        for p in report.problems:
            click.echo(str(p), err=True)
        n = len(report.problems)
        raise InputError(f"{n} problem{'s' if n > 1 else ''} (listed above)", file=str(file))
    click.echo(f"{file}: ok")
    if report.not_modelled:  # notes, not problems: on stderr, so stdout stays "FILE: ok"
        click.echo("not modelled (accepted, but d20combat does not use them):", err=True)
        for line in report.not_modelled:
            click.echo(f"  {line}", err=True)
    if report.notes:
        click.echo("character creation rules broken (notes, not errors):", err=True)
        for note in report.notes:
            click.echo(f"  {note}", err=True)


@cli.command()
@click.argument("save_file", type=click.Path(dir_okay=False, path_type=Path))
@click.option("--explain", is_flag=True, help="Show every modifier breakdown.")
def resume(save_file: Path, explain: bool) -> None:
    """Resume a saved fight and play it to its end."""
    from d20combat.content.loading import read_json
    from d20combat.encounter.state import Encounter
    from d20combat.errors import SaveFileError
    from d20combat.limits import MAX_SAVE_BYTES
    from d20combat.render.summary import summary_lines
    from d20combat.sim.runner import play

    try:
        data = read_json(save_file, max_bytes=MAX_SAVE_BYTES)
    except InputError as exc:
        raise SaveFileError(
            problems=[
                Problem(
                    p.message,
                    p.file,
                    p.line,
                    p.field,
                    p.expected or "a JSON save written by d20combat fight --save",
                )
                for p in exc.problems
            ]
        ) from None
    try:
        enc = Encounter.from_json(data)  # every check of d20combat.encounter.save
    except SaveFileError as exc:
        raise exc.located(file=str(save_file)) from None
    if not enc.started:
        enc.start()  # saved before initiative was rolled
    title = (enc.scenario_doc or {}).get("title") or enc.name
    show = _Narrator(explain, start=len(enc.log))
    show.lines(
        [f"Resuming {title} (scenario {enc.name}, round {enc.round}, ruleset {enc.rules.name})"]
    )
    outcome = play(enc, each_round=show)
    show.lines(
        [
            f"Outcome: {outcome.describe()}",
            *summary_lines(enc),
            "(att, hit and dmg count from the save on)",
        ]
    )


@cli.command(name="list")
@click.argument(
    "kind",
    type=click.Choice(["scenarios", "creatures", "weapons", "armor", "rulesets"]),
    metavar="KIND",
)
def list_(kind: str) -> None:
    """Print the names of bundled KIND (scenarios, creatures, weapons, armor, rulesets)."""
    if kind == "scenarios":
        from d20combat.content.scenarios import scenario_names

        names = scenario_names()
    elif kind == "creatures":
        from d20combat.content.bestiary import creature_names

        names = creature_names()
    elif kind == "weapons":
        from d20combat.content.equipment import weapons

        names = sorted(w.name for w in weapons())
    elif kind == "armor":
        from d20combat.content.equipment import armors

        names = sorted(a.name for a in armors())
    else:
        from d20combat.content.rulesets import RULESET_NAMES

        names = list(RULESET_NAMES)
    for name in names:
        click.echo(name)


@cli.command()
@click.option(
    "--ruleset",
    "ruleset_name",
    default=None,
    help="Only this ruleset's readings (srd35, d20modern or advanced).",
)
@click.option("--json", "as_json", is_flag=True, help="Print JSON instead of text.")
@click.option("--markdown", is_flag=True, help="Print docs/rulesets.md (every ruleset).")
def rules(ruleset_name: str | None, as_json: bool, markdown: bool) -> None:
    """Print every point where the rulesets differ: each reading and its seed passage."""
    from d20combat.render import rulesets as table

    if markdown and (as_json or ruleset_name is not None):
        raise InputError(
            "--markdown prints the whole table", field="--markdown", expected="no other option"
        )
    if markdown:
        click.echo(table.as_markdown(), nl=False)
    elif as_json:
        _echo_json(table.as_json(ruleset_name))
    else:
        click.echo("\n".join(table.as_text(ruleset_name)))


@cli.command(name="import-srd")
@click.argument("srd_dir", type=click.Path(file_okay=False, path_type=Path))
@click.option(
    "--out",
    "out_dir",
    required=True,
    type=click.Path(file_okay=False, path_type=Path),
    help="Folder to write the creature, equipment and feat files to.",
)
def import_srd(srd_dir: Path, out_dir: Path) -> None:
    """Turn the SRD HTML (monsters, weapons, armor, feats) into the engine's data files.

    Every page it could not read fully, and every creature it could not read fully,
    is listed with its file and the problem; a page not read fully exits with code 2.
    """
    from d20combat.content.importers.equipment import write_equipment
    from d20combat.content.importers.feats import write_feats
    from d20combat.content.importers.monsters import write_bestiary

    if not (srd_dir / "monsters").is_dir():
        raise InputError(
            "not an SRD folder",
            file=str(srd_dir),
            expected="a folder with monsters/ and basic-rules-and-legal/",
        )
    try:
        out_dir.mkdir(parents=True, exist_ok=True)
    except OSError as exc:  # under a file, a name too long, no permission
        raise InputError(
            f"cannot make the folder: {exc.strerror or exc}",
            file=str(out_dir),
            field="--out",
            expected="a folder that exists or can be made",
        ) from None
    write_equipment(srd_dir, out_dir)
    write_feats(srd_dir, out_dir)
    report = write_bestiary(srd_dir, out_dir / "creatures")
    click.echo(report.summary())
    for line in report.details():
        click.echo(f"  {line}")
    if report.pages:
        n = len(report.pages)
        raise InputError(
            f"{n} SRD page{'s' if n > 1 else ''} not read fully (listed above)", file=str(srd_dir)
        )


def main(argv: Sequence[str] | None = None) -> NoReturn:
    """Entry point: run the CLI and exit with its code (0 ok, 2 bad input, 1 a bug).

    Never returns: it always raises :class:`SystemExit`.
    """
    _file_names_out()
    try:
        code = cli.main(
            args=list(argv) if argv is not None else None,
            prog_name="d20combat",
            standalone_mode=False,
        )
    except D20Error as exc:  # raised outside a command (the group maps the rest)
        click.echo(f"error: {_message(exc)}", err=True)
        code = 2
    except BrokenPipeError:  # the reader went away outside a command
        _reader_gone()
        code = 0
    sys.exit(code)


def _reader_gone() -> None:
    """Point standard output at the null device, so that nothing more written to the
    closed pipe (Python's flush at exit included) fails."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, sys.stdout.fileno())


def _file_names_out() -> None:
    """Let standard output write back the bytes of a file name that are not UTF-8 as
    they came (``surrogateescape``). Under a UTF-8 locale Python's standard output
    refuses them, and echoing a file name given on the command line
    (``validate $'\\xff.yaml'``: "FILE: ok") is no reason to fail."""
    reconfigure = getattr(sys.stdout, "reconfigure", None)
    if reconfigure is not None:
        reconfigure(errors="surrogateescape")
