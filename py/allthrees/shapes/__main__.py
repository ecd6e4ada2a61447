"""``python -m allthrees.shapes``: every boundary shape as JSON (``describe``)."""

import json

from .describe import describe

print(json.dumps(describe(), indent=1))
