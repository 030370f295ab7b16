"""Narration: events turned into sentences a person reads, made only when read.

:func:`narrate` renders one event; ``explain=True`` adds every modifier breakdown
(type, source, and whether it stacked).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping

from d20combat.encounter.events import Event
from d20combat.rules.activities import ACTIVITIES
from d20combat.rules.dice import Roll


def roll_text(roll: Roll) -> str:
    """``2d6+4 [3, 6] = 13``."""
    faces = ", ".join(map(str, roll.faces))
    return f"{roll.dice} [{faces}] = {roll.total}"


def _find(event: Event, word: str) -> Roll | None:
    return next((r for r in event.rolls if word in r.purpose), None)


def _attack(e: Event) -> str:
    o = e.outcome
    ac = e.total("armor class")
    bonus = e.total("attack bonus")
    ac_v = ac.value if ac else "?"
    b = bonus.value if bonus else 0
    kind = {
        "aoo": "makes an attack of opportunity against",
        "readied attack": "makes its readied attack against",
        "cleave": "cleaves on into",
        "rake": "makes a rake attack (Rake (Ex), at the stat block's bonus) against",
        "knockout-blow": "delivers a knockout blow (full-round; a hit is a critical hit) to",
        "aimed shot": "takes a full-round aimed shot (+5) at",
        "burst": "fires a burst at",
    }.get(e.type, "attacks")
    head = f"{e.actor} {kind} {e.target} with {o.get('weapon')}: "
    nat = o.get("natural")
    rolled = f"d20 {nat} {b:+d} = {o.get('total')} vs AC {ac_v}"
    situation = [
        k.replace("_", " ") for k in ("flanking", "flat_footed", "sneak_attack") if o.get(k)
    ]
    if o.get("power_attack"):
        situation.append(f"power attack {o['power_attack']}")
    if o.get("aided"):
        situation.append(f"aided by {', '.join(o['aided'])}")
    if o.get("aided_defense"):
        situation.append(f"{e.target} aided by {', '.join(o['aided_defense'])}")
    if o.get("feinted"):
        situation.append(f"{e.target} feinted: no Dex bonus")
    if o.get("cover"):
        situation.append(f"cover +{o['cover']}")
    if o.get("concealment"):
        situation.append(f"concealment {o['concealment']}%")
    if o.get("underwater"):  # seed 000 "Underwater Combat": -2, half damage
        situation.append(f"underwater, {o['underwater']}: -2, half damage")
    if o.get("disadvantage"):  # seed 001: roll twice, keep the lower
        situation.append(f"disadvantage ({o['disadvantage']}): the lower of two d20s")
    if o.get("water_ft"):
        situation.append(f"through {o['water_ft']} ft of water: -{2 * (o['water_ft'] // 5)}")
    if e.type == "burst":  # seed 004 "Autofire"; A187
        situation.append(
            f"{o.get('bullets')} bullets, Burst Fire: -4, +2 dice"
            if o.get("burst_fire")
            else f"{o.get('bullets')} bullets, no Burst Fire: a plain shot, "
            f"{o.get('wasted')} wasted"
        )
    if situation:
        rolled += f" ({', '.join(situation)})"
    result = o.get("result")
    if nat == 1 and result in ("miss", "fumble"):
        text = f"{rolled}: a natural 1 always misses"
        if result == "fumble":
            text += "; fumbled (failed the DC 10 Dexterity check)"
        return head + text
    if result == "miss":
        return head + f"{rolled}: miss"
    parts = [rolled]
    if nat == 20:
        parts.append("a natural 20 always hits")
    conceal = _find(e, "concealment")
    if result == "concealed" and conceal:
        return head + f"{rolled}: would hit, but concealment ({roll_text(conceal)}) makes it miss"
    confirm = o.get("confirm_total")
    if confirm is not None:
        verdict = "critical hit" if result == "critical" else "not confirmed"
        parts.append(f"threat! confirmation {confirm} vs AC {ac_v}: {verdict}")
    elif result == "critical":
        parts.append("hit: a critical hit, no confirmation needed")
    else:
        parts.append("hit")
    if conceal:
        parts.append(f"concealment roll {roll_text(conceal)} passes")
    return head + "; ".join(parts)


def _damage(e: Event) -> str:
    o = e.outcome
    rolls = ", ".join(roll_text(r) for r in e.rolls if r.purpose.startswith(("damage", "extra")))
    mult = o.get("multiplier", 1)
    kind = "nonlethal " if o.get("nonlethal") else ""
    text = f"  {o.get('damage')} {kind}damage to {e.target}"
    if rolls:  # x2 and more: a critical hit, a brace weapon set against a charge, or both
        text += f" ({rolls}{f', x{mult}' if mult > 1 else ''})"
    for note in o.get("reductions", []):
        text += f"; {note}"
    text += f"; {e.target} {o.get('hp_before')} -> {o.get('hp')} hp"
    if o.get("nonlethal_total"):
        text += f" ({o.get('nonlethal_total')} nonlethal)"
    state = o.get("state")
    if state and state != "healthy":
        text += f", {state}"
    for note in o.get("notes", ()):
        text += f" [{note}]"
    saves = [r for r in e.rolls if "Fort" in r.purpose or "rounds" in r.purpose]
    for r in saves:
        text += f" ({r.purpose}: {roll_text(r)})"
    return text


def _initiative(e: Event) -> str:
    init = e.total("initiative")
    d20 = e.rolls[0].total if e.rolls else "?"
    mod = init.value if init else 0
    return f"{e.actor} rolls initiative: d20 {d20} {mod:+d} = {e.outcome.get('result')}"


def _contest(e: Event, label: str, pair: list[int] | None, word: str = "check") -> str:
    """``trip check 18 (+3) vs 13 (+3)`` for an opposed check's two totals (``word``:
    "roll" for opposed attack rolls)."""
    if not pair:
        return ""
    mine, theirs = e.total(f"{label} {word}"), e.total(f"{label} resist")
    m = f" ({mine.value:+d})" if mine else ""
    t = f" ({theirs.value:+d})" if theirs else ""
    return f"{label} {word} {pair[0]}{m} vs {pair[1]}{t}"


def _against_ac(e: Event, what: str) -> str:
    """``d20 12 +9 = 21 vs AC 16`` for an attack roll against an object."""
    o = e.outcome
    bonus, ac = e.total("attack bonus"), e.total("armor class")
    b = f" {bonus.value:+d}" if bonus else ""
    return f"d20 {o.get('natural')}{b} = {o.get('total')} vs {what} AC {ac.value if ac else '?'}"


def _blow(e: Event, whose: str) -> str:
    """What a blow did to an object: the damage rolled, what hardness and the rest took,
    the hit points left."""
    o = e.outcome
    rolls = ", ".join(roll_text(r) for r in e.rolls if r.purpose.startswith(("damage", "extra")))
    text = f"{o.get('rolled')} damage ({rolls})" if rolls else f"{o.get('rolled')} damage"
    for note in o.get("notes", ()):
        text += f"; {note}"
    return text + f": {whose} {o.get('hp_before')} -> {o.get('hp')} of {o.get('max_hp')} hp"


def _disarm(e: Event) -> str:
    """seed 000 "Disarm": the attack of opportunity's verdict, the opposed rolls or the
    attack on the held weapon (seed 004), the counter-disarm, where the item went."""
    o = e.outcome
    item, result = o.get("item"), o.get("result")
    verb = "grab" if o.get("grab") else "disarm"
    head = f"{e.actor} tries to {verb} {e.target}'s {item} with {o.get('weapon')}"
    if result == "spoiled":
        return f"{head}: the attack of opportunity hurts it, and the attempt fails"
    parts = []
    if o.get("natural") is not None:
        parts.append(_against_ac(e, "the held weapon's"))
    if o.get("check"):
        parts.append(_contest(e, "disarm", o["check"], "roll"))
    if o.get("counter"):
        parts.append(_contest(e, "counter-disarm", o["counter"], "roll"))
    where = f"into {e.actor}'s hand" if o.get("taken") else f"to the ground in {e.target}'s square"
    verdict = {
        "disarmed": f"{e.target} loses its {item}, {where}",
        "failed": f"{e.target} keeps its {item}",
        "countered": f"{e.target} disarms {e.actor} back: its {o.get('weapon')} falls",
        "missed": "the attack on the weapon misses",
        "concealed": "concealment spoils the attack on the weapon",
    }.get(result or "", str(result))
    return f"{head}: {'; '.join(parts)}: {verdict}"


def _sunder(e: Event) -> str:
    """seed 000 "Sunder": the opposed rolls (or the attack on a carried object), then
    the blow against hardness and hit points."""
    o = e.outcome
    item, result = o.get("item"), o.get("result")
    head = f"{e.actor} strikes at {e.target}'s {item} with {o.get('weapon')}"
    parts = []
    if o.get("natural") is not None:
        parts.append(_against_ac(e, "the object's"))
    if o.get("check"):
        parts.append(_contest(e, "sunder", o["check"], "roll"))
    if result in ("missed", "failed"):
        parts.append("no blow lands")
        return f"{head}: {'; '.join(parts)}"
    parts.append(_blow(e, f"{e.target}'s {item}"))
    if result == "destroyed":
        parts.append("it is destroyed")
    elif result == "glancing":
        parts.append("a glancing blow")
    return f"{head}: {'; '.join(parts)}"


def _attack_object(e: Event) -> str:
    """seed 000 "Attack An Object": the attack roll (or the automatic hit), the blow."""
    o = e.outcome
    head = f"{e.actor} strikes the {o.get('door')} at {o.get('at')} with {o.get('weapon')}"
    if o.get("automatic"):
        roll = "a sure blow (no attack roll)"
    else:
        roll = _against_ac(e, "the door's")
    if o.get("result") == "miss":
        return f"{head}: {roll}: miss"
    text = f"{head}: {roll}; {_blow(e, 'the door')}"
    return text + ("; it breaks open" if o.get("result") == "broken" else "")


def _break(e: Event) -> str:
    """seed 000 "Breaking Items": the Strength check against the break DC."""
    o = e.outcome
    st = e.total("Strength check")
    mod = f" ({st.value:+d})" if st else ""
    verdict = "it bursts open" if o.get("result") == "broken" else "it holds"
    return (
        f"{e.actor} tries to break the {o.get('door')} at {o.get('at')}: Strength check "
        f"{o.get('total')}{mod} vs DC {o.get('dc')}: {verdict}"
    )


def _trip(e: Event) -> str:
    """seed 000 "Trip": the touch attack, the opposed check, the counter-trip."""
    o = e.outcome
    parts = [_touch(e)] if o.get("touch_total") is not None else []
    if o.get("check"):
        parts.append(_contest(e, "trip", o["check"]))
    if o.get("counter"):
        parts.append(_contest(e, "counter-trip", o["counter"]))
    result = {
        "tripped": f"{e.target} falls prone",
        "failed": "the trip fails",
        "missed": "the touch attack misses",
        "concealed": "concealment spoils the touch attack",
        "countered": f"{e.target} trips {e.actor} back: {e.actor} falls prone",
        "let go": f"{e.actor} lets go of its {o.get('weapon')} rather than fall",
    }.get(o.get("result", ""), str(o.get("result")))
    how = "" if o.get("weapon") == "unarmed strike" else f" with {o.get('weapon')}"
    if o.get("free"):  # a monster's Trip (Ex): no touch attack, no counter-trip
        return (
            f"{e.actor}'s {o.get('weapon')} hit lets it trip {e.target} as a free action "
            f"(Trip (Ex): no touch attack, no counter-trip): {'; '.join(parts)}: {result}"
        )
    return f"{e.actor} tries to trip {e.target}{how}: {'; '.join(parts)}: {result}"


def _touch(e: Event, ac_name: str = "touch armor class", label: str = "touch AC") -> str:
    """``touch attack d20 12 +9 = 21 vs touch AC 10``, or "" without a touch attack."""
    o = e.outcome
    if o.get("touch_total") is None:
        return ""
    ac = e.total(ac_name)
    bonus = e.total("touch attack bonus")
    b = f" {bonus.value:+d}" if bonus else ""
    return (
        f"touch attack d20 {o.get('touch_natural')}{b} = {o['touch_total']} "
        f"vs {label} {ac.value if ac else '?'}"
    )


def _grapple(e: Event) -> str:
    """seed 000 "Starting a Grapple": the grab, the hold, and why it failed."""
    o = e.outcome
    parts = [p for p in (_touch(e), _contest(e, "grapple", o.get("check"))) if p]
    result = {
        "held": f"{e.actor} gets a hold: the two are grappling",
        "failed": f"{e.target} breaks free of the hold",
        "missed": "the grab misses",
        "concealed": "concealment spoils the grab",
        "too large": f"{e.target} is two or more sizes larger: the hold fails",
        "spoiled": "the attack of opportunity dealt damage: the grapple attempt fails",
    }.get(o.get("result", ""), str(o.get("result")))
    verb = "joins the grapple with" if o.get("joining") else "tries to grapple"
    if o.get("grab"):  # SRD "Improved Grab": a free hold after the hit, no touch attack
        verb = f"grabs {e.target} with its {o['grab']} (improved grab: a free grapple, no"
        verb += " attack of opportunity, no touch attack) and tries to hold"
        if o.get("part_hold"):  # the hold with the grabbing part alone: -20, not grappling
            verb += f" with its {o['grab']} alone (-20)"
        if o.get("result") == "held":
            result += f", and pulls {e.target} into its space"
            if o.get("part_hold"):
                result = (
                    f"{e.actor} holds {e.target} with its {o['grab']} alone and pulls it into "
                    "its space: it is not grappling itself"
                )
    return f"{e.actor} {verb} {e.target}: " + "; ".join([*parts, result])


def _garrote(e: Event) -> str:
    """seed 000 "Garrote Attacks": placing the garrote (touch attack against the garrote
    AC: touch AC plus neck protection), the strangle's grapple check, and the result."""
    o = e.outcome
    ac = _touch(e, "garrote armor class", "garrote AC (touch AC + neck protection)")
    parts = [p for p in (ac, _contest(e, "grapple", o.get("check"))) if p]
    result = {
        "strangling": f"the garrote is in place: {e.target} is garroted and grappled",
        "slipped free": f"{e.target} wins the grapple check and slips free of the garrote",
        "missed": "the garrote misses the neck",
        "concealed": "concealment spoils the garrote",
        "spoiled": "the attack of opportunity dealt damage: the garrote attack fails",
    }.get(o.get("result", ""), str(o.get("result")))
    return f"{e.actor} tries to garrote {e.target} with a {o.get('weapon')}: " + "; ".join(
        [*parts, result]
    )


