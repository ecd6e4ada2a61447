"""Play with friends on their own devices, with no server: the Python side of a table across
devices. The host's Python runs the match as on one device and is the referee of every message;
each guest's page draws only what the host's Python made for its seat, and a guest's Python
checks the host's messages and, at the end, the deal. The page carries the messages (WebRTC) and
decides nothing.

- ``joint``: the joint seed: the host's committed part (a hash chain, so rematches need no new
  parts), the friends' parts, their mix.
- ``protocol``: the messages, their version, kinds and size limits, and their checks
  (``guest_message`` on the host, ``host_message`` on a guest); ``BadMessage``.
- ``timer``: what the table holds of its clock: the seconds a move it may have, the ``Timer``.
- ``state``: the state of a table across devices (``TableState``: the table id, the host's
  chain, the friends' parts, names and keys), kept in the save; a ``Gathering`` before the deal.
- ``clock``: the table clock's rule: each turn's stamp, the time left, a time-up.
- ``table``: the host's side: the gathering, a guest's messages checked and answered, its empty
  seats filled with computers (``fill``); each request returns what it did, for ``app.App``
  (which alone holds the table) to take in and answer.

Layers, bottom up: ``joint``, ``protocol``, ``timer``; ``state``; then ``session`` (outside this
package) holds a ``TableState``; ``clock`` and ``check`` read a session; ``table`` uses the
snapshot and the save; nothing here imports ``app``.
- ``check``: a guest's check of the revealed deal against what it saw (``check_shared``).
"""
