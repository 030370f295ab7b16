"""The encounter's view of the map: the grid layer's geometry applied to combatants.

Where the grid answers questions about squares (reach templates, cover, concealment,
flanking, movement costs), this adds who stands where, what each creature holds and
whether it can act, with caches invalidated whenever someone moves or changes.

Sources as in :mod:`d20combat.grid`; plus seed 003 "Flanking" (only a threatening
ally with reach counts), SRD combat-i "Shooting or Throwing into a Melee" (engaged:
either threatens the other), SRD combat-ii "Moving Through a Square" (allies and
helpless foes can be passed, not ended in; three size categories apart can be
passed), seed 000 / SRD combat-ii "Charge" (the closest space from which to attack,
a clear straight lane, at least 10 ft, line of sight at the start).
"""

from __future__ import annotations

from bisect import insort
from collections.abc import Callable, Container, Hashable, Iterable
from fractions import Fraction
from functools import lru_cache
from heapq import nsmallest
from typing import TYPE_CHECKING, Any, NamedTuple, TypeVar
from weakref import proxy

from d20combat.content.equipment import ArmorCategory, WeaponFlag, armor
from d20combat.content.sizes import (
    Size,
    can_move_through,
    fits_in_square,
)
from d20combat.encounter.actions import Pos
from d20combat.encounter.combatant import Combatant, Condition
from d20combat.encounter.water import (
    FREEDOM,
    free,
    land_cover,
    moves_freely,
    walks_bottom,
    water_ft,
)
from d20combat.errors import IllegalActionError
from d20combat.grid.battlemap import BattleMap
from d20combat.grid.concealment import concealment as grid_concealment
from d20combat.grid.concealment import line_of_sight
from d20combat.grid.cover import burst_cover, rated
from d20combat.grid.cover import cover as grid_cover
from d20combat.grid.flanking import flanks
from d20combat.grid.light import lit
from d20combat.grid.movement import (
    FIT_SQUEEZED,
    Reachable,
    clear_charge_path,
    fit,
    movement_costs,
    step_table,
    stooped,
    stooping,
)
from d20combat.grid.movement import path_cost as grid_path_cost
from d20combat.grid.occupancy import Occupancy
from d20combat.grid.reach import attack_offsets, threat_template
from d20combat.grid.squares import distance, footprint, footprint_distance, square_name
from d20combat.grid.terrain import (
    DARK,
    DEEP_WATER,
    DIFFICULT,
    DOOR,
    FOG,
    HAMPERS,
    LOW_CEILING,
    LOW_OBSTACLE,
    OPEN_DOOR,
    RAISED,
)
from d20combat.rules.conditions import restrictions
from d20combat.rules.flight import distance_3d, vertical_gap
from d20combat.rules.statistics import AttackOption
from d20combat.rules.underwater import range_divisor, unusable

if TYPE_CHECKING:
    from d20combat.encounter.state import Encounter

_T = TypeVar("_T")
HEAVY_SIZE = Size.HUGE  # "very large" helpless creatures hamper movement (A196)
_DIRS = ((0, -1), (1, -1), (1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1))
_SIGHT_LIMIT = 100_000  # bounded per-map cache of concealment and line of sight


class _Reach(NamedTuple):
    """One attack option's reach from a space: the template, its farthest square in
    feet, and per target size the offsets ``attacker - target`` it attacks from (as a
    set, and in row order)."""

    template: frozenset[Pos]
    far_ft: int
    offsets: dict[int, frozenset[Pos]]
    ordered: dict[int, tuple[Pos, ...]]  # the same offsets in row order


class _ThreatMap(NamedTuple):
    """The squares a side's enemies threaten: square -> those enemies (in id order),
    what each contributed, and which have changed since."""

    squares: dict[Pos, list[Combatant]]
    contributed: dict[str, frozenset[Pos]]
    dirty: set[str]


_NOWHERE: frozenset[Pos] = frozenset()


class _Tally(NamedTuple):
    """Squares creatures hold under one rule (:meth:`Space._share`): square -> how many
    creatures there count as the first kind, as the second; each creature's share;
    and which creatures have changed since."""

    first: dict[Pos, int]
    second: dict[Pos, int]
    shares: dict[str, tuple[int, tuple[Pos, ...]]]
    dirty: set[str]


_NO_SHARE: tuple[int, tuple[Pos, ...]] = (0, ())
_STANDING: tuple[()] = ()  # the rule of creatures in the way of charges and shots


_FREE_MOVE = restrictions(frozenset())


def _by_id(c: Combatant) -> str:
    return c.id


@lru_cache(maxsize=64)
def adjacent_offsets(n: int, m: int) -> frozenset[Pos]:
    """The offsets ``mover - target`` at which a space of ``n`` squares touches one of
    ``m`` (sides or corners), without overlapping it."""
    out = set()
    for dx in range(-n, m + 1):
        for dy in range(-n, m + 1):
            if not (-n < dx < m and -n < dy < m):
                out.add((dx, dy))
    return frozenset(out)


# per attack option (by id, the option kept in the entry), space size and natural reach
_REACHES: dict[tuple[int, int, int], tuple[AttackOption, _Reach]] = {}
_REACHES_LIMIT = 4096
# threatened squares: per list of melee options (by id, the list kept in the entry) the
# offsets, and per offsets and position the squares
_SHAPES: dict[tuple[int, int, int, bool], tuple[list[AttackOption], frozenset[Pos]]] = {}
_PLACED: dict[tuple[frozenset[Pos], Pos], frozenset[Pos]] = {}
_FARTHEST: dict[tuple[int, int, int], tuple[list[AttackOption], int]] = {}  # melee_reach_ft
_PLACED_LIMIT = 1 << 16


