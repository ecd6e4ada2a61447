"""Play with friends on their own devices, with no server: the Python side of a table across
devices. The host's Python runs the match as on one device and is the referee of every message;
each guest's page draws only what the host's Python made for its seat, and a guest's Python
checks the host's messages and, at the end, the deal. The page carries the messages (WebRTC) and
decides nothing.

- ``joint``: the joint seed: the host's committed part (a hash chain, so rematches need no new
  parts), the friends' parts, their mix.
- ``protocol``: the messages, their version, kinds and size limits, and their checks
  (``guest_message`` on the host, ``host_message`` on a guest); ``BadMessage``.
- ``state``: the joint state of a table across devices (``Joint``), kept in the save.
- ``table``: the host's answers to a guest's messages, and the gathering before the deal
  (``Host``, for ``app``), its empty seats filled with computers (``fill``).
- ``clock``: the table clock, seconds a move: each turn's stamp, the time left, a time-up.
- ``check``: a guest's check of the revealed deal against what it saw (``check_shared``).
"""
