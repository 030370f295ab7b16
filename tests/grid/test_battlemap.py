"""Parsing ASCII maps, the legend, doors and caches."""

from __future__ import annotations

import pytest

from d20combat.errors import IllegalActionError, InputError
from d20combat.grid.battlemap import BattleMap
from d20combat.grid.lines import line_of_effect
from d20combat.grid.movement import movement_costs
from d20combat.grid.terrain import DEFAULT_LEGEND, Terrain, parse_legend, terrain_name

ALL_SYMBOLS = '.#+/,%=~WdDf"!_^'


def test_default_legend() -> None:
    m = BattleMap.from_ascii([ALL_SYMBOLS])
    T = Terrain
    expected = [
        T.FLOOR, T.WALL, T.DOOR, T.OPEN_DOOR, T.DIFFICULT, T.DIFFICULT, T.LOW_OBSTACLE,
        T.SHALLOW_WATER, T.DEEP_WATER, T.DIM, T.DARK, T.FOG, T.DIFFICULT | T.DIM,
        T.IMPROVED_COVER, T.LOW_CEILING, T.CLIMBABLE,
    ]  # fmt: skip
    assert [m.terrain(x, 0) for x in range(m.width)] == expected
    assert set(DEFAULT_LEGEND) == set(ALL_SYMBOLS)
    assert m.to_ascii() == ALL_SYMBOLS


def test_walkable() -> None:
    m = BattleMap.from_ascii([ALL_SYMBOLS])
    walk = "".join("y" if m.walkable(x, 0) else "n" for x in range(m.width))
    assert walk == "ynnyyyyynyyyynyn"  # a low ceiling: standing room; a climbable face: none
    assert m.walkable(8, 0, swim=True)  # deep water: swimmers only
    assert not m.walkable(-1, 0) and not m.walkable(0, 1)
    assert m.terrain(-1, 0) is Terrain.WALL  # off the map is solid


def test_text_with_blank_edges_and_dimensions() -> None:
    m = BattleMap.from_ascii("\n\n...#\n#...\n\n")
    assert (m.width, m.height) == (4, 2)
    assert m.terrain(3, 0) is Terrain.WALL and m.terrain(0, 1) is Terrain.WALL


def test_unknown_symbols_are_all_reported_with_file_line_and_column() -> None:
    text = "....\n.Q..\n..?Z\n"
    with pytest.raises(InputError) as exc:
        BattleMap.from_ascii(text, file="arena.yaml", first_line=12)
    problems = exc.value.problems
    assert [(p.file, p.line) for p in problems] == [
        ("arena.yaml", 13),
        ("arena.yaml", 14),
        ("arena.yaml", 14),
    ]
    assert [p.message for p in problems] == [
        "unknown map symbol 'Q' at column 2",
        "unknown map symbol '?' at column 3",
        "unknown map symbol 'Z' at column 4",
    ]
    assert all(p.field == "map" and p.expected and "'#'" not in p.expected for p in problems)
    assert "arena.yaml:13: map: unknown map symbol 'Q' at column 2" in str(exc.value)


def test_leading_blank_lines_keep_line_numbers() -> None:
    with pytest.raises(InputError) as exc:
        BattleMap.from_ascii("\n..\n.x\n", file="f.yaml", first_line=5)
    assert exc.value.problems[0].line == 7  # line 5 is blank, 6 is "..", 7 is ".x"


def test_ragged_rows_are_rejected() -> None:
    with pytest.raises(InputError) as exc:
        BattleMap.from_ascii(["....", "..", "...."], file="m.yaml")
    (p,) = exc.value.problems
    assert p.line == 2 and "2 squares" in p.message and p.expected == "every row 4 characters wide"


def test_empty_map() -> None:
    with pytest.raises(InputError, match="empty map"):
        BattleMap.from_ascii("\n\n")