def _grapple_check(e: Event) -> str:
    """An option in a grapple: the opposed check(s) and whether it succeeded."""
    o = e.outcome
    check = o.get("check") or []
    against = o.get("against") or []
    mine = e.totals[0][1] if e.totals else None
    m = f" ({mine.value:+d})" if mine else ""
    label = e.totals[0][0] if e.totals else "grapple check"
    if not against:
        vs = "nobody holds on"
    else:
        theirs = [
            f"{who} {total}"
            + (f" ({t.value:+d})" if (t := e.total(f"grapple check of {who}")) else "")
            for who, total in zip(against, check[1:], strict=False)
        ]
        vs = "vs " + ", ".join(theirs)
    done = "succeeds" if o.get("won") else "fails"
    first = check[0] if check else "?"
    return f"{e.actor} tries to {o.get('option')} ({e.target}): {label} {first}{m} {vs}: {done}"


def _climb(e: Event) -> str:
    """seed 001 "Getting up": the grab and the Strength contest."""
    o = e.outcome
    parts = [p for p in (_touch(e), _contest(e, "climb", o.get("check"))) if p]
    result = {
        "up": f"{e.actor} pulls itself up onto {e.target}'s back",
        "shaken off": f"{e.target} shakes {e.actor} off",
        "missed": "the grab misses",
    }.get(o.get("result", ""), str(o.get("result")))
    return f"{e.actor} tries to climb onto {e.target}: " + "; ".join([*parts, result])


