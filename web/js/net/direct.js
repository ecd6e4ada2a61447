// @ts-check
// Whether this browser can make direct connections between devices: some have no WebRTC
// (hardened or embedded ones, and some privacy settings), and then every table's messages go
// through the relays, as if "Hide my address" were on (net/online.js), and the page says so
// where that choice is offered (New game, the invite).

/** This browser can make direct connections (WebRTC's RTCPeerConnection is there). */
export const canDirect = () => typeof globalThis.RTCPeerConnection === "function";