def test_scenario_legend_extends_and_overrides() -> None:
    legend = {"T": "difficult", "B": ["difficult", "dim"], "f": "floor", "X": "arrow-slit"}
    m = BattleMap.from_ascii(["TBfX"], legend)
    assert m.terrain(0, 0) is Terrain.DIFFICULT
    assert m.terrain(1, 0) == Terrain.DIFFICULT | Terrain.DIM
    assert m.terrain(2, 0) is Terrain.FLOOR
    assert m.terrain(3, 0) is Terrain.IMPROVED_COVER
    assert m.to_ascii() == "TBfX"


def test_bad_legend_entries_are_all_reported() -> None:
    with pytest.raises(InputError) as exc:
        BattleMap.from_ascii(
            ["..Q"], {"ab": "wall", "T": "lava", "U": ["dim", "mud"]}, file="s.yaml"
        )
    messages = [(p.field, p.message) for p in exc.value.problems]
    assert ("legend.ab", "legend key 'ab' is not one character") in messages
    assert ("legend.T", "unknown terrain 'lava'") in messages
    assert ("legend.U", "unknown terrain 'mud'") in messages
    assert any(p.message.startswith("unknown map symbol 'Q'") for p in exc.value.problems)


def test_parse_legend_accepts_flags() -> None:
    table = parse_legend({"x": int(Terrain.FOG | Terrain.DIM)})
    assert table["x"] == Terrain.FOG | Terrain.DIM
    with pytest.raises(InputError):
        parse_legend({"x": 1 << 20})
    assert terrain_name(Terrain.FOG | Terrain.DIM) == "dim+fog"


def test_marks() -> None:
    m = BattleMap.from_ascii(["A..#", ".BB.", "A..."], marks="AB")
    assert m.marks == {"A": ((0, 0), (0, 2)), "B": ((1, 1), (2, 1))}
    assert m.terrain(1, 1) is Terrain.FLOOR
    assert m.to_ascii() == "...#\n....\n...."


def test_square_names_on_the_map() -> None:
    m = BattleMap.open(30, 12)
    assert m.square_name((27, 11)) == "ab12"
    assert m.parse_square("ab12") == (27, 11)
    with pytest.raises(InputError) as exc:
        m.parse_square("ae1", field="position")
    assert "off the 30x12 map" in str(exc.value) and "a1 to ad12" in str(exc.value)


def test_doors_open_and_close_and_invalidate_caches() -> None:
    m = BattleMap.from_ascii(["..#..", "..+..", "..#.."])
    assert not line_of_effect(m, (0, 1), 1, (4, 1))
    assert movement_costs(m, (0, 1), budget_ft=30).cost((4, 1)) is None
    version = m.version
    m.open_door(2, 1)
    assert m.version == version + 1
    assert m.terrain(2, 1) is Terrain.OPEN_DOOR
    assert line_of_effect(m, (0, 1), 1, (4, 1))
    assert movement_costs(m, (0, 1), budget_ft=30).cost((4, 1)) == 20
    assert m.to_ascii().splitlines()[1] == "../.."
    with pytest.raises(IllegalActionError):
        m.open_door(2, 1)
    m.close_door(2, 1)
    assert not line_of_effect(m, (0, 1), 1, (4, 1))
    with pytest.raises(IllegalActionError):
        m.close_door(0, 0)


def test_copy_is_independent() -> None:
    m = BattleMap.from_ascii(["+."], marks="")
    c = m.copy()
    c.open_door(0, 0)
    assert m.terrain(0, 0) is Terrain.DOOR and c.terrain(0, 0) is Terrain.OPEN_DOOR
    assert m.to_ascii() == "+." and c.to_ascii() == "/."


def test_constructor_checks_sizes() -> None:
    with pytest.raises(ValueError):
        BattleMap(0, 3)
    with pytest.raises(ValueError):
        BattleMap(2, 2, [0, 0, 0])
    m = BattleMap(2, 1, [int(Terrain.WALL), int(Terrain.FOG | Terrain.DIM)])
    assert m.to_ascii()[0] == "#" and m.to_ascii()[1] == "?"