def _splash(e: Event) -> str:
    """seed 000 "Throw Splash Weapon": the attack, where a miss went, who is splashed."""
    o = e.outcome
    ac = e.total("armor class")
    bonus = e.total("attack bonus")
    b = f" {bonus.value:+d}" if bonus else ""
    kind = "touch AC" if e.target else "AC"
    roll = f"d20 {o.get('natural')}{b} = {o.get('total')} vs {kind} {ac.value if ac else '?'}"
    aim = o.get("aim")
    if o.get("result") == "hit":
        what = f"a direct hit on {aim}" if e.target else f"it bursts on the intersection {aim}"
    else:
        why = "concealment spoils the throw" if o.get("result") == "concealed" else "it misses"
        what = (
            f"{why}: the d8 sends it {o.get('direction')}, {o.get('scatter_squares')} "
            f"square(s) (for {o.get('increments')} range increment(s)), to {o.get('lands')}"
        )
    splashed = o.get("splashed") or []
    hit = (
        f"; the splash reaches {', '.join(splashed)}" if splashed else "; the splash reaches no one"
    )
    return (
        f"{e.actor} throws {o.get('weapon')} at {aim} ({o.get('distance')} ft): {roll}: {what}{hit}"
    )


def _autofire(e: Event) -> str:
    """seed 004 "Autofire": the roll against the area's Defense 10, then each Reflex save."""
    o = e.outcome
    bonus = e.total("attack bonus")
    b = f" {bonus.value:+d}" if bonus else ""
    roll = f"d20 {o.get('natural')}{b} = {o.get('total')} vs Defense 10"
    head = (
        f"{e.actor} sprays the area {o.get('area')} with {o.get('weapon')} on autofire "
        f"({o.get('bullets')} bullets): {roll}"
    )
    if o.get("result") != "hit":
        return f"{head}: a miss, the bullets wasted"
    saves = o.get("saves") or []
    if not saves:
        return f"{head}: a hit, but no one is in the area"
    each = ", ".join(
        f"{s['id']} {s['natural']} = {s['total']} "
        + ("saved" if s["saved"] else "failed: takes the weapon's damage")
        for s in saves
    )
    return f"{head}: a hit; Reflex saves (DC {o.get('dc')}): {each}"


def _saves_text(saves: list[dict[str, object]]) -> str:
    return ", ".join(
        f"{s['id']} {s['natural']} = {s['total']} " + ("saved: half" if s["saved"] else "failed")
        for s in saves
    )


def _planted_burst(e: Event) -> str:
    """seed 004 "Grenades and Explosives": a planted explosive goes off on its timer."""
    o = e.outcome
    head = f"{e.actor}'s planted {o.get('weapon')} goes off at {o.get('bursts_at')}"
    saves = o.get("saves") or []
    if not saves:
        return f"{head}, catching no one"
    return (
        f"{head} ({o.get('radius')}-ft burst, {o.get('damage')} damage): "
        f"Reflex saves (DC {o.get('dc')}): {_saves_text(saves)}"
    )


def _explosive(e: Event) -> str:
    """seed 004 "Thrown Explosives": the roll (or none), where it bursts, each save."""
    o = e.outcome
    head = f"{e.actor} throws {o.get('weapon')} at {o.get('aim')} ({o.get('distance')} ft)"
    if not o.get("rolled"):
        how = "within one range increment: no attack roll"
    else:
        bonus = e.total("attack bonus")
        b = f" {bonus.value:+d}" if bonus else ""
        how = f"d20 {o.get('natural')}{b} = {o.get('total')} vs Defense 10"
        if o.get("result") == "hit":
            how += ": it lands in the square"
        else:
            how += (
                f": a miss, the d8 sends it {o.get('direction')} "
                f"{o.get('scatter_squares')} square(s)"
            )
    where = f"it bounces to the {o.get('corner')} corner and bursts at {o.get('bursts_at')}"
    saves = o.get("saves") or []
    if not saves:
        return f"{head}: {how}; {where}, catching no one"
    return (
        f"{head}: {how}; {where} ({o.get('radius')}-ft burst, {o.get('damage')} damage): "
        f"Reflex saves (DC {o.get('dc')}): {_saves_text(saves)}"
    )


def _cover_struck(e: Event) -> str:
    """seed 004 "Striking the Cover Instead of a Missed Target"."""
    o = e.outcome
    ac = e.total("armor class")
    head = (
        f"{e.actor}'s {o.get('total')} misses {o.get('aimed')} only for the cover: it strikes "
        f"{e.target} (AC {ac.value if ac else '?'})"
    )
    struck = o.get("struck")
    if struck == e.target:
        return f"{head}, who takes the blow"
    if struck:
        return (
            f"{head}, who dodges out of the way (Dex and dodge +{o.get('dodge')}): {struck} is hit"
        )
    return f"{head}, and misses it too"


def _pounce(e: Event) -> str:
    """SRD "Pounce": the charge ends in a full attack, rakes included."""
    attacks = ", ".join(e.outcome.get("attacks", ()))
    return f"{e.actor} pounces on {e.target}: a full attack at the end of its charge ({attacks})"


def _trample_save(e: Event) -> str:
    """SRD "Trample": the Reflex save of a foe run over, for half damage."""
    o = e.outcome
    save = e.total("reflex save")
    b = f" {save.value:+d}" if save else ""
    verdict = "saved: half damage" if o.get("saved") else "failed: full damage"
    return (
        f"{e.actor}, run over by {e.target}, makes no attack of opportunity and tries a "
        f"Reflex save: d20 {o.get('natural')}{b} = {o.get('total')} vs DC {o.get('dc')}: {verdict}"
    )


def _trample(e: Event) -> str:
    o = e.outcome
    text = _move(e)
    over = o.get("trampled") or []
    return text + (f", running over {', '.join(over)}" if over else ", running over nobody")


def _trampled(e: Event) -> str:
    return f"{e.actor} tramples {e.target} (no attack roll: the damage follows)"


