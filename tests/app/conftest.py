"""The app tests import their helpers from appkit.py beside them."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
