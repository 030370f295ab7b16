"""The bundled scenarios show every special attack (issue 8, "Done when": "Between them,
the bundled scenarios, each fought with seeds 1, 2 and 3, show every maneuver above in
their logs").

Every bundled scenario but the 200-creature ``field-battle-100`` is fought with seeds 1,
2 and 3 the way ``d20combat fight NAME --seed N`` fights it (cli.py: the scenario under
its own ruleset, :func:`d20combat.sim.runner.fight`), and each maneuver of
:data:`SHOWCASE` must show in some fight's log. An attempt is enough: the issue asks
that each be shown, not that each succeed.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from d20combat.content.scenarios import load_scenario, scenario_names
from d20combat.encounter.events import Event
from d20combat.sim.runner import fight

SEEDS = (1, 2, 3)
SKIPPED = ("field-battle-100",)  # a benchmark: 200 creatures, too slow to fight thrice


def _kind(*types: str) -> Callable[[Event], bool]:
    """An event of one of ``types``."""
    return lambda e: e.type in types


def _off_hand(e: Event) -> bool:
    """An attack with the off hand of a two-weapon full attack: its attack bonus takes
    the off-hand penalty (seed 000 "Two-Weapon Fighting"; rules/statistics.py)."""
    if e.type not in ("attack", "aoo", "readied attack", "cleave"):
        return False
    bonus = e.total("attack bonus")
    return bonus is not None and any(
        p.modifier.source == "two-weapon fighting (off hand)" for p in bonus.parts
    )


def _stooping(e: Event) -> bool:
    """An attack by a creature stooping under a low ceiling (seed 000 "Squeezing
    Through"): its attack bonus takes the stooping penalty."""
    if e.type not in ("attack", "aoo", "readied attack", "cleave"):
        return False
    bonus = e.total("attack bonus")
    return bonus is not None and any(p.modifier.source.startswith("stooping") for p in bonus.parts)


#: Maneuver -> what in a log shows it. To add a maneuver (grapple, turning, splash
#: weapons, trip bite, pounce, trample ...), add its one line here, and a bundled
#: scenario whose fights show it.
SHOWCASE: dict[str, Callable[[Event], bool]] = {
    "trip": _kind("trip"),
    "bull rush": _kind("bull-rush"),
    "pushed by a bull rush": _kind("pushed"),
    "attack of opportunity astray": _kind("astray"),
    "overrun": _kind("overrun"),
    "charge": _kind("charge"),
    "disarm": _kind("disarm"),
    "sunder": _kind("sunder"),
    "feint": _kind("feint"),
    "aid another": _kind("aid"),
    "coup de grace": _kind("coup-de-grace"),
    "knockout blow": _kind("knockout-blow"),
    "aimed shot at a helpless foe": _kind("aimed shot"),
    "attack a door": _kind("attack-object"),
    "break a door": _kind("break"),
    "two-weapon fighting": _off_hand,
    "a bite's free trip": lambda e: e.type == "trip" and bool(e.outcome.get("free")),
    "pounce": _kind("pounce"),
    "rake": _kind("rake"),
    "trample": _kind("trample"),
    "garrote": _kind("garrote"),
    "swallow whole": _kind("swallow"),
    "rake while grappling": lambda e: e.type == "rake" and "grappling" in e.rule,
    "improved grab's one-part hold": lambda e: (
        e.type == "grapple" and bool(e.outcome.get("part_hold"))
    ),
    "strangling with a garrote": lambda e: (
        e.type == "grapple-check" and e.outcome.get("option") == "strangle"
    ),
    "splash weapon": _kind("splash"),
    "autofire (seed 004)": _kind("autofire"),
    "a thrown explosive (seed 004)": _kind("explosive"),
    "a single shot with a firearm (seed 004)": lambda e: (
        e.type == "attack" and e.outcome.get("weapon") in ("pistol", "rifle", "submachine gun")
    ),
    "grapple started": lambda e: e.type == "grapple" and e.outcome.get("result") == "held",
    "Improved Grab": lambda e: e.type == "grapple" and bool(e.outcome.get("grab")),
    "pin": lambda e: e.type == "grapple-check" and e.outcome.get("option") == "pin",
    "escape from a grapple": lambda e: (
        e.type == "grapple-check" and str(e.outcome.get("option", "")).startswith("escape")
    ),
    "damage in a grapple": lambda e: (
        e.type == "grapple-check" and str(e.outcome.get("option", "")).startswith("damage")
    ),
    "turn undead": lambda e: (
        e.type == "turning" and any(x[2] == "turned" for x in e.outcome["affected"])
    ),
    "destroy undead": lambda e: (
        e.type == "turning" and any(x[2] == "destroyed" for x in e.outcome["affected"])
    ),
    "turning broken by an approach": _kind("turning-broken"),
    "a mount acting on its rider's count": _kind("mount-initiative"),
    "a mounted charge with a lance": lambda e: (
        e.type == "damage" and e.outcome.get("weapon") == "lance" and e.outcome["multiplier"] > 1
    ),
    "stooping under a low ceiling": _stooping,
    "a Tiny creature entering a foe's square": lambda e: (
        e.type == "provoked" and str(e.outcome.get("reason", "")).startswith("entering")
    ),
    "underwater attack at -2 and half damage": lambda e: bool(e.outcome.get("underwater")),
    "improved cover from land (in the water)": lambda e: (
        e.type in ("attack", "aoo") and e.outcome.get("cover") == 8
    ),
    "a Swim check without a swim speed": lambda e: (
        e.type == "swim-check" and e.outcome.get("result") == "swims"
    ),
    "off balance after a failed Swim check": lambda e: (
        e.type == "swim-check" and bool(e.outcome.get("off_balance"))
    ),
    "going under (a Swim check failed by 5)": lambda e: (
        e.type == "swim-check" and e.outcome.get("result") == "goes-under"
    ),
}


@pytest.fixture(scope="module")
def logs() -> dict[tuple[str, int], list[Event]]:
    """Every fight's log, by (scenario, seed)."""
    out = {}
    for name in scenario_names():
        if name in SKIPPED:
            continue
        sc = load_scenario(name).under(None, ())  # as `d20combat fight NAME --seed N`
        for seed in SEEDS:
            out[name, seed] = fight(sc, seed).encounter.log
    return out


@pytest.mark.parametrize("maneuver", sorted(SHOWCASE))
def test_the_bundled_scenarios_show(
    maneuver: str, logs: dict[tuple[str, int], list[Event]]
) -> None:
    shows = SHOWCASE[maneuver]
    where = [key for key, log in logs.items() if any(map(shows, log))]
    assert where, f"no bundled scenario fought with seeds {SEEDS} shows {maneuver}"


@pytest.mark.parametrize("seed", SEEDS)
def test_the_garrote_alley_shows_a_garrote_attack_with_every_seed(
    seed: int, logs: dict[tuple[str, int], list[Event]]
) -> None:
    # issue 8: `d20combat fight garrote-alley --seed 1|2|3` each show a garrote attack
    assert any(e.type == "garrote" for e in logs["garrote-alley", seed])


@pytest.mark.parametrize("seed", SEEDS)
def test_the_crocodile_ford_shows_the_water_with_every_seed(
    seed: int, logs: dict[tuple[str, int], list[Event]]
) -> None:
    # issue 9: the crocodiles wading at the bank have improved cover (+8) from the party
    # on land (seed 000 "Attacks from Land") in every fight
    log = logs["crocodile-ford", seed]
    assert any(SHOWCASE["improved cover from land (in the water)"](e) for e in log)


@pytest.mark.parametrize("seed", SEEDS)
def test_the_wolf_river_shows_swim_checks_with_every_seed(
    seed: int, logs: dict[tuple[str, int], list[Event]]
) -> None:
    # issue 9: the wolves (no swim speed) weigh the crossing and swim it by Swim checks
    # (seed 000 "Underwater Combat" note 2); one fails and flails, off balance (note 4)
    log = logs["wolf-river", seed]
    assert any(SHOWCASE["a Swim check without a swim speed"](e) for e in log)
    assert any(SHOWCASE["off balance after a failed Swim check"](e) for e in log)


def test_every_fight_ends_in_few_rounds(logs: dict[tuple[str, int], list[Event]]) -> None:
    # the fights stay short, so this module stays fast: none reaches its round limit
    for (name, seed), log in logs.items():
        outcome = [e for e in log if e.type == "outcome"]
        assert outcome, f"{name} seed {seed} did not end"
        assert outcome[-1].outcome["kind"] != "truncated", f"{name} seed {seed} truncated"


@pytest.mark.parametrize("seed", SEEDS)
def test_the_lance_charge_shows_a_mounted_charge_with_every_seed(
    seed: int, logs: dict[tuple[str, int], list[Event]]
) -> None:
    # seed 000 "Mounted Combat": the destrier charges, and Sir Aldric's lance at the end
    # of it deals triple damage (SRD feats "Spirited Charge"), +2 on the attack roll
    log = logs["lance-charge", seed]
    charge = next(e for e in log if e.type == "charge" and e.actor == "destrier")
    after = log[log.index(charge) :]
    strike = next(e for e in after if e.type == "attack" and e.actor == "sir-aldric")
    bonus = strike.total("attack bonus")
    assert bonus is not None and any(
        p.modifier.source == "charging (attacker)" for p in bonus.parts
    )
    if strike.outcome["result"] in ("hit", "critical"):
        damage = next(e for e in after if e.type == "damage" and e.actor == "sir-aldric")
        assert damage.outcome["multiplier"] in (3, 6)