def _bull_rush(e: Event) -> str:
    """seed 000 "Bull Rush": the opposed Strength checks and how far they push."""
    o = e.outcome
    how = " at the end of its charge" if o.get("charging") else ""
    contest = _contest(e, "bull rush", o.get("check"))
    if o.get("result") != "pushed":
        pair = o.get("check") or [0, 1]
        tie = " (a tie is not enough)" if pair[0] == pair[1] else ""
        return (
            f"{e.actor} bull rushes {e.target}{how}: {contest}: the bull rush fails{tie}, "
            f"{e.actor} is back where it was"
        )
    along = ", moving with it" if o.get("follow") else ""
    return f"{e.actor} bull rushes {e.target}{how}: {contest}: pushed {o.get('push_ft')} ft{along}"


def _pushed(e: Event) -> str:
    o = e.outcome
    text = f"{e.target} is pushed from {o.get('start')} to {o.get('end')} ({o.get('pushed_ft')} ft)"
    if o.get("stopped"):
        text += ", stopped short"
    follower = o.get("follower_path") or []
    if follower:
        text += f"; {e.actor} moves with it to {follower[-1]}"
    return text


def _overrun(e: Event) -> str:
    """seed 000 "Overrun": the opposed checks and the counter-attempt (seed 004: a trip
    attack decides, told by the trip's own line)."""
    o = e.outcome
    how = " as part of its charge" if o.get("charging") else ""
    if o.get("result") == "blocked":
        return f"{e.target} blocks {e.actor}'s overrun: a trip attack decides (seed 004)"
    parts = [_contest(e, "overrun", o.get("check"))]
    if o.get("counter"):
        parts.append(_contest(e, "counter", o["counter"]))
    result = {
        "knocked down": f"{e.target} is knocked prone and {e.actor} goes on",
        "failed": f"the overrun fails: {e.actor} stops before {e.target}",
        "countered": f"{e.target} knocks {e.actor} prone in turn: its movement ends",
    }.get(o.get("result", ""), str(o.get("result")))
    return f"{e.actor} tries to overrun {e.target}{how}: {'; '.join(parts)}: {result}"


def _grab(e: Event) -> str:
    """seed 004 "Grabbing": the grab alone, a melee touch attack that starts no grapple."""
    o = e.outcome
    result = {
        "grabbed": f"it grabs {e.target} (and holds nothing: no grapple starts)",
        "missed": "a miss",
        "concealed": "the concealment spoils it",
    }.get(o.get("result", ""), str(o.get("result")))
    return f"{e.actor} only grabs at {e.target}: touch {o.get('touch_total')}: {result}"


def _tumble(e: Event) -> str:
    """SRD combat-ii "Moving Through a Square" (SRD Tumble, DC 25): the check and
    where the tumbler ends."""
    o = e.outcome
    got, dc = o.get("check"), o.get("dc")
    if o.get("result") == "through":
        return f"{e.actor} tumbles through {e.target}'s space: Tumble {got} against DC {dc}"
    return (
        f"{e.actor} fails to tumble through {e.target}'s space: Tumble {got} against DC {dc}: "
        f"it stops before {e.target} and provokes an attack of opportunity from it"
    )


def _astray(e: Event) -> str:
    o = e.outcome
    d = f"d% {o.get('roll')}"
    if o.get("strays"):
        return (
            f"{e.actor}'s attack of opportunity goes astray ({d} <= {o.get('percent')}): "
            f"it strikes {e.target} instead of {o.get('meant')}"
        )
    return f"{e.actor}'s attack of opportunity stays on {e.target} ({d} > {o.get('percent')})"


def _feint(e: Event) -> str:
    """seed 000 "Feint": Bluff against Sense Motive + base attack bonus."""
    o = e.outcome
    bluff, sense = e.total("bluff check"), e.total("sense motive check")
    mine, theirs = o.get("check") or ["?", "?"]
    b = f" ({bluff.value:+d})" if bluff else ""
    t = f" ({sense.value:+d})" if sense else ""
    text = (
        f"{e.actor} feints {e.target} ({o.get('action')} action): Bluff {mine}{b} vs "
        f"Sense Motive + base attack {theirs}{t}"
    )
    if o.get("result") == "feinted":
        return text + (
            f": {e.target} is misled and loses its Dexterity bonus against {e.actor}'s "
            f"next melee attack (on or before {e.actor}'s next turn)"
        )
    if mine == theirs:
        return text + ": a tie fails (the Bluff must exceed the Sense Motive)"
    return text + f": {e.target} is not fooled"


def _gaze(e: Event) -> str:
    """SRD special abilities "Gaze Attacks": a save, unless averted or shut eyes or
    limited visibility spare the viewer (their rolls shown)."""
    o = e.outcome
    how = "actively gazes at" if o.get("active") else "meets the gaze of"
    who = f"{e.actor} {how} {e.target}" if o.get("active") else f"{e.target} {how} {e.actor}"
    chances = "; ".join(f"{roll_text(r)} ({r.purpose})" for r in e.rolls if r.dice != "1d20")
    spared = o.get("spared")
    if spared == "eyes shut":
        return f"{who}: its eyes are shut, no save"
    if spared == "mirror":
        return f"{who} in a mirror: the mirror takes the gaze and shatters, no save"
    if spared:
        return f"{who}: spared by {spared} ({chances}), no save"
    save = e.total(f"{o.get('save')} save")
    b = f" {save.value:+d}" if save else ""
    lead = f"{who} ({chances}): " if chances else f"{who}: "
    verdict = "saved" if o.get("result") == "saved" else f"failed: {o.get('result')}"
    if o.get("rounds"):
        verdict += f" for {o.get('rounds')} rounds"
    return (
        f"{lead}{str(o.get('save')).capitalize()} save d20 {o.get('natural')}{b} = "
        f"{o.get('total')} vs DC {o.get('dc')}: {verdict}"
    )


def _energy_drain(e: Event) -> str:
    """SRD "Energy Drain and Negative Levels": the levels bestowed and what they cost."""
    o = e.outcome
    n = o.get("levels")
    crit = " (critical hit: twice)" if o.get("critical") else ""
    text = (
        f"{e.actor} drains {e.target}: {n} negative level{'s' if n != 1 else ''}{crit}, "
        f"{o.get('negative_levels')} in all (-{o.get('negative_levels')} on attacks, saves "
        f"and checks; 5 hp each: {e.target} {o.get('hp')} of {o.get('max_hp')} hp); "
        f"{e.actor} gains {o.get('temp_hp')} temporary hp"
    )
    return text + (f"; as many as its Hit Dice: {e.target} dies" if o.get("dead") else "")


def _ability_drain(e: Event) -> str:
    """SRD "Ability Score Loss": the Fortitude save, if any, and the points drained."""
    o = e.outcome
    name = str(o.get("ability")).capitalize()
    lead = f"{e.actor}'s touch drains {e.target}'s {name}"
    if o.get("dc") is not None:
        save = e.total("fortitude save")
        b = f" {save.value:+d}" if save else ""
        lead += f": Fort save d20 {o.get('natural')}{b} = {o.get('total')} vs DC {o.get('dc')}"
        if o.get("saved"):
            return lead + ": saved, nothing drained"
        lead += ": failed"
    crit = " (critical hit: two dice)" if o.get("critical") else ""
    return (
        f"{lead}; {o.get('points')} point{'s' if o.get('points') != 1 else ''} of {name} "
        f"drained{crit}, {name} now "
        f"{o.get('score')}; {e.actor} gains {o.get('temp_hp')} temporary hp"
    )


def _eyes(e: Event) -> str:
    how = e.outcome.get("how")
    what = {
        "avert": "averts its eyes from gazes (50% chance of no save; gazers 20% concealed)",
        "shut": "shuts its eyes against gazes (safe, but blinded)",
        "open": "looks again (its eyes meet gazes)",
    }.get(str(how), str(how))
    return f"{e.actor} {what}"


