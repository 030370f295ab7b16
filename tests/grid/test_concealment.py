"""Concealment and line of sight (SRD combat-ii "Concealment", seed 003 "Concealment",
SRD "Obscuring Mist").

Maps mark the attacker ``A`` and target ``T`` standing on floor; use the legend to put
them in dim light, darkness or fog (``a``/``t``: attacker/target in fog, ``s``: target
in dim light, ``k``: target in darkness).
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from d20combat.grid.battlemap import BattleMap
from d20combat.grid.concealment import Concealment, concealment, line_of_sight
from d20combat.grid.squares import Square

LEGEND = {"a": "fog", "t": "fog", "s": "dim", "k": "dark"}


def place(picture: str) -> tuple[BattleMap, Square, Square]:
    m = BattleMap.from_ascii(picture, LEGEND, marks="ATatsk")
    a = (m.marks.get("A") or m.marks["a"])[0]
    t = next(m.marks[k][0] for k in "Ttsk" if k in m.marks)
    return m, a, t


def conceal(
    picture: str,
    *,
    adjacent_melee: bool = False,
    darkvision: bool = False,
    low_light: bool = False,
) -> Concealment:
    m, a, t = place(picture)
    return concealment(
        m, a, 1, t, 1, adjacent_melee=adjacent_melee, darkvision=darkvision, low_light=low_light
    )


def test_open_ground() -> None:
    assert conceal("A.....T") == Concealment(0, "")


def test_dim_light() -> None:
    c = conceal("A....s")
    assert (c.miss_chance, c.reason, c.total) == (20, "dim light", False)
    assert conceal("A....s", low_light=True).miss_chance == 0
    assert conceal("A....s", darkvision=True).miss_chance == 0


def test_darkness_with_and_without_darkvision() -> None:
    c = conceal("A....k")
    assert (c.miss_chance, c.reason, c.total) == (50, "darkness", True)
    assert conceal("A....k", low_light=True).miss_chance == 50
    assert conceal("A....k", darkvision=True).miss_chance == 0


def test_light_is_where_the_target_stands() -> None:
    # a lit target beyond a dark or dim area is seen; a viewer in darkness sees out
    assert conceal("A.DDD.T").miss_chance == 0
    assert conceal("A.ddd.T").miss_chance == 0
    assert conceal(".DDD.\nDDADD\n.DDD.\n.....\n..T..").miss_chance == 0


def test_fog_at_five_feet_and_beyond() -> None:
    # obscuring mist: 5 ft away concealment, farther total concealment
    assert conceal("At").miss_chance == 20
    assert conceal("A.t") == Concealment(50, "fog (more than 5 ft away)")
    # behind fog
    assert conceal("A.f.T").miss_chance == 50
    # the attacker in fog
    assert conceal("a.T").miss_chance == 50
    assert conceal("aT").miss_chance == 20


def test_fog_off_the_lines_gives_nothing() -> None:
    assert conceal("A...T\n.....\n..f..").miss_chance == 0


def test_adjacent_melee_needs_the_whole_space_inside_the_effect() -> None:
    assert conceal("At", adjacent_melee=True).miss_chance == 20
    assert conceal("aT", adjacent_melee=True).miss_chance == 0  # only the attacker in fog
    assert conceal("As", adjacent_melee=True).miss_chance == 20
    assert conceal("Ak", adjacent_melee=True).miss_chance == 50
    assert conceal("Ak", adjacent_melee=True, darkvision=True).miss_chance == 0
    # a Large target half in shadow: not entirely within the effect
    m = BattleMap.from_ascii(["...dd", "...dd", "....."])
    assert concealment(m, (0, 1), 1, (2, 0), 2, adjacent_melee=True).miss_chance == 0
    assert concealment(m, (0, 1), 1, (3, 0), 2, adjacent_melee=True).miss_chance == 20


def test_big_target_partly_lit_is_picked_where_lit() -> None:
    m = BattleMap.from_ascii(["....Dd", ".....D"])
    assert concealment(m, (0, 0), 1, (4, 0), 2).miss_chance == 0
    m = BattleMap.from_ascii(["....Dd", "....dD"])
    assert concealment(m, (0, 0), 1, (4, 0), 2) == Concealment(20, "dim light")


def test_concealments_do_not_stack() -> None:
    # dim light and fog: the highest applies, never more than total (50)
    m = BattleMap.from_ascii(["..f.T"], {"T": ["dim", "fog"]})
    assert concealment(m, (0, 0), 1, (4, 0), 1).miss_chance == 50
    m = BattleMap.from_ascii([".X"], {"X": ["dim", "fog"]})
    assert concealment(m, (0, 0), 1, (1, 0), 1).miss_chance == 20


def test_no_line_of_effect() -> None:
    c = conceal("A#T\n.#.")
    assert c.total and c.reason == "no line of effect"


def test_line_of_sight() -> None:
    m, a, t = place("A....k")
    assert not line_of_sight(m, a, 1, t, 1)
    assert line_of_sight(m, a, 1, t, 1, darkvision=True)
    m, a, t = place("A#T\n.#.")
    assert not line_of_sight(m, a, 1, t, 1)
    m, a, t = place("A.f.T")
    assert not line_of_sight(m, a, 1, t, 1)
    m, a, t = place("A...s")
    assert line_of_sight(m, a, 1, t, 1)  # concealment, not total


cells = st.sampled_from("......#fdD")


@settings(max_examples=150, deadline=None)
@given(st.data())
def test_concealment_values(data: st.DataObject) -> None:
    w = data.draw(st.integers(2, 6))
    h = data.draw(st.integers(2, 6))
    rows = ["".join(data.draw(st.lists(cells, min_size=w, max_size=w))) for _ in range(h)]
    m = BattleMap.from_ascii(rows)
    a = (data.draw(st.integers(0, w - 1)), data.draw(st.integers(0, h - 1)))
    t = (data.draw(st.integers(0, w - 1)), data.draw(st.integers(0, h - 1)))
    c = concealment(m, a, 1, t, 1)
    assert c.miss_chance in (0, 20, 50)
    dv = concealment(m, a, 1, t, 1, darkvision=True)
    assert dv.miss_chance <= c.miss_chance
    ll = concealment(m, a, 1, t, 1, low_light=True)
    assert dv.miss_chance <= ll.miss_chance <= c.miss_chance
    # without line of effect: total; otherwise darkvision leaves only fog, total only
    # beyond 5 ft (the corner procedure is not symmetric: the attacker picks his corner)
    if dv.total and dv.reason != "no line of effect":
        assert dv.reason.startswith("fog")
        assert max(abs(a[0] - t[0]), abs(a[1] - t[1])) > 1
