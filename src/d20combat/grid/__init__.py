"""The grid layer: pure geometry on a map of 5-ft squares (no game state).

* :mod:`.terrain` -- terrain flags and the map legend;
* :mod:`.squares` -- positions, spaces, 5-10-5 distance, square names (``a1``);
* :mod:`.battlemap` -- :class:`BattleMap` (terrain, parsing, doors, caches);
* :mod:`.reach` -- reach and threat templates;
* :mod:`.lines` -- corner-to-corner lines, line of effect, bursts;
* :mod:`.cover` / :mod:`.concealment` -- cover, concealment, line of sight;
* :mod:`.flanking` -- the flanking line test;
* :mod:`.movement` -- movement costs and paths, squeezing, charge lanes;
* :mod:`.occupancy` -- which creatures are in each square.

See docs/grid.md for the rules read and the judgment calls.
"""

from d20combat.grid.battlemap import BattleMap
from d20combat.grid.concealment import Concealment, concealment, line_of_sight
from d20combat.grid.cover import Cover, CoverKind, cover
from d20combat.grid.flanking import flanks
from d20combat.grid.lines import burst_squares, line_of_effect, point_line_of_effect
from d20combat.grid.movement import (
    Reachable,
    charge_lane,
    clear_charge_path,
    distance_field,
    fit,
    movement_costs,
    path_between,
    path_cost,
)
from d20combat.grid.occupancy import Occupancy
from d20combat.grid.reach import (
    attack_positions,
    reach_range,
    threat_template,
    threatened_squares,
    threatens,
)
from d20combat.grid.squares import (
    Square,
    adjacent,
    by_distance,
    closest,
    distance,
    footprint,
    footprint_distance,
    offsets_within,
    overlaps,
    parse_square,
    square_name,
    squares_within,
)
from d20combat.grid.terrain import DEFAULT_LEGEND, Terrain, parse_legend

__all__ = [
    "DEFAULT_LEGEND",
    "BattleMap",
    "Concealment",
    "Cover",
    "CoverKind",
    "Occupancy",
    "Reachable",
    "Square",
    "Terrain",
    "adjacent",
    "attack_positions",
    "burst_squares",
    "by_distance",
    "charge_lane",
    "clear_charge_path",
    "closest",
    "concealment",
    "cover",
    "distance",
    "distance_field",
    "fit",
    "flanks",
    "footprint",
    "footprint_distance",
    "line_of_effect",
    "line_of_sight",
    "movement_costs",
    "offsets_within",
    "overlaps",
    "parse_legend",
    "parse_square",
    "path_between",
    "path_cost",
    "point_line_of_effect",
    "reach_range",
    "square_name",
    "squares_within",
    "threat_template",
    "threatened_squares",
    "threatens",
]