_TURN_VERBS = {
    "turn": "turns",
    "greater": "makes a greater turning against",
    "rebuke": "rebukes",
    "bolster": "bolsters",
}
_TURN_RESULTS = {
    "turned": "turned (flees for 10 rounds, cowers if it cannot)",
    "destroyed": "destroyed (level at least twice its Hit Dice)",
    "rebuked": "rebuked (cowers in awe for 10 rounds)",
    "commanded": "commanded (now fights for {actor})",
    "dispelled": "freed of a foe's turning (the check equals or beats it)",
    "bolstered": "bolstered (counts {max_hd} Hit Dice against turning for 10 rounds)",
}


def _turning(e: Event) -> str:
    """seed 000 "Turn Or Rebuke Undead": the turning check, the table's row, the
    turning damage, and what happened to each creature within 60 ft."""
    o = e.outcome
    mod = e.total("turning check")
    m = f" ({mod.value:+d})" if mod else ""
    verb = _TURN_VERBS.get(str(o.get("mode")), "channels energy at")
    text = (
        f"{e.actor} {verb} {o.get('creatures')} ({o.get('ability')} ability, "
        f"{o.get('uses_left')} uses left today): turning check {o.get('check')}{m}, "
        f"row {o.get('row')} = up to {o.get('max_hd')} HD at level {o.get('level')}"
    )
    reached = o.get("reached") or []
    if not reached:
        return text + ": no such creature within 60 ft and line of effect"
    if o.get("damage") is None:
        return (
            text
            + ": too weak for any of them ("
            + ", ".join(f"{k} {eff} HD" for k, _, eff in reached)
            + "), so no turning damage is rolled"
        )
    greater = o.get("mode") == "greater"
    parts = [
        "destroyed (a greater turning destroys what it would turn)"
        if greater and r == "destroyed"
        else _TURN_RESULTS.get(str(r), str(r)).format(actor=e.actor, max_hd=o.get("max_hd"))
        for _, _, r in o.get("affected") or []
    ]
    done = "; ".join(
        f"{k} ({hd} HD) {p}" for (k, hd, _), p in zip(o.get("affected") or [], parts, strict=True)
    )
    hit = {k for k, _, _ in o.get("affected") or []}
    skipped = set(o.get("skipped") or ())
    missed = [f"{k} ({eff} HD)" for k, _, eff in reached if k not in hit and k not in skipped]
    text += f"; turning damage {o.get('damage')} (2d6+{o.get('damage_bonus')}) HD, closest first"
    text += f": {done}" if done else ": not enough for any of them"
    if missed:
        text += f"; unaffected: {', '.join(missed)}"
    if skipped:
        text += f"; skipped, already under a turning: {', '.join(sorted(skipped))}"
    return text


def _aid(e: Event) -> str:
    """seed 000 "Aid Another": an attack roll against AC 10."""
    o = e.outcome
    bonus = e.total("attack bonus")
    b = bonus.value if bonus else 0
    nat = o.get("natural")
    friend = o.get("friend")
    text = (
        f"{e.actor} aids {friend} against {e.target} ({o.get('aid')}, {o.get('weapon')}): "
        f"d20 {nat} {b:+d} = {o.get('total')} vs AC 10"
    )
    if o.get("result") != "aided":
        return text + (": a natural 1 always misses" if nat == 1 else ": miss, no aid")
    attack = o.get("aid") == "attack"
    if o.get("lasts") == "friend-next-turn":  # seed 004
        gain = f"+2 on its attacks against {e.target}" if attack else "+2 to its Defense"
        when = "in its next turn" if attack else f"against {e.target} until its next turn ends"
    else:
        gain = (
            f"+2 on its next attack roll against {e.target}"
            if attack
            else f"+2 to its AC against {e.target}'s next attack"
        )
        when = f"before the start of {e.actor}'s next turn"
    return text + f": hit: {friend} gets {gain} ({when})"


def _coup_de_grace(e: Event) -> str:
    """SRD combat-ii "Coup de Grace": the search, the blow, the Fortitude save."""
    o = e.outcome
    result = o.get("result")
    if result == "found":
        return (
            f"{e.actor} spends a full-round action finding {e.target} (total concealment): "
            "the coup de grace itself takes its next full-round action"
        )
    if result in ("survived", "killed"):
        fort = e.total("fortitude save")
        f = f" {fort.value:+d}" if fort else ""
        verdict = "survives" if result == "survived" else "dies"
        return (
            f"  {e.target} makes a Fortitude save against DC {o.get('dc')} (10 + "
            f"{o.get('damage')} damage): d20 {o.get('natural')}{f} = {o.get('total')}: "
            f"{verdict}"
        )
    extra = f", sneak attack {o['sneak_attack']}" if o.get("sneak_attack") else ""
    return (
        f"{e.actor} delivers a coup de grace to {e.target} with {o.get('weapon')}: an "
        f"automatic hit and critical hit{extra}"
    )


def _effect_ends(e: Event) -> str:
    o = e.outcome
    what = {
        "aid-attack": f"+2 on attacks against {e.target} from {o.get('by')}'s aid",
        "aid-defense": f"+2 AC against {e.target} from {o.get('by')}'s aid",
        "feint": f"feint against {e.target}",
        "found": f"search for {e.target}",
    }.get(o.get("effect", ""), str(o.get("effect")))
    return f"{e.actor}'s {what} runs out"


def _generic(e: Event) -> str:
    details = ", ".join(f"{k} {v}" for k, v in e.outcome.items() if v not in (None, (), []))
    rolls = "; ".join(roll_text(r) + f" ({r.purpose})" for r in e.rolls)
    text = f"{e.actor}: {e.type}"
    if details:
        text += f" ({details})"
    if rolls:
        text += f" [{rolls}]"
    return text


def _move(e: Event) -> str:
    o = e.outcome
    path = o.get("path") or []
    verb = {
        "move": "moves",
        "step": "takes a 5-foot step",
        "withdraw": "withdraws",
        "run": "runs",
        "charge": "charges",
        "crawl": "crawls",
        "swim": "swims",
        "climb-over": "climbs over",
        "trample": "tramples",
    }.get(e.type, e.type)
    text = f"{e.actor} {verb} from {o.get('start')} to {o.get('end')}"
    if len(path) > 1:
        text += f" (via {' '.join(path[:-1])})"
    if o.get("stopped"):
        text += ", and is stopped there"
    return text


def _swim_check(e: Event) -> str:
    """seed 000 "Underwater Combat" notes 2 and 4: a creature without a swim speed."""
    o = e.outcome
    swim = e.total("swim check")
    mod = f" ({swim.value:+d})" if swim else ""
    why = "to stay afloat" if o.get("why") == "stay afloat" else "to swim in"
    text = f"{e.actor} makes a Swim check {why}: {o.get('total')}{mod} vs DC {o.get('dc')}"
    result = o.get("result")
    if result == "swims":
        return text + ": it swims (a quarter of its speed as a move action, half as a full round)"
    text += ": it fails"
    if result == "goes-under":
        text += " by 5 or more and goes under"
    if o.get("off_balance"):
        text += "; flailing, it is off balance (no Dex to AC, +2 to hit it)"
    return text


