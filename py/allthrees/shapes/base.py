"""The names every shape module shares (see the package's docstring)."""

from typing import Any, TypeAlias

# Any JSON value as the page or another device sent it, not checked yet: every reader checks it
# (``jsontext.is_whole``, ``isinstance``) before use. The one place ``Any`` stands for a value.
Json: TypeAlias = Any

# A code and its values, which vary with the code: ``{"code": "scores", "points": 12}``. The page
# words each code in its language (``web/js/i18n/``); the values are JSON numbers, text, booleans
# and lists of them, so a line is any JSON object as far as a type can say.
Line: TypeAlias = dict[str, Json]

# A rule option's value (``rules.OPTIONS``): a number, a switch or one of its choices.
OptionValue: TypeAlias = int | bool | str
