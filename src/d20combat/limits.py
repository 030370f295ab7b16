"""Every limit on what d20combat reads and runs, in one place.

Each input is checked against these before any work starts, and a refusal names the
limit. ``docs/limits.md`` lists them for users; a test keeps that page and this module
in step. The values keep any input of 1 MB or less within about 500 MB of memory and
10 seconds before the program answers (refuses it, or starts the fight).
"""

from __future__ import annotations

from typing import Final

# --- files -------------------------------------------------------------------------
#: A scenario, creature, build or ruleset file (YAML), in bytes.
MAX_FILE_BYTES: Final = 1 << 20
#: A saved fight (JSON), in bytes.
MAX_SAVE_BYTES: Final = 8 << 20
#: An event log (JSON lines), in bytes, and one line of it.
MAX_LOG_BYTES: Final = 64 << 20
MAX_LOG_LINE_BYTES: Final = 1 << 20
#: One SRD page read by ``import-srd`` (the SRD's largest is under 200 KiB).
MAX_PAGE_BYTES: Final = 8 << 20
#: How deep mappings and lists may nest in any file.
MAX_DEPTH: Final = 64
#: YAML aliases (``*name``) in one file.
MAX_ALIASES: Final = 1_000
#: Values in one YAML document, each alias counted as the values it stands for.
MAX_NODES: Final = 200_000
#: Values in one saved fight or log line (JSON).
MAX_JSON_NODES: Final = 1_000_000
#: The size of any number in a YAML data file (integers; floats must be finite).
MAX_NUMBER: Final = 10**9

# --- names -------------------------------------------------------------------------
#: A creature, build, scenario, side or combatant name, in characters.
MAX_NAME_LENGTH: Final = 100

# --- creatures ------------------------------------------------------------------------
#: A creature's base attack bonus (the SRD's highest is +48).
MAX_BAB: Final = 100
#: A speed, in feet (the SRD's fastest flier: 250 ft.).
MAX_SPEED_FT: Final = 1_000
#: A creature's space and its natural reach, in feet (the SRD's largest space: 40 ft.).
MAX_SPACE_FT: Final = 60
MAX_REACH_FT: Final = 60
#: Attacks one natural weapon makes (a twelve-headed hydra's 12 bites).
MAX_ATTACK_COUNT: Final = 20
#: Items of one carried weapon (thrown weapons, ammunition).
MAX_QUANTITY: Final = 1_000

# --- encounters ----------------------------------------------------------------------
#: A map's width and height, in squares (200 squares are 1,000 ft).
MAX_MAP_SIDE: Final = 200
#: Combatants in one scenario.
MAX_COMBATANTS: Final = 400
#: A scenario's round limit.
MAX_ROUND_LIMIT: Final = 1_000
# Hours of one rest (rules.hitpoints.rest): a year.
MAX_REST_HOURS: Final = 8_760
#: Combatants times the round limit: the most creature-turns one fight may take.
MAX_CREATURE_ROUNDS: Final = 40_000
#: A dice seed (``--seed``, a scenario's ``seed``).
MAX_SEED: Final = 2**63 - 1
#: Fights in one ``simulate`` run, and its worker processes.
MAX_RUNS: Final = 10_000_000
MAX_WORKERS: Final = 64

# --- dice ----------------------------------------------------------------------------
#: Dice in one expression, their sides, terms and the constant.
MAX_DICE: Final = 1_000
MAX_SIDES: Final = 1_000
MAX_TERMS: Final = 20
MAX_CONSTANT: Final = 1_000_000
#: Distinct totals (or kept-dice multisets) an exact enumeration may visit.
MAX_ENUMERATION: Final = 200_000