def _holding_breath(e: Event) -> str:
    """A173: out of breath under water, a Constitution check each round."""
    o = e.outcome
    con = e.total("constitution check")
    mod = f" ({con.value:+d})" if con else ""
    text = (
        f"{e.actor} is out of breath under water: Constitution check {o.get('total')}{mod} "
        f"vs DC {o.get('dc')}"
    )
    if o.get("result") == "drowns":
        return text + ": it begins to drown and falls unconscious"
    return text + ": it holds on"


def _climb_check(e: Event) -> str:
    """A174: one Climb check, DC 15, for a climb over a face."""
    o = e.outcome
    climb = e.total("climb check")
    mod = f" ({climb.value:+d})" if climb else ""
    how = "takes 10 on" if o.get("took_10") else "makes"
    fast = " (accelerated)" if o.get("fast") else ""
    text = f"{e.actor} {how} a Climb check{fast}: {o.get('total')}{mod} vs DC {o.get('dc')}"
    result = o.get("result")
    if result == "climbs":
        return text + ": it climbs"
    if result == "stuck":
        return text + ": it makes no progress"
    return text + f": it falls, {o.get('fall_damage')} damage, prone ({o.get('hp')} hp)"


def _run_check(e: Event) -> str:
    """seed 004 "Run": past Constitution rounds, a Constitution check each round."""
    o = e.outcome
    con = e.total("constitution check")
    mod = f" ({con.value:+d})" if con else ""
    text = (
        f"{e.actor} has run {o.get('rounds')} rounds in a row: Constitution check "
        f"{o.get('total')}{mod} vs DC {o.get('dc')}"
    )
    if o.get("result") == "stops":
        return text + ": it must stop running and rest 1 minute (10 rounds)"
    return text + ": it keeps running"


def _provoked(e: Event) -> str:
    return (
        f"{e.target} provokes an attack of opportunity from {e.actor} ({e.outcome.get('reason')})"
    )


def _turn(e: Event) -> str:
    o = e.outcome
    state = o.get("state")
    limited = " - one action only" if o.get("single") else ""
    cond = f", {state}" if state and state != "healthy" else ""
    return f"{e.actor}'s turn ({o.get('hp')} hp{cond}{limited})"


def _round(e: Event) -> str:
    o = e.outcome
    if o.get("surprise"):
        return "Surprise round: only the aware act, one standard or move action each"
    if "order" in o:
        return "Initiative order: " + ", ".join(o["order"])
    when = f" ({o['seconds']} seconds in)" if "seconds" in o else ""
    return f"Round {o.get('round')} begins{when}"


def _outcome(e: Event) -> str:
    o = e.outcome
    rounds = f"{o.get('rounds')} rounds"
    if "seconds" in o:
        rounds += f", {o['seconds']} seconds"
    if o.get("kind") == "truncated":
        return f"The fight is truncated at the round limit ({rounds})"
    if o.get("winner"):
        return f"Victory for {o['winner']} after {rounds}"
    return f"Nobody is left standing after {rounds}"


def _dying(e: Event) -> str:
    o = e.outcome
    rolls = "; ".join(roll_text(r) for r in e.rolls)
    notes = ", ".join(o.get("notes", ()))
    return f"{e.actor} is dying: {notes} [{rolls}] (now {o.get('hp')} hp, {o.get('state')})"


def _simple(text: str) -> Callable[[Event], str]:
    def render(e: Event) -> str:
        return text.format(actor=e.actor, target=e.target, **e.outcome)

    return render


def _cut_free(e: Event) -> str:
    """SRD "Swallow Whole": a blow at the interior, and how far the hole has come."""
    o = e.outcome
    head = f"{e.actor} cuts at {e.target}'s insides with its {o.get('weapon')}: "
    roll = _against_ac(e, "interior")
    if o.get("result") == "miss":
        return head + f"{roll}: miss ({o.get('cut')} of {o.get('needed')} cut)"
    text = head + f"{roll}: hit, {o.get('damage')} damage, {o.get('cut')} of {o.get('needed')} cut"
    return text + (": it cuts its way out" if o.get("result") == "free" else "")


_OUT = {
    "cut free": "{actor} cuts its way out of {target} and steps out at {end}",
    "mouth": "{actor} escapes {target}'s gullet back into its mouth ({end}): held again",
    "dead": "{actor} comes out of dead {target} at {end}",
    "fled": "{actor} comes out of {target}, which flees, at {end}",
    "surrendered": "{actor} comes out of {target}, which surrenders, at {end}",
}


