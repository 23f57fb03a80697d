"""Shared by the protocol scripts: failing on python-chess's warnings and errors, and the
command line of the engine under test."""

import logging
import sys


class Complaints(logging.Handler):
    """Collects what python-chess logs at WARNING or above (unexpected engine output,
    unparsable lines, illegal moves in a principal variation)."""

    def __init__(self, allowed_prefixes=()):
        super().__init__(level=logging.WARNING)
        self.records = []
        self.allowed = tuple(allowed_prefixes)

    def emit(self, record):
        text = record.getMessage()
        if any(p in text for p in self.allowed):
            return
        self.records.append(text)


def watch_python_chess(allowed_prefixes=()):
    handler = Complaints(allowed_prefixes)
    logging.getLogger("chess.engine").addHandler(handler)
    return handler


def engine_command(protocol):
    """`fairyrules PROTOCOL variants/chess.toml variants/capablanca.toml` from argv."""
    if len(sys.argv) != 3:
        sys.exit(f"usage: {sys.argv[0]} FAIRYRULES_BINARY VARIANTS_DIR")
    binary, variants = sys.argv[1], sys.argv[2]
    return [binary, protocol, f"{variants}/chess.toml", f"{variants}/capablanca.toml"]


def check(condition, message):
    if not condition:
        raise AssertionError(message)
