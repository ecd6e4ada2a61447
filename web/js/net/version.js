// @ts-check
// The protocol's version between devices (its one home is Python's py/allthrees/net/protocol.py
// VERSION): scripts/build stamps it here, so that a guest's page says hello to the host before its
// own engine is up. In the sources it is null, and the page asks its engine (op `ping`).

/** @type {number | null} */
export const PROTOCOL = null; // stamped by scripts/build