RENDERERS: dict[str, Callable[[Event], str]] = {
    "attack": _attack,
    "aoo": _attack,
    "readied attack": _attack,
    "cleave": _attack,
    "rake": _attack,
    "pounce": _pounce,
    "trample": _trample,
    "trampled": _trampled,
    "trample-save": _trample_save,
    "damage": _damage,
    "initiative": _initiative,
    "move": _move,
    "step": _move,
    "withdraw": _move,
    "run": _move,
    "charge": _move,
    "crawl": _move,
    "swim": _move,
    "swim-check": _swim_check,
    "climb-over": _move,
    "climb-check": _climb_check,
    "run-check": _run_check,
    "holding-breath": _holding_breath,
    "drowning": _simple("{actor} drowns ({hp} hp)"),
    "provoked": _provoked,
    "trip": _trip,
    "grapple": _grapple,
    "grab": _grab,
    "garrote": _garrote,
    "grapple-check": _grapple_check,
    "swallow": _simple("{actor} swallows {target} whole (SRD Swallow Whole): it is inside"),
    "swallow-damage": _simple("{target} is crushed and digested inside {actor} ({damage})"),
    "cut-free": _cut_free,
    "swallow-out": lambda e: _OUT.get(str(e.outcome.get("why")), "{actor} comes out").format(
        actor=e.actor, target=e.target, end=e.outcome.get("end")
    ),
    "climb": _climb,
    "move-in": _simple("{actor} moves into {target}'s space ({start} to {end})"),
    "step-out": _simple("{actor} moves out of the grapple ({start} to {end})"),
    "settle": _simple("{actor} may not stay in {start} and is put in {end}"),
    "grapple-ends": _simple("{actor} and {target} are no longer grappling ({why})"),
    "release": _simple("{actor} lets go of {target}"),
    "move-grapple": lambda e: (
        f"{e.actor} moves the grapple from {e.outcome['start']} to {e.outcome['end']}, "
        f"dragging {', '.join(e.outcome.get('dragged') or []) or 'nobody'}"
    ),
    "into-grapple": _simple("{actor}'s shot into the grapple strikes {target} at random"),
    "shake-off": lambda e: (
        f"{e.actor} tries to shake {e.target} off: "
        f"{_contest(e, 'shake', e.outcome.get('check'))}: {e.target} {e.outcome.get('result')}"
    ),
    "fall": _simple("{actor} falls off {target} ({why}): prone at {end}, {damage} damage, {hp} hp"),
    "climb-down": _simple("{actor} climbs down from {target} to {end}"),
    "climb-about": _simple("{actor} moves about on {target}'s back from {start} to {end}"),
    "carrier-check": lambda e: (
        f"{e.actor} moves about on {e.target}'s back: {e.outcome['skill'].title()} "
        f"{e.outcome['total']} vs DC {e.outcome['dc']}: "
        + ("it holds on" if e.outcome["total"] >= e.outcome["dc"] else "it loses its hold")
    ),
    # flight (encounter.flight)
    "fly": lambda e: (
        f"{e.actor} flies {'up' if e.outcome['altitude'] > e.outcome['start'] else 'down'} "
        f"from {e.outcome['start']} ft to {e.outcome['altitude']} ft "
        f"({e.outcome['cost']} ft of its movement)"
    ),
    "stall": _simple(
        "{actor} stalls: it flew {flown} ft of the {needed} ft it needs to stay aloft"
    ),
    "descend": _simple("{actor} comes down from {start} ft to {altitude} ft ({why})"),
    "hover": lambda e: (
        f"{e.actor} halts and hovers {e.outcome['altitude']} ft up (half speed, no wing attacks)"
        if e.outcome["hovering"]
        else f"{e.actor} stops hovering and flies on"
    ),
    "crash": lambda e: (
        f"{e.actor} crashes to the ground from {e.outcome['start']} ft ({e.outcome['why']}): "
        + (
            f"{e.outcome['dice']} falling damage, {e.outcome['damage']} damage, "
            f"{e.outcome['hp']} hp ({e.outcome['state']})"
            if e.outcome["dice"]
            else "too short a fall to hurt (under 10 ft)"
        )
    ),
    "dive": lambda e: (
        f"{e.actor} {'swoops' if e.outcome['swoop'] else 'dives'} at {e.target} from "
        f"{e.outcome['start']} ft to {e.outcome['altitude']} ft: one claw, double damage"
    ),
    "flyby": _simple("{actor} flies past {target}, striking from {at}"),
    "stay-aloft": lambda e: (
        f"{e.actor}, hurt for {e.outcome['damage']} in the air: Reflex {e.outcome['total']} "
        f"against DC {e.outcome['dc']}, "
        + ("it stays aloft" if e.outcome["saved"] else "it stalls")
    ),
    "clinging-ends": _simple("{actor} no longer clings to {target}"),
    "soft-fall": _simple(
        "{actor}'s mount {target} falls: Ride check {total} vs DC {dc}, a soft fall at {end}"
    ),
    "stays-in-saddle": _simple("{actor}, knocked out, stays in {target}'s saddle"),
    "dismounted": _simple("{actor} is no longer on {target} ({why})"),
    "control": _simple(
        "{actor} fights to control the frightened {target}: Ride check {total} vs DC {dc}, {result}"
    ),
    "carried-off": _simple("{actor} is carried off the field by its mount {target}"),
    "knees": _simple(
        "{actor} guides {target} with its knees: Ride check {total} vs DC {dc}, {result}"
    ),
    "mount": lambda e: (
        f"{e.actor} gets onto {e.target}"
        + (
            f" (fast: Ride check {e.outcome.get('total')} vs DC {e.outcome.get('dc')})"
            if e.outcome.get("dc")
            else ""
        )
        + f", a {e.outcome.get('action')} action"
    ),
    "dismount": lambda e: (
        f"{e.actor} gets down from {e.target} to {e.outcome.get('end')}"
        + (
            f" (fast: Ride check {e.outcome.get('total')} vs DC {e.outcome.get('dc')})"
            if e.outcome.get("dc")
            else ""
        )
        + f", a {e.outcome.get('action')} action"
    ),
    "mount-initiative": _simple(
        "{actor} acts on its rider {target}'s initiative count ({result}), just before it"
    ),
    "balance": _simple("{actor} attacks two-handed on {target}'s back: Balance {total} vs DC {dc}"),
    "bull-rush": _bull_rush,
    "pushed": _pushed,
    "overrun": _overrun,
    "tumble": _tumble,
    "overrun-avoided": _simple("{actor} avoids {target}'s overrun and lets it pass"),
    "astray": _astray,
    "disarm": _disarm,
    "sunder": _sunder,
    "attack-object": _attack_object,
    "splash": _splash,
    "autofire": _autofire,
    "explosive": _explosive,
    "plant": _simple(
        "{actor} plants {weapon} at {at}, its timer set to {rounds} round(s) (round {due_round})"
    ),
    "planted-burst": _planted_burst,
    "cover-struck": _cover_struck,
    "break": _break,
    "feint": _feint,
    "gaze": _gaze,
    "energy-drain": _energy_drain,
    "ability-drain": _ability_drain,
    "eyes": _eyes,
    "turning": _turning,
    "relinquished": _simple("{actor} relinquishes command of {target}: it returns to {side}"),
    "ordered": _simple("{actor} gives {target} its orders (a standard action): it fights"),
    "turning-broken": _simple(
        "{actor} overcomes its turning: {target} came within {distance_ft} ft of it"
    ),
    "aid": _aid,
    "coup-de-grace": _coup_de_grace,
    "knockout-blow": _attack,
    "aimed shot": _attack,
    "burst": _attack,
    "effect-ends": _effect_ends,
    "turn": _turn,
    "round": _round,
    "outcome": _outcome,
    "dying": _dying,
    "condition-ends": lambda e: (
        f"{e.actor} wakes up: the wound ends its sleep"
        if e.outcome.get("by") == "damage" and e.outcome.get("condition") == "sleeping"
        else f"{e.actor} wakes up: {e.outcome.get('by')} slaps it awake"
        if e.outcome.get("by") not in (None, "damage") and e.outcome.get("condition") == "sleeping"
        else f"{e.actor} is no longer {e.outcome.get('condition')}"
        + (" (the wound ends it)" if e.outcome.get("by") == "damage" else "")
        + (" (an attack on it: an obvious threat)" if e.outcome.get("by") == "threat" else "")
    ),
    "total-defense": _simple("{actor} takes the total defense action (+4 dodge to AC)"),
    "stabilize": lambda e: (
        f"{e.actor} gives {e.target} first aid: {str(e.outcome.get('skill')).title()} "
        f"{e.outcome.get('total')} vs DC {e.outcome.get('dc')}: "
        + (
            f"{e.target} is stable"
            if e.outcome.get("result") == "stable"
            else f"{e.target} is still dying"
        )
    ),
    "deafening": lambda e: (
        f"the sonic blast ({e.outcome.get('sonic')}) rings in {e.target}'s ears: Fortitude "
        f"vs DC {e.outcome.get('dc')}: "
        + (
            f"deafened for {e.outcome.get('rounds')} rounds"
            if e.outcome.get("result") == "deafened"
            else "it keeps its hearing"
        )
    ),
    "conducted": lambda e: (
        f"{e.outcome.get('electricity')} electricity runs from {e.target} across the water "
        f"to {', '.join(map(str, e.outcome.get('victims', ())))}"
    ),
    "shattered": lambda e: (
        f"the sonic ({e.outcome.get('sonic')}) rings through the crystal in {e.actor}'s "
        f"hands: Fortitude vs DC {e.outcome.get('dc')}: "
        + (", ".join(f"{item} shatters" for item in e.outcome.get("shattered", ())) or "it holds")
    ),
    "corroded": lambda e: (
        f"{e.outcome.get('acid')} acid splashes {e.actor}'s gear: Reflex vs DC "
        f"{e.outcome.get('dc')}: "
        + (
            "; ".join(
                f"{item} loses {lost} hp ({left} left{', ruined' if not left else ''})"
                for item, lost, left in e.outcome.get("items", ())
            )
            or "its gear is unharmed"
            if e.outcome.get("result") == "corroded"
            else "its gear is safe"
        )
        + "".join(
            f"; {item} saves on its own ({bonus:+d}): {'safe' if ok else 'failed'}"
            for item, bonus, ok in e.outcome.get("own_saves", ())
        )
    ),
    "ignited": lambda e: (
        f"the fire ({e.outcome.get('fire')}) reaches the {e.outcome.get('item')} in "
        f"{e.actor}'s hand: Reflex vs DC {e.outcome.get('dc')}: "
        + (
            f"it ignites, {e.outcome.get('burn')} fire more"
            if e.outcome.get("result") == "ignited"
            else "shielded"
        )
    ),
    "activity": lambda e: (
        f"{e.actor} takes a {e.outcome.get('action')} action: "
        f"{ACTIVITIES[str(e.outcome.get('activity'))].label} ({e.outcome.get('effect')})"
    ),
    "delay": _simple("{actor} delays until after {after}"),
    "forfeit": _simple("{actor} loses its action for the round by delaying"),
    "ready": lambda e: (
        f"{e.actor} readies "
        + (f"to {e.outcome['free']}" if "free" in e.outcome else "an attack")
        + f" ({e.outcome.get('trigger')})"
    ),
    "readied": lambda e: (
        f"{e.actor}'s readied {e.outcome.get('action', 'attack')} triggers "
        f"({e.outcome.get('trigger')}) as {e.target} moves"
    ),
    "ready-lost": _simple("{actor}'s readied action lapses"),
    "stand": _simple("{actor} stands up"),
    "drop-prone": _simple("{actor} drops prone"),
    "draw": _simple("{actor} draws {weapon}"),
    "drop": lambda e: (
        f"{e.actor} drops {e.outcome['weapon']}"
        + (f" at {e.outcome['at']}" if "at" in e.outcome else "")
    ),
    "sheathe": _simple("{actor} sheathes {weapon}"),
    "load": _simple("{actor} loads {weapon} ({action} action)"),
    "pick-up": _simple("{actor} picks up {item}"),
    "speak": lambda e: (
        f"{e.actor} speaks"
        + (" (a free action on another's turn)" if e.outcome["off_turn"] else "")
    ),
    "retrieve": lambda e: (
        f"{e.actor} retrieves its stowed {e.outcome['item']} (move action)"
        + (f", letting {', '.join(e.outcome['dropped'])} fall" if e.outcome.get("dropped") else "")
    ),
    "stow": _simple("{actor} stows its {item} out of easy reach (move action)"),
    "shield": lambda e: (
        f"{e.actor} {'readies' if e.outcome['readied'] else 'slings'} its {e.outcome['shield']} "
        f"({e.outcome['action']} action): AC {e.outcome['ac']}"
    ),
    "open": _simple("{actor} opens the door at {at}"),
    "close": _simple("{actor} closes the door at {at}"),
    "escape": _simple("{actor} flees the battlefield"),
    "surrender": _simple("{actor} surrenders"),
    "stealth": _simple(
        "{actor} keeps out of sight (Hide {hide}) and quiet (Move Silently {move_silently})"
    ),
    "notice": lambda e: (
        f"{e.actor} looks and listens (Spot {e.outcome['spot']}, Listen {e.outcome['listen']}): "
        + (
            "notices " + ", ".join(e.outcome["noticed"])
            if e.outcome["aware"]
            else "notices no one and starts unaware"
        )
    ),
    "caught-unaware": _simple("{actor} is caught unaware: helpless until its first turn"),
    "hide": lambda e: (
        f"{e.actor} hides (Hide {e.outcome['check']}): "
        + ", ".join(
            f"{s['by']} {'loses sight of it' if s['by'] in e.outcome['unseen_by'] else 'sees it'}"
            f" (Spot {s['spot']} against {s['hide']}"
            + (", a tie: the higher modifier" if s["spot"] == s["hide"] else "")
            + ")"
            for s in e.outcome["spots"]
        )
        if e.outcome["spots"]
        else f"{e.actor} hides (Hide {e.outcome['check']}) from no one"
    ),
    "seek": lambda e: (
        f"{e.actor} looks for hidden foes (Spot {e.outcome['spot']}): "
        + ", ".join(
            f"{'finds' if f['found'] else 'misses'} {f['hider']} (DC {f['dc']}"
            + (f", {f['distance_penalty']} for distance" if f["distance_penalty"] else "")
            + ")"
            for f in e.outcome["found"]
        )
    ),
    "attack-square": lambda e: (
        f"{e.actor} attacks into {e.outcome['at']}, guessing: "
        + (_attack(e) if e.outcome["found"] else f"nothing there ({e.outcome['weapon']}): a miss")
    ),
    "revealed": lambda e: (
        f"{e.actor}'s attack gives its place away to {', '.join(e.outcome['to'])}"
    ),
    "flee": _simple("{actor}, {fear}, flees from {target} ({how}, to {end})"),
    "cower": _simple("{actor}, {fear} and cornered, cowers"),
    "condition-grows": _simple("{actor} was {held}; {new} again makes it {becomes}"),
    "no-action": _simple("{actor} cannot act ({conditions})"),
    "make-room": _simple(
        "{actor}, no longer helpless, gets out from under {target}: {start} -> {end}"
    ),
    "initiative-change": _simple("{actor}'s initiative count changes"),
    "dodge": _simple("{actor} designates {target} for its Dodge feat"),
    "strain": _simple("{actor} strains while disabled: now {hp} hp, {state}"),
}
SILENT = frozenset({"end-turn", "initiative-tie", "outcome"})


