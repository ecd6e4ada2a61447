"""The Options of the New game dialog as Python draws them up (``rules_form``): every rule
option with its value in force, the preset's value, the values it may take and whether the
player changed it, each preset with its line of what sets it apart, and the engine's own refusal
next to the option at fault. The page draws the form and sends back what was changed; it never
decides what is allowed.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .errors import AllThreesError, BadRules
from .explain import preset_parts
from .jsontext import is_whole
from .rules import BOOLS, CHOICES, DEFAULT_PRESET, INTS, PRESETS, TARGET_CHOICES, Rules
from .settings import DEFAULT_SEATS, OPTION_NAMES, TARGET_MAX, BadSettings, Settings

if TYPE_CHECKING:  # types only: the page's start builds none of these classes
    from .shapes import Json
    from .shapes.game import FormError, FormOption, RulesForm

# The largest value the New game form offers for a number option (the rules allow more; a form
# needs an end). hand_size's end is the set's tiles shared by the players.
FORM_MAX = {
    "multiple": 9,
    "target": TARGET_MAX,
    "stock_reserve": 20,
    "bonus_divisor": 9,
    "out_bonus": 9,
}


def rules_form(data: Json) -> RulesForm:
    """The Options of the New game dialog for ``data`` (its settings so far): every rule option
    with its value in force, the preset's value, its allowed values, and whether it was changed;
    and the engine's own message, next to the option at fault, when the combination is
    impossible. The page draws this form and sends back what the player changed."""
    if not isinstance(data, dict):
        raise BadSettings("settings are an object of names to values")
    preset = data.get("rules", DEFAULT_PRESET)
    if preset not in PRESETS:
        raise BadSettings(f"rules must be one of {', '.join(PRESETS)}", "preset")
    overrides = data.get("options", {})
    if not isinstance(overrides, dict):
        raise BadSettings("options are an object of option names to values")
    overrides = {k: v for k, v in overrides.items() if k in OPTION_NAMES}
    seats = data.get("seats", [s.to_json() for s in DEFAULT_SEATS])
    players = len(seats) if isinstance(seats, list) else 2
    mode = data.get("mode", "match")
    table = {"players": players, "teams": mode == "partners", "single_round": mode == "sprint"}
    error: FormError | None = None
    try:
        settings = Settings.from_json({**data, "options": overrides})
        rules = settings.to_rules()
    except AllThreesError as exc:
        error = {
            "option": getattr(exc, "option", None),
            "message": str(exc),  # English; the page words "code" and "values" when it has them
            "code": getattr(exc, "code", None),
            "values": getattr(exc, "values", {}),
        }
        try:
            rules = Rules.make(preset, **table)
        except BadRules:
            rules = Rules.make(preset)
    options = []
    for name in OPTION_NAMES:
        others = {k: v for k, v in overrides.items() if k != name}
        try:
            default = getattr(Rules.make(preset, **table, **others), name)
        except BadRules:
            default = getattr(Rules.make(preset, **{k: v for k, v in table.items()}), name)
        value = overrides.get(name, getattr(rules, name))
        changed = name in overrides and overrides[name] != default
        entry: FormOption = {
            "name": name,
            "value": value,
            "default": default,
            "customised": changed,
            "kind": "choice" if name in CHOICES else "bool" if name in BOOLS else "int",
        }
        if name in CHOICES:
            entry["choices"] = list(CHOICES[name])
        elif name not in BOOLS:
            entry["min"] = INTS[name]
            entry["max"] = FORM_MAX.get(name, rules.tile_count // max(1, players))
            if name == "target":
                entry["choices"] = sorted({*TARGET_CHOICES, value if is_whole(value) else 0} - {0})
        options.append(entry)
    return {
        "preset": preset,
        "presets": [{"name": n, "about": preset_parts(n)} for n in PRESETS],
        "options": options,
        "customised": any(o["customised"] for o in options),
        "error": error,
    }
