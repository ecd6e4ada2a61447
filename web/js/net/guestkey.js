// @ts-check
// Where a guest's page keeps what it saw of a table across devices (net/guesting.js): its own key,
// apart from this device's own save, read by the entry point before anything else loads.
export const GUEST_KEY = "allthrees.guest.v1";