def explain(e: Event) -> Iterator[str]:
    """One line per total of the event: ``attack bonus 8 = +3 base attack ...``."""
    for label, total in e.totals:
        yield f"    {label}: {total.explain()}"


def _named(e: Event, names: Mapping[str, str]) -> Event:
    """The event with combatant ids replaced by their display names."""
    outcome = e.outcome
    lists = [k for k in ("order", "against", "dragged", "grapplers") if k in outcome]
    ids = [k for k in ("aimed", "struck") if isinstance(outcome.get(k), str)]
    if lists or ids or "after" in outcome or "reached" in outcome or "saves" in outcome:
        outcome = dict(outcome)
        for k in lists:
            outcome[k] = [names.get(i, i) for i in outcome[k]]
        if "after" in outcome:
            outcome["after"] = names.get(outcome["after"], outcome["after"])
        for key in ids:  # a creature's id: the one aimed at, the one struck
            outcome[key] = names.get(outcome[key], outcome[key])
        for key in ("reached", "affected"):  # a turning's creatures: [id, ...]
            if key in outcome:
                outcome[key] = [[names.get(x[0], x[0]), *x[1:]] for x in outcome[key]]
        if "skipped" in outcome:
            outcome["skipped"] = [names.get(i, i) for i in outcome["skipped"]]
        if "saves" in outcome:  # an autofire's saves: [{id, ...}, ...]
            outcome["saves"] = [{**s, "id": names.get(s["id"], s["id"])} for s in outcome["saves"]]
    return e._replace(
        actor=names.get(e.actor, e.actor),
        target=names.get(e.target, e.target) if e.target else e.target,
        outcome=outcome,
    )


def narrate(
    e: Event, *, explain_modifiers: bool = False, names: Mapping[str, str] | None = None
) -> list[str]:
    """The lines that tell ``e``: the sentence, then (optionally) its breakdowns.
    ``names`` maps combatant ids to the names to print."""
    if e.type in SILENT:
        return []
    if names:
        e = _named(e, names)
    lines = [RENDERERS.get(e.type, _generic)(e)]
    if explain_modifiers:
        lines.extend(explain(e))
    return lines


def narrate_all(
    events: Iterable[Event],
    *,
    explain_modifiers: bool = False,
    names: Mapping[str, str] | None = None,
) -> Iterator[str]:
    """Narrate a fight: round headers flush left, everything else indented."""
    for e in events:
        for line in narrate(e, explain_modifiers=explain_modifiers, names=names):
            yield line if e.type in ("round", "outcome") else "  " + line