class Space:
    """Positions, threatened squares and movement for one encounter.

    :meth:`invalidate` is called whenever a creature moves or changes in a way the
    geometry depends on (position, hit-point state, conditions, what it holds); code
    that changes a combatant directly must call it too. It bumps :attr:`version`,
    which keys the cached answers, and marks the creature changed in the structures
    kept up to date creature by creature (the squares each side's enemies threaten,
    the squares creatures hold, each side's active foes). Answers that depend only on
    the terrain and on immutable inputs (concealment, line of sight, cover among
    walls, attack squares, charge lanes, move searches, withdrawals) are cached on
    the map, and reach templates per weapon, so later fights reuse them.
    """

    def __init__(self, enc: Encounter) -> None:
        # The encounter owns its space; a weak reference back lets a finished fight be
        # freed at once rather than by the cyclic garbage collector.
        self.enc: Encounter = proxy(enc)
        self.occ: Occupancy[str] = Occupancy()
        self.paralyzed: set[str] = set()  # SRD conditions "Paralyzed" (:meth:`heavy`)
        self.version = 0
        # per creature: (version, state key, threatened squares)
        self._threat: dict[str, tuple[int, tuple[object, ...], frozenset[Pos]]] = {}
        self._cover: dict[tuple[object, ...], int] = {}
        self._reach: dict[tuple[object, ...], Reachable] = {}
        self._now: dict[Hashable, Any] = {}  # answers for this version only
        self._present: dict[str, int] = {}  # per side, how many have not fled
        self._maps: dict[str, _ThreatMap] = {}  # per side: the squares its enemies threaten
        self._tallies: dict[tuple[()] | tuple[str, Size], _Tally] = {}  # see _share
        # per side: its active enemies, and who has changed since
        # side -> (its active enemies, ids changed since, the enemies' ids)
        self._rosters: dict[str, tuple[list[Combatant], set[str], set[str]]] = {}
        self._by_id: list[Combatant] = []
        self._max_reach = 5
        # seed 001: carrier id -> the creatures clinging to it (they move with it)
        self.riders: dict[str, set[str]] = {}
        self.grapplers: set[str] = set()  # who is grappling (grapple.link, unlink)
        # SRD "Swallow Whole": the creatures inside another (off the map)
        self.swallowed: set[str] = set()
        # flight (encounter.flight): the creatures above the ground (none: no cost)
        self.aloft: set[str] = set()
        # the map lit by the carried light sources, and what it was made from
        self._lit: tuple[tuple[object, ...], BattleMap] | None = None
        self.rebuild()

    # ------------------------------------------------------------ bookkeeping
    def rebuild(self) -> None:
        self.occ = Occupancy()
        for c in self.enc.combatants.values():
            if c.mount is not None and c.mount in self.enc.combatants:
                c.squares = self.enc.combatants[c.mount].squares  # (its mount's space)
            else:  # its own (a loaded rider thrown since the start shared its mount's)
                c.squares = c.stat.size.squares
            if c.present():
                self.occ.add(c.id, c.pos, c.squares)
        self._max_reach = max([20] + [2 * c.stats.reach_ft for c in self.enc.combatants.values()])
        self._by_id = sorted(self.enc.combatants.values(), key=lambda c: c.id)
        self.riders = {}
        self.swallowed = set()
        for c in self._by_id:
            if c.mount is not None:  # seed 000 "Mounted Combat": it shares the mount's space
                self.riders.setdefault(c.mount, set()).add(c.id)
            if c.clinging is not None:
                self.riders.setdefault(c.clinging, set()).add(c.id)
            if c.inside is not None:
                self.swallowed.add(c.id)
            if c.grappling and "part-hold" in c.conditions:  # SRD Improved Grab: carried
                self.riders.setdefault(c.id, set()).update(c.grappling)
        self.grapplers = {c.id for c in self._by_id if c.grappling}
        self.aloft = {c.id for c in self._by_id if c.altitude}
        # seed 000 "Mixing It Up": creatures may share squares only two sizes apart or
        # more, or among Tiny and smaller ones; otherwise no crowding check is needed
        sizes = [c.stat.size for c in self._by_id] or [Size.MEDIUM]
        self.mixed = max(sizes) - min(sizes) >= 2 or min(sizes) <= Size.TINY
        # SRD combat-ii "Helpless Opponent": the very large (A196), whose helpless bodies
        # still hamper a mover; none, and movement pays nothing for the rule
        self.huge = [c.id for c in self._by_id if c.stat.size >= HEAVY_SIZE]
        # SRD conditions "Paralyzed": any size; kept up by invalidate(c)
        self.paralyzed = {c.id for c in self._by_id if "paralyzed" in c.condition_set()}
        self.invalidate()

    def invalidate(self, c: Combatant | None = None) -> None:
        """Forget cached geometry after ``c`` (or anything) changed."""
        self.version += 1
        if c is None:
            self._present.clear()
            self._threat.clear()
            self._maps.clear()
            self._tallies.clear()
            self._rosters.clear()
        else:
            if (c.conditions or c.id in self.paralyzed) and (
                ("paralyzed" in c.condition_set()) != (c.id in self.paralyzed)
            ):
                self.paralyzed ^= {c.id}
            self._threat.pop(c.id, None)
            for side, tm in self._maps.items():
                if side != c.side:  # only c's own threat changed: update it there
                    tm.dirty.add(c.id)
            for t in self._tallies.values():
                t.dirty.add(c.id)
            for _, changed, _ in self._rosters.values():
                changed.add(c.id)
        self._cover.clear()
        self._reach.clear()
        self._now.clear()

    def cached(self, key: Hashable, make: Callable[[], _T]) -> _T:
        """``make()``, remembered under ``key`` until the next :meth:`invalidate`."""
        if key in self._now:
            hit: _T = self._now[key]
            return hit
        value = self._now[key] = make()
        return value

    def place(self, c: Combatant, pos: Pos) -> None:
        """Move ``c`` to ``pos``. A big creature in a space narrower than its own is
        squeezing (SRD combat-ii "Squeezing": -4 on attacks and to AC) until it leaves.
        The creatures clinging to it (seed 001) move with it."""
        riders = self.riders.get(c.id)
        if riders:
            dx, dy = pos[0] - c.pos[0], pos[1] - c.pos[1]
            for rid in sorted(riders):
                r = self.enc.combatants[rid]
                self.place(r, (r.pos[0] + dx, r.pos[1] + dy))
        c.pos = pos
        self.occ.move(c.id, pos)
        stoop = self.stoop(c)
        if c.squares > 1 or stoop:
            m = self.enc.map
            n = c.squares
            swim = self.swims(c)
            squeezed = n > 1 and fit(m, pos, n, swim=swim, stoop=stoop) == FIT_SQUEEZED
            low = stooped(m, pos, n, stoop=stoop)
            for name, now in (("squeezing", squeezed), ("stooping", low)):
                if now and name not in c.conditions:
                    c.conditions[name] = Condition(c.id, 0)
                elif not now and name in c.conditions:
                    del c.conditions[name]
        self.invalidate(c)

    def stoop(self, c: Combatant) -> int:
        """How ``c`` passes the map's low ceilings (``grid.movement.stooping``: 0 freely
        or none on the map, 1 stooping, 2 only prone, 3 not at all); costs nothing for
        creatures of Medium height or less. Prone, a creature under a ceiling as low as a
        quarter of its height crawls there freely, with the prone penalties only (seed
        000 "Squeezing Through": "prone and crawling")."""
        s = stooping(self.enc.map, c.stat.size.height_ft)
        return 0 if s == 2 and "prone" in c.conditions else s

    def crawls_under(self, c: Combatant) -> bool:
        """Whether ``c`` is under a ceiling as low as a quarter of its height, where it
        can only be prone (it cannot stand up there)."""
        m = self.enc.map
        if stooping(m, c.stat.size.height_ft) != 2:
            return False
        return any(m.terrain(*sq) & LOW_CEILING for sq in footprint(c.pos, c.squares))

    def remove(self, c: Combatant) -> None:
        if self.occ.placed(c.id):
            self.occ.remove(c.id)
        self.invalidate()

    # ------------------------------------------------------------ reach and threat
    def _reach_of(self, c: Combatant, option: AttackOption) -> _Reach:
        key = (id(option), c.squares, c.stats.reach_ft)
        hit = _REACHES.get(key)
        if hit is not None and hit[0] is option:
            return hit[1]
        # a creature can attack into its own space unless armed with a reach weapon
        # (SRD combat-ii "Tiny, Diminutive, and Fine Creatures"; seed 000), so it
        # threatens it (seed 003: the squares it can attack into)
        if option.natural:
            tpl = threat_template(c.squares, option.reach_ft, own_space=True)
        else:
            reach_weapon = option.weapon is not None and option.weapon.has(WeaponFlag.REACH)
            tpl = threat_template(c.squares, c.stats.reach_ft, reach_weapon, own_space=True)
        far = max((footprint_distance((0, 0), c.squares, p, 1) for p in tpl), default=0)
        reach = _Reach(tpl, far, {}, {})
        if len(_REACHES) >= _REACHES_LIMIT:
            _REACHES.clear()
        _REACHES[key] = (option, reach)
        return reach

    def template(self, c: Combatant, option: AttackOption) -> frozenset[Pos]:
        """The squares (as offsets) ``option`` can strike from ``c``'s position."""
        return self._reach_of(c, option).template

    def attack_offsets(self, c: Combatant, option: AttackOption, squares: int) -> frozenset[Pos]:
        """Offsets ``c.pos - target.pos`` from which ``option`` reaches a target whose
        space is ``squares`` wide (:func:`d20combat.grid.reach.attack_offsets`)."""
        r = self._reach_of(c, option)
        offs = r.offsets.get(squares)
        if offs is None:
            offs = r.offsets[squares] = attack_offsets(r.template, squares)
        return offs

    def attack_offsets_ordered(
        self, c: Combatant, option: AttackOption, squares: int
    ) -> tuple[Pos, ...]:
        """:meth:`attack_offsets` in row order (as :func:`attack_positions` lists them)."""
        r = self._reach_of(c, option)
        offs = r.ordered.get(squares)
        if offs is None:
            offs = r.ordered[squares] = tuple(
                sorted(self.attack_offsets(c, option, squares), key=lambda s: (s[1], s[0]))
            )
        return offs

    def reach_ft(self, c: Combatant, option: AttackOption) -> int:
        """The farthest (5-10-5, from its space) ``option`` strikes: its range if ranged."""
        return option.max_range if option.ranged else self._reach_of(c, option).far_ft

    @property
    def max_reach_ft(self) -> int:
        """How far past its move the AI looks for foes to attack (twice the longest
        natural reach, at least 20 ft)."""
        return self._max_reach

    def melee_reach_ft(self, c: Combatant) -> int:
        """The farthest (5-10-5, from its space) any ready melee option of ``c`` strikes."""
        melee = c.melee_options()
        key = (id(melee), c.squares, c.stats.reach_ft)
        hit = _FARTHEST.get(key)
        if hit is None or hit[0] is not melee:
            if len(_FARTHEST) >= _REACHES_LIMIT:
                _FARTHEST.clear()
            far = max((self._reach_of(c, o).far_ft for o in melee), default=0)
            hit = _FARTHEST[key] = (melee, far)
        return hit[1]

    def can_threaten(self, c: Combatant) -> bool:
        if not self.enc.active(c) or not c.restrictions().threatens:
            return False
        return self.is_armed(c)

    def is_armed(self, c: Combatant) -> bool:
        """Armed for threatening: a weapon, a natural weapon, or Improved Unarmed Strike
        (seed 002 "Attacks of Opportunity"; seed 004 "Armed Unarmed Attacks")."""
        for o in c.melee_options():
            if o.natural or o.name != "unarmed strike":
                return True
        return c.traits.improved_unarmed

    def threatened(self, c: Combatant) -> frozenset[Pos]:
        """Absolute squares ``c`` threatens now (empty if it cannot threaten)."""
        hit = self._threat.get(c.id)
        if hit is not None and hit[0] == self.version:
            return hit[2]
        v = c.vitals
        key = (c.pos, c.wielding, len(c.conditions), v.hp, v.nonlethal)
        if hit is not None and hit[1] == key:
            self._threat[c.id] = (self.version, key, hit[2])
            return hit[2]
        result = _NOWHERE
        if self.can_threaten(c):
            shape = self._threat_shape(c)
            result = _PLACED.get((shape, c.pos), _NOWHERE)
            if not result:
                x0, y0 = c.pos
                result = frozenset([(x0 + dx, y0 + dy) for dx, dy in shape])
                if len(_PLACED) >= _PLACED_LIMIT:
                    _PLACED.clear()
                _PLACED[shape, c.pos] = result
        self._threat[c.id] = (self.version, key, result)
        return result

    def _threat_shape(self, c: Combatant) -> frozenset[Pos]:
        """The squares (as offsets) ``c`` threatens with its ready melee options."""
        melee = c.melee_options()
        key = (id(melee), c.squares, c.stats.reach_ft, c.traits.improved_unarmed)
        hit = _SHAPES.get(key)
        if hit is not None and hit[0] is melee:
            return hit[1]
        out: set[Pos] = set()
        for o in melee:
            if o.name == "unarmed strike" and not c.traits.improved_unarmed:
                continue
            out.update(self.template(c, o))
        shape = frozenset(out)
        if len(_SHAPES) >= _REACHES_LIMIT:
            _SHAPES.clear()
        _SHAPES[key] = (melee, shape)
        return shape

    def _footprint_at(self, c: Combatant, pos: Pos | None = None) -> tuple[Pos, ...]:
        return footprint(pos or c.pos, c.squares)

    def threatens(self, c: Combatant, target: Combatant, at: Pos | None = None) -> bool:
        squares = self.threatened(c)
        if self.aloft and (c.altitude or target.altitude) and not self.over(c, target, at):
            return False
        if target.squares == 1:
            return (at or target.pos) in squares
        return any(s in squares for s in self._footprint_at(target, at))

    def over(self, c: Combatant, target: Combatant, at: Pos | None = None) -> bool:
        """Whether ``c``'s melee reaches up or down to ``target`` (at ``at``): the
        distance counting the height between them (A145) within its farthest reach.
        Only asked when one of them is aloft."""
        return self.distance_ft(c, target, at) <= self.melee_reach_ft(c)

    def _heights(
        self, target: Combatant, found: list[Combatant], at: Pos | None
    ) -> list[Combatant]:
        """``found`` (threatening ``target`` on the map) less those whose reach does not
        span the height between them (A145); as found when no one is aloft."""
        if not self.aloft or not found:
            return found
        return [o for o in found if not (o.altitude or target.altitude) or self.over(o, target, at)]

    def _threat_map(self, side: str) -> dict[Pos, list[Combatant]]:
        """Square -> the enemies of ``side`` threatening it, in id order (kept up to
        date creature by creature: a change to one creature touches only its squares)."""
        tm = self._maps.get(side)
        if tm is None:
            tm = self._maps[side] = _ThreatMap({}, {}, set())
            squares = tm.squares
            for o in self._by_id:
                if o.side != side and not o.fled:
                    mine = tm.contributed[o.id] = self.threatened(o)
                    for s in mine:
                        at = squares.get(s)
                        if at is None:
                            squares[s] = [o]
                        else:
                            at.append(o)
        elif tm.dirty:
            squares = tm.squares
            for cid in tm.dirty:
                o = self.enc.combatants[cid]
                old = tm.contributed.get(cid, _NOWHERE)
                new = _NOWHERE if o.fled else self.threatened(o)
                if old == new:
                    continue
                for s in old - new:
                    at = squares[s]
                    for i, x in enumerate(at):
                        if x is o:
                            del at[i]
                            break
                    if not at:
                        del squares[s]
                for s in new - old:
                    at = squares.get(s)
                    if at is None:
                        squares[s] = [o]
                    else:
                        insort(at, o, key=_by_id)
                tm.contributed[cid] = new
            tm.dirty.clear()
        return tm.squares

    def threatening(self, target: Combatant, at: Pos | None = None) -> list[Combatant]:
        """Active enemies threatening ``target``'s space (at ``at``), in id order."""
        pos = at or target.pos
        tmap = self._threat_map(target.side)
        if target.squares == 1:
            here = tmap.get(pos)
            return self._heights(target, list(here), at) if here else []
        found: dict[str, Combatant] = {}
        for s in footprint(pos, target.squares):
            here = tmap.get(s)
            if here:
                for o in here:
                    found[o.id] = o
        return self._heights(target, [found[k] for k in sorted(found)], at)

    def threatened_at(self, c: Combatant, pos: Pos) -> bool:
        """Whether some active enemy threatens ``c``'s space placed at ``pos``."""
        tmap = self._threat_map(c.side)
        if self.aloft:
            return bool(self.threatening(c, pos))
        if c.squares == 1:
            return pos in tmap
        return any(s in tmap for s in footprint(pos, c.squares))

    def threat_count_at(self, c: Combatant, pos: Pos) -> int:
        if c.squares == 1 and not self.aloft:
            here = self._threat_map(c.side).get(pos)
            return len(here) if here else 0
        return len(self.threatening(c, pos))

    def reaches(self, c: Combatant, option: AttackOption, target: Combatant) -> bool:
        if option.ranged:
            return self.distance_ft(c, target) <= option.max_range
        (x0, y0), (x, y) = c.pos, target.pos
        if (x0 - x, y0 - y) not in self.attack_offsets(c, option, target.squares):
            return False
        if self.aloft and (c.altitude or target.altitude):  # A145: up or down to it
            return self.distance_ft(c, target) <= self._reach_of(c, option).far_ft
        return True

    def distance_ft(self, a: Combatant, b: Combatant, at: Pos | None = None) -> int:
        """Feet between the nearest squares of two creatures' spaces (5-10-5; ``b`` at
        ``at``); with one aloft, the height between them counts as a third leg (A145)."""
        (ax, ay), n = a.pos, a.squares
        (bx, by), m = at or b.pos, b.squares
        gx = bx - ax - n + 1 if bx >= ax + n else (ax - bx - m + 1 if ax >= bx + m else 0)
        gy = by - ay - n + 1 if by >= ay + n else (ay - by - m + 1 if ay >= by + m else 0)
        flat = 5 * (gy + (gx >> 1)) if gx < gy else 5 * (gx + (gy >> 1))
        if a.altitude or b.altitude:
            return distance_3d(flat, vertical_gap(a.altitude, 5 * n, b.altitude, 5 * m))
        return flat

    # ------------------------------------------------------------ cover, concealment
    def _occupied_for_cover(self) -> frozenset[Pos]:
        """Squares of creatures that give soft cover: present and not down (the
        attacker's and the target's own squares are ignored by the grid)."""
        hit: frozenset[Pos] | None = self._now.get("cover-occupied")
        if hit is None:
            t = self._tally(_STANDING)
            hit = self._now["cover-occupied"] = frozenset(t.first).union(t.second)
        return hit

    def burst_cover_reflex(self, point: Pos, t: Combatant) -> int:
        """The Reflex bonus ``t``'s cover gives it against an area bursting at grid
        intersection ``point`` (seed 003 / seed 004 "Cover": only against attacks that
        originate or burst out on the other side of the cover; the ruleset's degree:
        :func:`~d20combat.grid.cover.burst_cover`, A200)."""
        found = burst_cover(self.enc.map, point, t.pos, t.squares)
        return rated(found, self.enc.rules.cover_bonuses)[1]

    def cover_bonus(self, a: Combatant, t: Combatant, *, melee: bool) -> int:
        """The target's cover AC bonus against ``a`` (-1 for total cover)."""
        key: tuple[object, ...] = (a.pos, a.squares, t.pos, t.squares, melee)
        if a.conditions and self.enc.map.has_water and free(a):
            key = (*key, FREEDOM)  # seed 000 "Attacks from Land": not the others' cover
        hit = self._cover.get(key)
        if hit is None:
            (ax, ay), (tx, ty) = a.pos, t.pos
            # melee between neighbouring squares (walls only), or nobody else about:
            # the terrain alone decides (cached on the map)
            alone = (
                melee and a.squares == t.squares == 1 and abs(ax - tx) <= 1 and abs(ay - ty) <= 1
            )
            occupied = _NOWHERE if alone else self._occupied_for_cover()
            if not alone:
                fa, ft = self._footprint_at(a), self._footprint_at(t)
                alone = len(occupied) <= len(fa) + len(ft) and all(
                    s in fa or s in ft for s in occupied
                )
            terrain: dict[tuple[object, ...], int] | None = None
            if alone:
                terrain = self._sight()
                hit = terrain.get(("cover", self.enc.rules.name, *key))
            if hit is None:
                result = grid_cover(
                    self.enc.map,
                    a.pos,
                    a.squares,
                    t.pos,
                    t.squares,
                    melee=melee,
                    occupied=occupied,
                )
                # the ruleset's degree of each kind of cover (D95)
                hit = -1 if result.total else rated(result, self.enc.rules.cover_bonuses)[0]
                if terrain is not None:
                    terrain["cover", self.enc.rules.name, *key] = hit
            if hit >= 0 and self.enc.map.has_water:
                wet = land_cover(self.enc.map, a, t, melee=melee)  # seed 000 "Attacks from Land"
                hit = -1 if wet < 0 else max(hit, wet)
            self._cover[key] = hit
        return hit

    def sight_map(self) -> BattleMap:
        """The map as the creatures see it: the encounter's, with the light of the
        sources creatures carry (SRD equipment.html: torch, lantern, sunrod ...;
        :func:`d20combat.grid.light.lit`). The same map when nobody carries one."""
        enc = self.enc
        m = enc.map
        if not enc.lights:
            return m
        sources = tuple(
            (c.pos, c.squares, light)
            for cid, light in enc.lights.items()
            if (c := enc.combatants[cid]).present()
        )
        key = (id(m), m.version, sources)
        if self._lit is None or self._lit[0] != key:
            self._lit = (key, lit(m, sources))
        return self._lit[1]

    def _sight(self) -> dict[tuple[object, ...], int]:
        cache: dict[tuple[object, ...], int] = self.sight_map().cache("space-sight")
        if len(cache) > _SIGHT_LIMIT:
            cache.clear()
        return cache

    def concealment(self, a: Combatant, t: Combatant, *, melee: bool) -> int:
        adjacent = melee and self.distance_ft(a, t) <= 5
        tr = a.traits
        key = (a.pos, a.squares, t.pos, t.squares, adjacent, tr.darkvision, tr.low_light)
        cache = self._sight()
        hit = cache.get(key)
        if hit is None:
            hit = cache[key] = grid_concealment(
                self.sight_map(),
                a.pos,
                a.squares,
                t.pos,
                t.squares,
                adjacent_melee=adjacent,
                darkvision=tr.darkvision,
                low_light=tr.low_light,
            ).miss_chance
        return hit

    def sees(self, a: Combatant, t: Combatant) -> bool:
        key = ("sees", a.pos, a.squares, t.pos, t.squares, a.traits.darkvision)
        cache = self._sight()
        hit = cache.get(key)
        if hit is None:
            hit = cache[key] = line_of_sight(
                self.sight_map(),
                a.pos,
                a.squares,
                t.pos,
                t.squares,
                darkvision=a.traits.darkvision,
            )
        return bool(hit)

    # ------------------------------------------------------------ flanking
    def flank_partners(self, side: str, target: Combatant) -> list[Combatant]:
        """Members of ``side`` that could flank ``target`` with an ally: threatening it,
        and with reach (seed 003: creatures with 0 reach can't flank)."""
        key = ("partners", side, target.id)
        hit: list[Combatant] | None = self._now.get(key)
        if hit is None:
            hit = []
            if self.present(side) >= 2:  # else nobody to flank with
                for ally in self.threatening(target):
                    if ally.side == side and (self.has_reach(ally) or self.inside(ally, target)):
                        hit.append(ally)
            self._now[key] = hit
        return hit

    def active_enemies(self, c: Combatant) -> list[Combatant]:
        """The enemies of ``c`` still in the fight, in combatant order (do not change the
        list). Kept from one change to the next unless some enemy joins or leaves it."""
        return self._roster(c)[0]

    def _roster(self, c: Combatant) -> tuple[list[Combatant], set[str], set[str]]:
        enc = self.enc
        roster = self._rosters.get(c.side)
        if roster is not None and roster[1]:
            foes, dirty, listed = roster
            for cid in dirty:
                o = enc.combatants[cid]
                if o.side == c.side or enc.active(o) == (cid in listed):
                    continue
                if cid in listed:  # it fell or fled
                    del foes[next(i for i, f in enumerate(foes) if f is o)]
                    listed.discard(cid)
                else:
                    roster = None  # somebody came to: list them again
                    break
            dirty.clear()
        if roster is None:
            foes = [e for e in enc.enemies(c) if enc.active(e)]
            roster = self._rosters[c.side] = (foes, set(), {e.id for e in foes})
        return roster

    def enemies_near(self, c: Combatant, feet: int) -> list[Combatant]:
        """The active enemies of ``c`` within ``feet`` (footprint distance), in id order,
        found through the occupancy index, so the cost follows the area, not the crowd
        (the index's order follows the moves made: a resumed fight must see the same
        order)."""
        foes, _, ids = self._roster(c)
        if not foes:
            return []
        by_id = self.enc.combatants
        return [by_id[i] for i in sorted(self.occ.within(c.pos, c.squares, feet)) if i in ids]

    def nearest_enemy(self, c: Combatant) -> Combatant | None:
        """The nearest active enemy (then the lowest id), searching outwards."""
        foes = self._roster(c)[0]
        if not foes:
            return None
        near: list[Combatant] = []
        for feet in (30, 90) if len(foes) > 24 else ():  # a crowd: search outwards
            near = self.enemies_near(c, feet)
            if near:
                break
        return min(near or foes, key=lambda e: (self.distance_ft(c, e), e.id))

    def present(self, side: str) -> int:
        """How many members of ``side`` are on the battlefield (until one flees)."""
        counts = self._present
        if not counts:
            for o in self._by_id:
                counts[o.side] = counts.get(o.side, 0) + (not o.fled)
        return counts.get(side, 0)

    def has_reach(self, c: Combatant) -> bool:
        """Reach beyond its own square: natural reach or a reach weapon (seed 003:
        creatures with a reach of 0 feet can't flank)."""
        return c.stats.reach_ft > 0 or any(
            o.weapon is not None and o.weapon.has(WeaponFlag.REACH) for o in c.melee_options()
        )

    def inside(self, c: Combatant, target: Combatant) -> bool:
        """Whether ``c`` stands in part of ``target``'s space (very small creatures)."""
        (x, y), n = c.pos, c.squares
        (tx, ty), tn = target.pos, target.squares
        return x < tx + tn and tx < x + n and y < ty + tn and ty < y + n

    def larger_foe_around(self, c: Combatant) -> Combatant | None:
        """A larger opponent, standing and able to act, in whose space ``c`` stands:
        it can attack into its own space, so ``c`` cannot withdraw (seed 000 "Mixing
        It Up"). Costs the squares of ``c``'s own space."""
        combatants = self.enc.combatants
        for cid in self.occ.occupants(self._footprint_at(c)):
            o = combatants[cid]
            if o.side != c.side and o.stat.size > c.stat.size and self._share(o, ())[0] == 1:
                return o
        return None

    def _flankers(self, attacker: Combatant, target: Combatant, at: Pos) -> bool:
        n = attacker.squares
        tpos, tn = target.pos, target.squares
        for ally in self.flank_partners(attacker.side, target):
            if ally is attacker:
                continue
            # seed 000 "Mixing It Up": a creature in part of the opponent's space
            # provides flanking to all allies outside it
            if self.inside(ally, target) or flanks(at, n, ally.pos, ally.squares, tpos, tn):
                return True
        return False

    def higher_ground(self, attacker: Combatant, target: Combatant) -> bool:
        """Whether ``attacker`` stands on higher ground than ``target`` (seed 002 Table:
        Attack Roll Modifiers, "Attacker on higher ground": +1 melee): every square of
        its space raised ground (the map's ``raised`` terrain), none of the target's
        (A203). False at no cost on a map without raised ground."""
        m = self.enc.map
        if not m.has(RAISED):
            return False
        raised = m.cells
        w = m.width
        return all(raised[y * w + x] & RAISED for x, y in self._footprint_at(attacker)) and not any(
            raised[y * w + x] & RAISED for x, y in self._footprint_at(target)
        )

    def flanked_by(self, attacker: Combatant, target: Combatant) -> bool:
        """Seed 003 "Flanking": a threatening ally across the defender; seed 000 "Mixing
        It Up": allies in the defender's space flank with each other and with allies
        outside it; a creature with 0 reach cannot flank from outside."""
        if self.inside(attacker, target):
            return any(a is not attacker for a in self.flank_partners(attacker.side, target))
        if not self.has_reach(attacker):
            return False
        return self._flankers(attacker, target, attacker.pos)

    def engaged_with_ally(self, target: Combatant, shooter: Combatant) -> bool:
        """Whether shooting at ``target`` is shooting into a melee with an active ally of
        ``shooter``: SRD combat-i, either threatens the other (``melee_engagement:
        threaten``); seed 004, they are adjacent (``adjacent``). An unconscious or
        immobilized ally is not engaged. Not so when the target, or for a big target
        the part aimed at, is at least 10 ft from the nearest such ally (SRD combat-i
        "Shooting or Throwing into a Melee"; seed 004 "big targets")."""
        adjacent = self.enc.rules.melee_engagement == "adjacent"
        engaged = False
        near: list[Combatant] = []  # active allies within 5 ft of the target's space
        for cid in self.occ.near(target.pos, target.squares, self._max_reach):
            ally = self.enc.combatants[cid]
            if ally.side != shooter.side or ally is shooter or not self.enc.active(ally):
                continue
            close = self.distance_ft(ally, target) <= 5
            if close:
                near.append(ally)
            if adjacent:
                engaged = engaged or close
            elif not engaged:
                engaged = self.threatens(ally, target) or self.threatens(target, ally)
        if not engaged or not near:
            return False
        # engaged with an ally within 5 ft: unless some square of the target is 10 ft
        # or more from every one of them
        return all(
            any(footprint_distance(sq, 1, a.pos, a.squares) <= 5 for a in near)
            for sq in footprint(target.pos, target.squares)
        )

    # ------------------------------------------------------------ attack checks
    def attack_problem(self, c: Combatant, option: AttackOption, target: Combatant) -> str | None:
        """Why ``c`` cannot attack ``target`` with ``option`` from here (None: it can)."""
        if option.back is None and target.clinging == c.id:  # seed 001 "Climbing ..."
            return f"its {option.name} cannot reach a creature on its back"
        if c.mount is not None:  # a hand on the reins (seed 000 "Combat while Mounted")
            from d20combat.encounter.mounted import hand_problem

            why = hand_problem(self.enc, c, option)
            if why:
                return why
            if option.ranged and c.trail:  # shot from where its mount was at half its move
                from d20combat.encounter.mounted import shooting_from_halfway

                with shooting_from_halfway(self.enc, c):
                    return self._attack_problem(c, option, target)
        return self._attack_problem(c, option, target)

    def _attack_problem(self, c: Combatant, option: AttackOption, target: Combatant) -> str | None:
        if target.unseen_by and c.id in target.unseen_by:  # hidden from it (A217)
            from d20combat.encounter.stealth import unseen

            if unseen(self.enc, c, target):
                return f"{target.id} is hidden from {c.id}: its square is not known (seek it)"
        if option.ranged:
            dist = self.distance_ft(c, target)
            reach = option.max_range
            if self.enc.map.has_water and water_ft(self.enc, c, target):
                reach //= range_divisor(option, self.enc.rules)  # seed 001 "Underwater"
            if dist > reach:
                return f"{target.id} is {dist} ft away, beyond {option.name}'s {reach} ft"
        elif not self.reaches(c, option, target):
            return f"{target.id} is out of reach of {option.name}"
        if self.cover_bonus(c, target, melee=not option.ranged) < 0:
            return f"{target.id} has total cover (no line of effect)"
        if option.ranged and self.enc.map.has_water:
            why = unusable(option, self.enc.rules)
            if why is not None and water_ft(self.enc, c, target) > 0:
                return f"{why} (seed 000 'Ranged Attacks Underwater'; seed 001 'Underwater')"
        return None

    def _rein_hand(self, c: Combatant, option: AttackOption) -> bool:
        """A rider's hand on the reins keeps ``option`` out of use (encounter.mounted)."""
        from d20combat.encounter.mounted import hand_problem

        return hand_problem(self.enc, c, option) is not None

    def aoo_option(
        self, t: Combatant, provoker: Combatant, weapon: str | None = None
    ) -> AttackOption | None:
        """The best ready melee option of ``t`` that reaches ``provoker``'s space."""
        best = None
        for o in t.melee_options():
            if o.name == "unarmed strike" and not t.traits.improved_unarmed:
                continue
            if t.mount is not None and self._rein_hand(t, o):
                continue
            if weapon is not None and o.name.lower() != weapon.lower():
                continue
            if self.reaches(t, o, provoker) and (best is None or o.bonus.value > best.bonus.value):
                best = o
        return best

    def melee_option_for(self, c: Combatant, target: Combatant) -> AttackOption | None:
        for o in c.melee_options():
            if self.reaches(c, o, target):
                return o
        return None

    # ------------------------------------------------------------ movement
    def speed(self, c: Combatant) -> int:
        """Speed now: the land speed, armor already counted, or the fly speed of a
        creature that flies faster (over the map, over difficult terrain and low
        obstacles, not over walls or deep water: the map has no heights, A154; its
        altitude is encounter.flight's); halved by
        conditions, those of its hit points included (SRD conditions: disabled moves at
        half speed)."""
        value = max(c.stats.speed.value, c.stat.speed.fly)
        if c.hovering:  # SRD monster-feats Hover: half speed, any direction
            value //= 2
        r = c.restrictions()
        if r is not _FREE_MOVE:
            if not r.can_move:
                return 0
            if r.speed_bonus:  # SRD haste: +30 ft., at most twice the speed (A186)
                value += min(r.speed_bonus, value)
            if r.speed_factor != 1:
                factor = r.speed_factor
                if c.traits.blind_fight and "blinded" in c.conditions:
                    factor = _blind_fighter_factor(c)
                value = int(value * factor)
        return value - value % 5

    def in_heavy_armor(self, c: Combatant) -> bool:
        return c.stat.armor is not None and armor(c.stat.armor.armor).category is (
            ArmorCategory.HEAVY
        )

    def blocks(self, c: Combatant) -> tuple[frozenset[Pos], frozenset[Pos]]:
        """(squares ``c`` cannot enter, squares it may pass but not end in), cached per
        version for each side and size of mover."""
        key = ("blocks", c.id)
        hit: tuple[frozenset[Pos], frozenset[Pos]] | None = self._now.get(key)
        if hit is None:
            shared_key = ("block-sets", c.side, c.stat.size)
            shared = self._now.get(shared_key)
            if shared is None:
                shared = self._now[shared_key] = self._block_sets(c)
            blocked, no_end = shared
            if self.mixed and len(self.enc.combatants) > 1:
                no_end = no_end | self._crowded(c, self.occ.ids())
            own = self._footprint_at(c)
            if any(s in no_end for s in own):
                no_end = no_end.difference(own)
            hit = self._now[key] = (blocked, no_end)
        return hit

    def _blocks_near(self, c: Combatant, feet: int) -> tuple[set[Pos], set[Pos]]:
        """:meth:`_blocks` within ``feet`` of ``c`` (all a move of ``feet`` can meet),
        gathered through the occupancy index rather than from the whole field."""
        if len(self.enc.combatants) == 1:
            return set(), set()
        t = self._tally((c.side, c.stat.size))
        first, second = t.first, t.second
        own = self._footprint_at(c)
        occ = self.occ
        blocked: set[Pos] = set()
        no_end: set[Pos] = set()
        for cid in occ.within(c.pos, c.squares, feet):
            for s in occ.footprint(cid):
                if s in first:
                    blocked.add(s)
                if s in second and s not in own:
                    no_end.add(s)
        if self.mixed:
            no_end |= self._crowded(c, occ.within(c.pos, c.squares, feet)).difference(own)
        return blocked, no_end

    def _crowded(self, c: Combatant, cids: Iterable[str]) -> set[Pos]:
        """The squares among those of ``cids`` where ``c`` cannot end its move although
        it may enter them (a Tiny or smaller mover, SRD combat-ii; one sharing by size,
        friend or foe, seed 000 "Mixing It Up", D44): it would not fit
        beside the creatures standing there (seed 000 "Mixing It Up": two Tiny stirges
        beside a human, no third; :func:`~d20combat.content.sizes.fits_in_square`; a
        larger squeezing creature's space is kept by ``_share``). The helpless, the
        down, the fled and the swallowed take no room (``_share``)."""
        combatants = self.enc.combatants
        sizes: dict[Pos, list[Size]] = {}
        for cid in cids:
            if cid == c.id:
                continue
            o = combatants[cid]
            if self._share(o, ())[0] != 1:
                continue
            for s in self.occ.footprint(cid):
                sizes.setdefault(s, []).append(o.stat.size)
        mine = c.stat.size
        return {s for s, here in sizes.items() if not fits_in_square([*here, mine])}

    def _block_sets(self, c: Combatant) -> tuple[frozenset[Pos], frozenset[Pos]]:
        """The blocked and no-end squares for movers of ``c``'s side and size."""
        if len(self.enc.combatants) == 1:
            return _NOWHERE, _NOWHERE
        t = self._tally((c.side, c.stat.size))
        return frozenset(t.first), frozenset(t.second)

    def _tally(self, rule: tuple[()] | tuple[str, Size]) -> _Tally:
        """The squares creatures hold under ``rule`` (:meth:`_share`), kept up to date
        creature by creature."""
        combatants = self.enc.combatants
        t = self._tallies.get(rule)
        if t is None:
            t = self._tallies[rule] = _Tally({}, {}, {}, set(combatants))
        if t.dirty:
            for cid in t.dirty:
                old = t.shares.get(cid, _NO_SHARE)
                new = self._share(combatants[cid], rule)
                if old == new:
                    continue
                for (kind, squares), step in ((old, -1), (new, 1)):
                    if kind:
                        counts = t.first if kind == 1 else t.second
                        for s in squares:
                            n = counts.get(s, 0) + step
                            if n:
                                counts[s] = n
                            else:
                                del counts[s]
                t.shares[cid] = new
            t.dirty.clear()
        return t

    def _share(
        self, o: Combatant, rule: tuple[()] | tuple[str, Size]
    ) -> tuple[int, tuple[Pos, ...]]:
        """Where ``o`` counts under ``rule``: ``(kind, its squares)``, kind 0 for nowhere.

        :data:`_STANDING`: 1 a creature standing in the way (it stops a charge), 2 a
        helpless one (it gives soft cover only). ``(side, size)``, for a mover of that
        side and size: 1 it cannot enter the squares, 2 it cannot end its move there
        (SRD combat-ii: it may pass and even end in a helpless creature's square)."""
        if o.fled or o.inside is not None or not o.can_act(self.enc.rules):
            return _NO_SHARE
        helpless = o.restrictions().helpless
        if not rule:
            return (2 if helpless else 1, self._footprint_at(o))
        side, size = rule
        if o.traits.fills_squares:
            # SRD combat-ii "Designated Exceptions": "A creature that completely fills
            # the squares it occupies cannot be moved past", even helpless (A196)
            return (1, self._footprint_at(o))
        if helpless:
            return _NO_SHARE  # SRD combat-ii: pass and end in a helpless one's square
        if size < o.stat.size and "squeezing" in o.conditions:
            # seed 000 "Squeezing Through": no smaller creature also occupies the
            # space of one squeezing through it (it may still pass, as below)
            if o.side != side and size > Size.TINY and not can_move_through(size, o.stat.size):
                return (1, self._footprint_at(o))
            return (2, self._footprint_at(o))
        if size <= Size.TINY:
            # SRD combat-ii: a Tiny or smaller creature can move into or through an
            # occupied square (it ends only where it fits: ``_crowded``)
            return _NO_SHARE
        if (
            o.side != side
            and not can_move_through(size, o.stat.size)
            and not (o.surrendered and self.enc.rules.pass_unresisting)
        ):
            return (1, self._footprint_at(o))
        if not fits_in_square((size, o.stat.size)):
            return (2, self._footprint_at(o))
        return _NO_SHARE  # seed 000 "Mixing It Up": they may share (``_crowded``: how many)

    def unseen_terrain(self, c: Combatant) -> int:
        """The terrain flags where ``c`` cannot see, which hamper its movement (SRD
        combat-ii "Hampered Movement": poor visibility; seed 004 "Tactical Movement":
        moving unable to see): darkness without darkvision, fog for everyone. None for
        a blinded creature, whose half speed already counts it (SRD conditions)."""
        if c.has("blinded"):
            seen = 0
        else:
            seen = FOG if c.traits.darkvision else DARK | FOG
        if self.enc.map.has_water and not moves_freely(c) and walks_bottom(c):
            seen |= DEEP_WATER  # seed 000 note 3: firm footing on the bottom, half speed
        return seen

    def swims(self, c: Combatant) -> bool:
        """Whether ``c``'s movement may enter deep water: a swim speed, or gear heavy
        enough to walk along the bottom (seed 000 "Underwater Combat" note 3; at half
        speed: :meth:`unseen_terrain`). Others swim only by a Swim check (the ``swim``
        action, :mod:`d20combat.encounter.swimming`). A dry map pays one cached lookup."""
        if moves_freely(c):
            return True
        return self.enc.map.has_water and walks_bottom(c)

    def _charge_stops(self, c: Combatant) -> int:
        """Terrain flags, beyond the hampering ones, that stop ``c``'s charge lane:
        where it cannot see, and low ceilings it must stoop under (seed 000 "Charge":
        nothing can hinder the movement)."""
        unseen = self.unseen_terrain(c)
        return unseen | LOW_CEILING if self.stoop(c) else unseen

    def _squeezed_over_smaller(self, c: Combatant, pos: Pos) -> bool:
        """Whether big ``c`` at ``pos`` would squeeze over a smaller creature's square."""
        m = self.enc.map
        if fit(m, pos, c.squares, swim=self.swims(c), stoop=self.stoop(c)) != (FIT_SQUEEZED):
            return False
        smaller = self._smaller_squares(
            c, 5 * (c.squares + abs(pos[0] - c.pos[0]) + abs(pos[1] - c.pos[1]))
        )
        return any(s in smaller for s in footprint(pos, c.squares))

    def _smaller_squares(self, c: Combatant, feet: int) -> set[Pos]:
        """The squares, within ``feet`` of big ``c``, of smaller creatures standing
        there: ``c`` may not end a move squeezed over them (seed 000 "Squeezing
        Through": "it's not possible for other smaller creatures to also occupy that
        space"). Empty at no cost unless sizes are mixed and ``c`` is big."""
        if c.squares == 1 or not self.mixed:
            return set()
        combatants = self.enc.combatants
        mine = c.stat.size
        out: set[Pos] = set()
        for cid in self.occ.within(c.pos, c.squares, feet):
            o = combatants[cid]
            if o.stat.size < mine and cid != c.id and self._share(o, ())[0] == 1:
                out.update(self.occ.footprint(cid))
        return out

    def heavy(self, c: Combatant) -> frozenset[Pos]:
        """The squares of very large helpless creatures (Huge or larger, helpless or
        down, on the map: reading A196) that ``c`` crosses at double cost: "Some
        creatures, particularly very large ones, may present an obstacle even when
        helpless. In such cases, each square you move through counts as 2 squares" (SRD
        combat-ii "Helpless Opponent"), and the squares of a paralyzed creature of any
        size ("Each square occupied by a paralyzed creature, however, counts as 2
        squares": SRD conditions "Paralyzed"). Empty at no cost without such creatures."""
        if not self.huge and not self.paralyzed:
            return _NOWHERE
        key = ("heavy", c.id)
        hit: frozenset[Pos] | None = self._now.get(key)
        if hit is None:
            out: set[Pos] = set()
            for oid in self.huge:
                o = self.enc.combatants[oid]
                if oid == c.id or not o.present() or o.mount is not None:
                    continue
                if not o.can_act(self.enc.rules) or o.restrictions().helpless:
                    out.update(self._footprint_at(o))
            for oid in self.paralyzed:
                o = self.enc.combatants[oid]
                if oid != c.id and o.present() and "paralyzed" in o.condition_set():
                    out.update(self._footprint_at(o))
            hit = self._now[key] = frozenset(out) if out else _NOWHERE
        return hit

    def reachable(self, c: Combatant, budget_ft: int, *, swim: bool | None = None) -> Reachable:
        """Where ``c`` can go for ``budget_ft``; ``swim``: through deep water or not,
        instead of :meth:`swims` (a Swim check's movement)."""
        key = (c.id, c.pos, budget_ft) if swim is None else (c.id, c.pos, budget_ft, swim)
        hit = self._reach.get(key)
        if hit is None:
            blocked, no_end = self._blocks_near(c, budget_ft)
            hit = movement_costs(
                self.enc.map,
                c.pos,
                c.squares,
                budget_ft=budget_ft,
                blocked=blocked,
                no_end=no_end,
                swim=self.swims(c) if swim is None else swim,
                ignore_difficult=c.stat.speed.fly > 0,
                unseen=self.unseen_terrain(c),
                stoop=self.stoop(c),
                no_squeezed_end=self._smaller_squares(c, budget_ft),
                heavy=self.heavy(c),
            )
            self._reach[key] = hit
        return hit

    def path_cost(
        self,
        c: Combatant,
        path: Iterable[Pos],
        *,
        through: frozenset[Pos] = _NOWHERE,
        swim: bool | None = None,
    ) -> int:
        """The feet a path costs ``c`` from where it stands; ``through``: foes' squares it
        may pass but not end in (a trample's); ``swim``: as :meth:`reachable`.

        Raises:
            IllegalActionError: if a step is not to an adjacent square, crosses a wall or
                a foe, or the path ends where ``c`` may not stop.
        """
        path = tuple(path)
        key = ("path-cost", c.id, path, through) if through else ("path-cost", c.id, path)
        if swim is not None:
            key = (*key, swim)
        known: int | None = self._now.get(key)
        if known is not None:
            return known
        cost = self._path_cost(c, path, through=through, swim=swim)
        self._now[key] = cost
        return cost

    def _path_cost(
        self,
        c: Combatant,
        path: tuple[Pos, ...],
        *,
        through: frozenset[Pos] = _NOWHERE,
        swim: bool | None = None,
    ) -> int:
        """:meth:`path_cost`; ``through``: a foe's squares it may pass but not end in
        (an overrun's)."""
        full = [c.pos, *path]
        for (x1, y1), (x2, y2) in zip(full, full[1:], strict=False):
            if max(abs(x2 - x1), abs(y2 - y1)) != 1:
                raise IllegalActionError(
                    f"{square_name((x2, y2))} is not next to {square_name((x1, y1))}"
                )
        blocked, no_end = self.blocks(c)
        n = c.squares
        m = self.enc.map
        taken = blocked.difference(through) if through else blocked
        for p in full[1:]:
            x, y = p
            if x < 0 or y < 0 or x + n > m.width or y + n > m.height:
                raise IllegalActionError(f"the path leaves the map at ({x}, {y})")
            if any(s in taken for s in footprint(p, n)) and (
                n == 1 or not self.squeezes_past(c, p, taken)
            ):
                raise IllegalActionError(f"an opponent blocks {square_name(p)}")
        end = full[-1]
        if any(s in no_end or s in through or s in taken for s in footprint(end, n)):
            raise IllegalActionError(f"cannot end its movement in {square_name(end)}: occupied")
        if n > 1 and self.mixed and self._squeezed_over_smaller(c, end):
            raise IllegalActionError(
                f"cannot end its movement squeezed in {square_name(end)}: smaller creatures "
                "are there (seed 000 Squeezing Through)"
            )
        cost = grid_path_cost(
            self.enc.map,
            full,
            n,
            swim=self.swims(c) if swim is None else swim,
            ignore_difficult=c.stat.speed.fly > 0,
            unseen=self.unseen_terrain(c),
            stoop=self.stoop(c),
            heavy=self.heavy(c),
            taken=taken if n > 1 else (),
        )
        if cost is None and n > 1 and any(s in taken for p in full for s in footprint(p, n)):
            raise IllegalActionError("an opponent blocks the way: no room to squeeze past it")
        if cost is None:
            raise IllegalActionError("the path crosses impassable terrain or cuts a wall corner")
        return cost

    def squeezes_past(self, c: Combatant, pos: Pos, taken: Container[Pos]) -> bool:
        """Whether big ``c`` at ``pos`` squeezes past the opponents' ``taken`` squares
        (SRD combat-ii "Squeezing": "A creature can squeeze past an opponent while
        moving but it can't end its movement in an occupied square"; A195)."""
        m = self.enc.map
        tab = step_table(
            m,
            c.squares,
            swim=self.swims(c),
            ignore_difficult=c.stat.speed.fly > 0,
            unseen=self.unseen_terrain(c),
            stoop=self.stoop(c),
        )
        i = pos[1] * m.width + pos[0]
        return bool(tab.fit[i]) and tab.squeezes_past(i, taken)

    def paths(
        self, c: Combatant, budget_ft: int, *, swim: bool | None = None
    ) -> list[tuple[Pos, ...]]:
        """One cheapest path (start excluded) to every position ``c`` can end at."""
        r = self.reachable(c, budget_ft, swim=swim)
        out = []
        for pos in r.positions():
            if pos != c.pos:
                out.append(tuple(r.path_to(pos)[1:]))
        return out

    def step_squares(self, c: Combatant) -> tuple[Pos, ...]:
        """Positions a 5-foot step can reach: unhampered, not past a wall corner, not
        into a foe, and a place it may stop (SRD combat-i "Take 5-Foot Step")."""
        key = ("steps", c.id)
        hit: tuple[Pos, ...] | None = self._now.get(key)
        if hit is not None:
            return hit
        m = self.enc.map
        w = m.width
        x0, y0 = c.pos
        n = c.squares
        tab = step_table(
            m,
            n,
            swim=self.swims(c),
            ignore_difficult=c.stat.speed.fly > 0,
            unseen=self.unseen_terrain(c),
            stoop=self.stoop(c),
        )
        blocked, no_end = self.blocks(c)
        heavy = self.heavy(c)
        out = []
        for j, _, doublings in tab.steps[y0 * w + x0]:
            if doublings:
                continue  # hampered: no 5-foot step
            pos = (j % w, j // w)
            if heavy and any(s in heavy for s in footprint(pos, n)):
                continue  # over a very large helpless body: hampered too
            if n == 1:
                if pos in blocked or pos in no_end:
                    continue
            elif any(s in blocked or s in no_end for s in footprint(pos, n)) or (
                self.mixed and self._squeezed_over_smaller(c, pos)
            ):
                continue
            out.append(pos)
        hit = self._now[key] = tuple(out)
        return hit

    def check_step(self, c: Combatant, to: Pos) -> None:
        """Raises IllegalActionError unless a 5-foot step (or crawl) to ``to`` is possible."""
        cost = self.path_cost(c, (to,))
        if cost != 5:
            raise IllegalActionError(
                f"{square_name(to)} costs {cost} ft: hampered movement allows no 5-foot step"
            )

    def check_adjacent_enterable(self, c: Combatant, to: Pos) -> None:
        self.path_cost(c, (to,))

    def costly_adjacent(self, c: Combatant) -> list[Pos]:
        out = []
        x0, y0 = c.pos
        speed = self.speed(c)
        for dx, dy in _DIRS:
            to = (x0 + dx, y0 + dy)
            try:
                if self.path_cost(c, (to,)) > speed:
                    out.append(to)
            except IllegalActionError:
                continue
        return out

    def straight_paths(self, c: Combatant, limit: int) -> list[tuple[Pos, ...]]:
        """Straight runs in the 8 directions (no hampering terrain), every length."""
        out = []
        x0, y0 = c.pos
        for dx, dy in _DIRS:
            path: list[Pos] = []
            for n in range(1, limit // 5 + 1):
                path.append((x0 + n * dx, y0 + n * dy))
                try:
                    self.check_straight(c, tuple(path), what="run")
                    cost = self.path_cost(c, path)
                except IllegalActionError:
                    if not self._passable(c, path):
                        break
                    continue
                if cost > limit:
                    break
                out.append(tuple(path))
        return out

    def _passable(self, c: Combatant, path: list[Pos]) -> bool:
        try:
            full = [c.pos, *path]
            return grid_path_cost(self.enc.map, full, c.squares, stoop=self.stoop(c)) is not None
        except IllegalActionError:
            return False

    def check_straight(self, c: Combatant, path: tuple[Pos, ...], *, what: str) -> None:
        """Raises unless every step goes the same way over unhampered squares."""
        full = [c.pos, *path]
        steps = {(b[0] - a[0], b[1] - a[1]) for a, b in zip(full, full[1:], strict=False)}
        if len(steps) != 1:
            raise IllegalActionError(f"a {what} must go in a straight line")
        m = self.enc.map
        unseen = self.unseen_terrain(c)
        hampers = HAMPERS | LOW_OBSTACLE | (LOW_CEILING if self.stoop(c) else 0)
        for p in path:
            for x, y in footprint(p, c.squares):
                if not m.in_bounds(x, y):
                    continue
                if m.flags(x, y) & hampers:
                    raise IllegalActionError(
                        f"cannot {what} across difficult terrain at {square_name((x, y))}"
                    )
                if m.flags(x, y) & unseen:
                    raise IllegalActionError(
                        f"cannot {what} where it cannot see, at {square_name((x, y))}"
                    )

    # ------------------------------------------------------------ charge
    def _occupied_by_others(self, c: Combatant) -> frozenset[Pos]:
        """Squares of creatures that stop a charge (not ``c``, not the helpless)."""
        key = ("occupied", c.id)
        mine: frozenset[Pos] | None = self._now.get(key)
        if mine is not None:
            return mine
        squares: frozenset[Pos] | None = self._now.get("occupied")
        if squares is None:  # helpless creatures don't stop a charge
            squares = self._now["occupied"] = frozenset(self._tally(_STANDING).first)
        own = self._footprint_at(c)
        mine = squares.difference(own) if any(s in squares for s in own) else squares
        self._now[key] = mine
        return mine

    def charge_destinations(
        self, c: Combatant, target: Combatant, limit: int, *, adjacent: bool = False
    ) -> list[Pos]:
        """Where ``c`` may end a charge at ``target``: the closest spaces from which it
        can attack (``adjacent``: from which it can move into its space, for a bull
        rush), each at least 10 ft and at most ``limit`` away, with a clear lane; for a
        target aloft, only those its melee reaches up to (A145) (cached per version: do
        not change the list)."""
        key = ("charge", c.id, target.id, limit, adjacent)
        hit: list[Pos] | None = self._now.get(key)
        if hit is None:
            hit = self._charge_destinations(c, target, limit, adjacent)
            if target.altitude and hit:
                far = self.melee_reach_ft(c)
                hit = [p for p in hit if self.distance_ft(target, c, p) <= far]
            self._now[key] = hit
        return hit

    def _charge_destinations(
        self, c: Combatant, target: Combatant, limit: int, adjacent: bool
    ) -> list[Pos]:
        if adjacent:
            spots, usable = self._spots(c, target, (adjacent_offsets(c.squares, target.squares),))
        else:
            options = c.melee_options()
            if self.riders and c.id in self.riders:
                from d20combat.encounter.mounted import rider_of

                rider = rider_of(self.enc, c)  # seed 000: the rider attacks at the end
                options = rider.melee_options() or options if rider is not None else options
            if not options:
                return []
            spots, usable = self._attack_spots(c, target, options)
        if c.pos in spots:
            return []  # already in reach: no 10 ft to move
        if not usable:
            return []
        nearest = min(distance(c.pos, p) for p in usable)
        if nearest * 5 < 10 or nearest * 5 > limit or not self.sees(c, target):
            return []
        m = self.enc.map
        others = self._occupied_by_others(c)
        out = []
        for p in usable:
            if distance(c.pos, p) != nearest:
                continue
            if any(s in others for s in footprint(p, c.squares)):
                continue
            if clear_charge_path(
                m,
                c.pos,
                p,
                c.squares,
                others,
                swim=self.swims(c),
                unseen=self._charge_stops(c),
            ):
                out.append(p)
        return out

    def _attack_spots(
        self, c: Combatant, target: Combatant, options: list[AttackOption]
    ) -> tuple[frozenset[Pos], tuple[Pos, ...]]:
        """Where ``c`` could attack ``target`` from with ``options``, and those of them
        on walkable ground, in row order (terrain only: cached on the map)."""
        ts = target.squares
        return self._spots(c, target, tuple(self.attack_offsets(c, o, ts) for o in options))

    def _spots(
        self, c: Combatant, target: Combatant, reach: tuple[frozenset[Pos], ...]
    ) -> tuple[frozenset[Pos], tuple[Pos, ...]]:
        """The positions at the offsets ``reach`` from ``target``, and those of them on
        walkable ground, in row order (terrain only: cached on the map)."""
        ts = target.squares
        key = (target.pos, ts, c.squares, reach)
        cache: dict[tuple[object, ...], tuple[frozenset[Pos], tuple[Pos, ...]]]
        cache = self.enc.map.cache("attack-spots")
        hit = cache.get(key)
        if hit is None:
            m = self.enc.map
            x0, y0 = target.pos
            spots = frozenset((x0 + dx, y0 + dy) for offsets in reach for dx, dy in offsets)
            usable = [
                p
                for p in spots
                if all(m.in_bounds(x, y) and m.walkable(x, y) for x, y in footprint(p, c.squares))
            ]
            usable.sort(key=lambda q: (q[1], q[0]))
            if len(cache) >= _SIGHT_LIMIT:
                cache.clear()
            hit = cache[key] = (spots, tuple(usable))
        return hit

    def check_charge(
        self, c: Combatant, target: Combatant, to: Pos, limit: int, *, adjacent: bool = False
    ) -> None:
        if to not in self.charge_destinations(c, target, limit, adjacent=adjacent):
            where = "move into its space" if adjacent else "attack"
            raise IllegalActionError(
                f"no charge to {square_name(to)}: a charge ends in the closest space from "
                f"which to {where} {target.id}, 10 to {limit} ft away, along a clear "
                "straight lane, with the target in sight"
            )

    def overrun_lane(self, c: Combatant, target: Combatant, to: Pos, limit: int) -> int:
        """The index in :meth:`charge_path` of the first position of a charge through
        ``target``'s space to ``to`` that enters it (seed 000 "Overrun" as part of a
        charge; "Charge": a straight, clear lane, at most ``limit`` ft, the target in
        sight; seed 004 "Overrun": the ruleset's ``overrun_straight_ft`` of straight
        movement into the target's space).

        Raises:
            IllegalActionError: saying why there is no such charge.
        """
        path = self.charge_path(c, to)
        theirs = set(self.occ.footprint(target.id))
        inside = [any(s in theirs for s in footprint(p, c.squares)) for p in path]
        why = f"no charge through {target.id}'s space to {square_name(to)}"
        if True not in inside or inside[-1]:
            raise IllegalActionError(f"{why}: the lane must pass its space and end beyond it")
        k = inside.index(True)
        if False in inside[k:] and True in inside[inside.index(False, k) :]:
            raise IllegalActionError(f"{why}: the lane enters its space twice")
        if not 10 <= 5 * distance(c.pos, to) <= limit:
            raise IllegalActionError(f"{why}: a charge moves 10 to {limit} ft")
        straight = self.enc.rules.overrun_straight_ft
        if 5 * (k + 1) < straight:
            raise IllegalActionError(
                f"{why}: less than {straight} ft of straight movement into its space"
            )
        if not self.sees(c, target):
            raise IllegalActionError(f"{why}: {target.id} is not in sight")
        others = self._occupied_by_others(c).difference(theirs)
        if not clear_charge_path(
            self.enc.map,
            c.pos,
            to,
            c.squares,
            others,
            swim=self.swims(c),
            unseen=self._charge_stops(c),
        ):
            raise IllegalActionError(f"{why}: the lane is not clear")
        return k

    def overrun_path(
        self, c: Combatant, target: Combatant, path: tuple[Pos, ...], *, straight: bool = True
    ) -> tuple[int, int]:
        """Check a move through ``target``'s space (seed 000 "Overrun": it is passed as
        a square whose occupant lets the mover by, not ended in; the mover attempts the
        overrun from a position where it could stop, the only place it can fall back to
        here, where creatures never share squares; seed 004: the ruleset's
        ``overrun_straight_ft`` of straight movement into it, unless ``straight`` is
        False: a tumble's path). Returns the index in
        ``[c.pos, *path]`` of the first position in its space, and the path's cost in feet.

        Raises:
            IllegalActionError: saying why the path is not one.
        """
        theirs = frozenset(self.occ.footprint(target.id))
        full = [c.pos, *path]
        inside = [any(s in theirs for s in footprint(p, c.squares)) for p in full]
        if True not in inside or inside[-1] or inside[0]:
            what = "an overrun's" if straight else "a tumble's"
            raise IllegalActionError(f"{what} path passes {target.id}'s space and ends beyond it")
        k = inside.index(True)
        if True in inside[inside.index(False, k) :]:
            raise IllegalActionError(f"the path enters {target.id}'s space twice")
        steps = [(b[0] - a[0], b[1] - a[1]) for a, b in zip(full, full[1:], strict=False)]
        lane = self.enc.rules.overrun_straight_ft // 5 if straight else 0
        if lane > 1 and (k < lane or len(set(steps[k - lane : k])) != 1):
            raise IllegalActionError(
                f"an overrun needs {5 * lane} ft of straight movement into {target.id}'s space"
            )
        blocked, no_end = self.blocks(c)
        if any(
            s in no_end or (s in blocked and s not in theirs)
            for s in footprint(full[k - 1], c.squares)
        ):
            raise IllegalActionError(
                f"the {'overrun' if straight else 'tumble'} must start from a square it may "
                f"stop in, not "
                f"{square_name(full[k - 1])}"
            )
        return k, self._path_cost(c, path, through=theirs)

    def charge_path(self, c: Combatant, to: Pos) -> tuple[Pos, ...]:
        """The positions passed on the straight move to ``to`` (start excluded)."""
        x0, y0 = c.pos
        dx, dy = to[0] - x0, to[1] - y0
        n = max(abs(dx), abs(dy))
        out = []
        for i in range(1, n + 1):
            out.append((x0 + round(dx * i / n), y0 + round(dy * i / n)))
        return tuple(out)

    def provocations_along(self, c: Combatant, path: Iterable[Pos]) -> int:
        """How many enemies would get an attack of opportunity on this path (estimate)."""
        seen: set[str] = set()
        pos = c.pos
        cid = c.id
        tmap = self._threat_map(c.side)
        single = c.squares == 1
        for nxt in path:
            if single:
                here = tmap.get(pos)
                if here:
                    for o in here:
                        if o.acted and cid not in o.provoked_by_move:
                            seen.add(o.id)
            else:
                for o in self.threatening(c, pos):
                    if o.acted and cid not in o.provoked_by_move:
                        seen.add(o.id)
            pos = nxt
        return len(seen)

    # ------------------------------------------------------------ AI helpers
    def best_attack_destination(
        self, c: Combatant, foes: list[Combatant], budget: int, *, avoid_provoking: bool
    ) -> tuple[Pos, ...] | None:
        """A path to the best position from which to attack one of ``foes`` this turn:
        fewest attacks of opportunity, then flanking, then the foe's priority, then cost.
        (A candidate whose best possible key cannot beat the best so far is skipped.)"""
        r: Reachable | None = None
        ends: dict[Pos, int] = {}  # where it may end its move, and the cost (r.cost)
        options = c.melee_options()
        n = c.squares
        cx, cy = c.pos
        best: tuple[tuple[int, int, int, int], Pos] | None = None
        far = budget + self._max_reach
        # every step moves at most one square on each axis, for 5 ft or more
        steps = budget // 5
        strike = steps + self.melee_reach_ft(c) // 5
        for rank, foe in enumerate(foes):
            if best is not None and best[0] <= (0, 0, rank, 0):
                break  # later foes rank lower: none can do better
            fx, fy = fp = foe.pos
            fn = foe.squares
            gx = fx - cx - n + 1 if fx >= cx + n else (cx - fx - fn + 1 if cx >= fx + fn else 0)
            gy = fy - cy - n + 1 if fy >= cy + n else (cy - fy - fn + 1 if cy >= fy + fn else 0)
            if gx > strike or gy > strike:
                continue  # no square to attack it from is within the budget
            if 5 * (gy + (gx >> 1) if gx < gy else gx + (gy >> 1)) > far:
                continue
            allies = [(a.pos, a.squares) for a in self.flank_partners(c.side, foe) if a is not c]
            no_flank = 0 if allies else 1  # the least flank part of this foe's keys
            if best is not None and best[0] <= (0, no_flank, rank, 0):
                continue
            for o in options:
                for dx, dy in self.attack_offsets_ordered(c, o, fn):
                    x, y = p = (fx + dx, fy + dy)
                    ax, ay = abs(x - cx), abs(y - cy)
                    if ax > steps or ay > steps:
                        continue
                    # its cost is 5 ft a step at least
                    if best is not None and best[0] <= (0, no_flank, rank, 5 * max(ax, ay)):
                        continue
                    if r is None:
                        r = self.reachable(c, budget)
                        ends = r.positions()
                    cost = ends.get(p)
                    if cost is None or p == c.pos:
                        continue
                    if best is not None and best[0] <= (0, no_flank, rank, cost):
                        continue
                    flank = 1
                    for ap, an in allies:
                        if flanks(p, n, ap, an, fp, fn):
                            flank = 0
                            break
                    if best is not None and best[0] <= (0, flank, rank, cost):
                        continue
                    aoo = 0
                    if avoid_provoking:
                        aoo = self.provocations_along(c, r.path_to(p)[1:])
                    key = (aoo, flank, rank, cost)
                    if best is None or key < best[0]:
                        best = (key, p)
        if best is None or r is None:
            return None
        return tuple(r.path_to(best[1])[1:])

    def path_toward(
        self, c: Combatant, foes: list[Combatant], budget: int, *, avoid_provoking: bool
    ) -> tuple[Pos, ...] | None:
        """A path that closes on the nearest foe as far as ``budget`` allows."""
        if not foes:
            return None
        r = self.reachable(c, budget)
        target = min(foes, key=lambda f: (self.distance_ft(c, f), f.id))
        n, (tx, ty), tn = c.squares, target.pos, target.squares
        here = footprint_distance(c.pos, n, target.pos, tn)
        keyed = []  # (feet to the target, cost, y, x): footprint_distance inlined
        for (x, y), cost in r.positions().items():
            gx = tx - x - n + 1 if tx >= x + n else (x - tx - tn + 1 if x >= tx + tn else 0)
            gy = ty - y - n + 1 if ty >= y + n else (y - ty - tn + 1 if y >= ty + tn else 0)
            keyed.append((5 * (gy + (gx >> 1) if gx < gy else gx + (gy >> 1)), cost, y, x))
        ranked = nsmallest(12, keyed)
        for feet, _, y, x in ranked:
            if (x, y) == c.pos:
                continue
            if feet >= here:
                break
            path = tuple(r.path_to((x, y))[1:])
            if avoid_provoking and self.provocations_along(c, path):
                continue
            return path
        if avoid_provoking:
            return None
        for _, _, y, x in ranked:
            if (x, y) != c.pos:
                return tuple(r.path_to((x, y))[1:])
        return None

    def safest_path(self, c: Combatant, budget: int, *, withdraw: bool) -> tuple[Pos, ...] | None:
        """A path to the reachable position farthest from every foe, unthreatened.

        The answer depends only on the terrain (and what of it ``c`` cannot see), where
        ``c`` may move, the foes' spaces and the squares they threaten, so it is cached
        on the map by those."""
        # the foes' spaces as [x0, x1) x [y0, y1) boxes
        foes = tuple(
            (f.pos[0], f.pos[0] + f.squares, f.pos[1], f.pos[1] + f.squares)
            for f in self.enc.enemies(c)
            if self.enc.active(f)
        )
        blocked, no_end = self.blocks(c)
        threats = self._threat_map(c.side)
        speed = c.stat.speed
        key = (
            c.pos,
            c.squares,
            budget,
            self.swims(c),
            speed.fly > 0,
            self.unseen_terrain(c),  # what costs it more where it cannot see
            self.stoop(c),
            blocked,
            no_end,
            foes,
            frozenset(threats),
        )
        cache: dict[tuple[object, ...], tuple[tuple[Pos, ...] | None]]
        cache = self.enc.map.cache("safest-path")
        hit = cache.get(key)
        if hit is None:
            if len(cache) >= _SIGHT_LIMIT:
                cache.clear()
            hit = cache[key] = (self._safest_path(c, budget, foes, threats),)
        return hit[0]

    def _safest_path(
        self,
        c: Combatant,
        budget: int,
        foes: tuple[tuple[int, int, int, int], ...],
        threats: dict[Pos, list[Combatant]],
    ) -> tuple[Pos, ...] | None:
        r = self.reachable(c, budget)
        n = c.squares
        best: tuple[tuple[int, int, int], Pos] | None = None
        for pos in r.positions():
            if pos == c.pos:
                continue
            x, y = pos
            near = -1
            for fx0, fx1, fy0, fy1 in foes:  # footprint_distance, inlined
                gx = fx0 - x - n + 1 if fx0 >= x + n else (x - fx1 + 1 if x >= fx1 else 0)
                gy = fy0 - y - n + 1 if fy0 >= y + n else (y - fy1 + 1 if y >= fy1 else 0)
                d = 5 * (gy + (gx >> 1) if gx < gy else gx + (gy >> 1))
                if near < 0 or d < near:
                    near = d
            key = (-near if near > 0 else 0, y, x)
            if best is not None and key >= best[0]:
                continue
            if n == 1:
                if pos in threats:
                    continue
            elif any(s in threats for s in footprint(pos, n)):
                continue
            best = (key, pos)
        if best is None:
            return None
        return tuple(r.path_to(best[1])[1:])

    # ------------------------------------------------------------ objects, doors, exits
    def item_near(self, c: Combatant, name: str) -> int | None:
        for i, (pos, item) in enumerate(self.enc.items):
            if item == name and footprint_distance(pos, 1, c.pos, c.squares) <= 5:
                return i
        return None

    def adjacent_doors(self, c: Combatant, flag: int = DOOR) -> list[Pos]:
        """The doors next to ``c`` (the closed ones; the open ones with ``OPEN_DOOR``)."""
        m = self.enc.map
        out = []
        x0, y0 = c.pos
        n = c.squares
        for y in range(y0 - 1, y0 + n + 1):
            for x in range(x0 - 1, x0 + n + 1):
                if m.in_bounds(x, y) and m.flags(x, y) & flag:
                    out.append((x, y))
        return out

    def closable_doors(self, c: Combatant) -> list[Pos]:
        """The open doors ``c`` can close: next to it (or in its space), not broken, no
        creature in the doorway (A255); none on a map without open doors."""
        if not self.enc.map.has(OPEN_DOOR):
            return []
        broken = self.enc.broken_doors
        return [
            at
            for at in self.adjacent_doors(c, OPEN_DOOR)
            if at not in broken and not self.occ.count(at)
        ]

    def check_door(self, c: Combatant, at: Pos) -> None:
        if at not in self.adjacent_doors(c):
            raise IllegalActionError(f"no closed door next to it at {square_name(at)}")

    def _own_map(self) -> None:
        from d20combat.encounter.state import copy_map

        if not self.enc.own_map:
            self.enc.map = copy_map(self.enc.map)
            self.enc.own_map = True

    def open_door(self, at: Pos, *, broken: bool = False) -> None:
        """Open (or, ``broken``, break open) the closed door at ``at``: the saved state
        lists it in ``opened_doors`` (closed in the scenario) or drops it from
        ``closed_doors`` (open in the scenario, closed since), and a broken one in
        ``broken_doors`` too (it stays open: A255)."""
        self._own_map()
        self.enc.map.open_door(*at)
        if at in self.enc.closed_doors:
            self.enc.closed_doors.remove(at)
        else:
            self.enc.opened_doors.append(at)
        if broken:
            self.enc.broken_doors.append(at)
        self.invalidate()

    def close_door(self, at: Pos) -> None:
        """Close the open door at ``at`` (the counterpart of :meth:`open_door`)."""
        self._own_map()
        self.enc.map.close_door(*at)
        if at in self.enc.opened_doors:
            self.enc.opened_doors.remove(at)
        else:
            self.enc.closed_doors.append(at)
        self.invalidate()

    def on_exit(self, c: Combatant) -> bool:
        exits = self.enc.exits
        return bool(exits) and any(s in exits for s in self._footprint_at(c))


def _blind_fighter_factor(c: Combatant) -> Fraction:
    """SRD feats "Blind-Fight": "Darkness and poor visibility in general reduces your
    speed to three-quarters normal, instead of one-half": a blinded Blind-Fighter moves at
    three-quarters speed, unless another of its conditions slows it more (A233)."""
    others = restrictions(c.condition_set() - {"blinded"}).speed_factor
    return min(others, Fraction(3, 4))


__all__ = ["DIFFICULT", "Space"]
