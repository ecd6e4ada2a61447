"""All Threes dominoes: rules engine, computer opponents and the browser controller."""

__version__ = "0.1.0"
