"""The joint seed of a table across devices: the host cannot choose the deal.

Before any deal the host draws a secret (``HOST_SECRET_BITS`` from ``secrets``: the chain's
top) and publishes only a commitment; each friend, once it has seen that commitment, sends a part
of its own (``PART_BITS``, 64 hex digits). Once every friend's seat has a part, the match is dealt
from their mix. Nothing else is secret: the parts are the friends', the mix is public.

- **The host's part of match k** (0 for the first, 1 for the first rematch, ...) is
  ``h_k = SHA-256^(CHAIN - k)(top)``: a hash chain walked backwards, so revealing ``h_k`` at the
  end of match k says nothing of ``h_(k+1)`` (a preimage), yet ``h_(k+1)`` is already fixed:
  ``SHA-256(h_(k+1)) == h_k``. The commitment shown before match k is ``SHA-256(h_k)`` in hex
  (for k = 0 the one of the gathering; for a rematch it is the part revealed last). So rematches
  need no new parts, and a table plays at most ``CHAIN`` matches before it gathers again.
- **The seed of match k** is ``SHA-256(MIX_LABEL || k as 4 bytes big-endian || h_k || the
  friends' parts in seat order, 32 bytes each)`` read as a big-endian whole number: a seed of
  ``match.SEED_BYTES``, dealt as any seed is (``match.KeyedRandom``). Later rounds come from the
  seed as always.
- **A practice table** (a ``seed`` given, as a practice link's) derives the top from that seed
  (``PRACTICE_LABEL``), so a test with fixed parts deals the same match every time.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Sequence

from ..match import SEED_BYTES

PART_BITS = 256  # a friend's part, and the host's: 32 bytes, 64 hex digits
HOST_SECRET_BITS = 256  # the top of the host's chain, from ``secrets``
PART_HEX = re.compile(r"[0-9a-f]{64}")
CHAIN = 100  # matches one gathering's parts deal (the first and 99 rematches)
MIX_LABEL = b"allthrees joint seed v1"
PRACTICE_LABEL = b"allthrees practice host secret v1"


def is_part(value: object) -> bool:
    """Whether ``value`` is a part as the protocol writes one: 64 lowercase hex digits."""
    return isinstance(value, str) and PART_HEX.fullmatch(value) is not None


def sha(data: bytes) -> bytes:
    return hashlib.sha256(data).digest()


def practice_top(seed: int) -> bytes:
    """The host's secret of a practice table: derived from the practice seed."""
    return sha(PRACTICE_LABEL + seed.to_bytes(SEED_BYTES, "big"))


def host_part(top: bytes, k: int) -> bytes:
    """``h_k``: the host's part of match ``k`` (0-based), ``CHAIN - k`` hashes below the top."""
    if not 0 <= k < CHAIN:
        raise ValueError(f"match {k} is past the chain's {CHAIN}")
    part = top
    for _ in range(CHAIN - k):
        part = sha(part)
    return part


def commitment_of(part: bytes) -> str:
    """What is shown before a match: SHA-256 of the host's part, in hex."""
    return hashlib.sha256(part).hexdigest()


def mix(host: bytes, parts: Sequence[str], k: int) -> int:
    """The seed of match ``k`` from the host's part and the friends' parts (hex, in seat order)."""
    data = MIX_LABEL + k.to_bytes(4, "big") + host + b"".join(bytes.fromhex(p) for p in parts)
    return int.from_bytes(sha(data), "big")
