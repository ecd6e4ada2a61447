// table/listing.js: this page's table in Play online's lobby follows the table it hosts (a seat
// taken, the match dealt, the table gone), with the relays and the table faked.
import assert from "node:assert/strict";
import { test } from "node:test";
import { T } from "../js/i18n/strings.js";
import { TableListing } from "../js/table/listing.js";

globalThis.document ??= { documentElement: { lang: "en" } };

/** A host's table as the port shows it, a fake announcer, and a listing of it. */
function listed() {
  const host = {
    opened: { room: { secret: "a".repeat(64), key: { public: "b".repeat(64), secret: "c".repeat(64) } } },
    table: "t1",
    seats: { joined: 0, free: 1 },
    watch: { on: true, secret: "d".repeat(64), watchers: 0 },
    snap: null,
    // Python's rules form for the table's settings (op rules_form): the target its rules play to
    form: { preset: "pub", options: [{ name: "target", value: 120 }] },
  };
  const toasts = [];
  const announcers = [];
  class Announcer {
    constructor(o) {
      Object.assign(this, { o, updates: 0, stopped: false, answered: [] });
      announcers.push(this);
    }
    answer(keys) {
      this.answered.push(...keys);
    }
    start() {}
    update() {
      this.updates++;
    }
    async stop() {
      this.stopped = true;
    }
  }
  const listing = new TableListing({
    hosted: {
      opened: async () => host.opened,
      table: () => host.table,
      seats: () => host.seats,
      watchable: () => host.watch,
    },
    call: async () => (host.form ? { ok: true, form: host.form } : { ok: false, code: "bad_settings" }),
    toast: (text) => toasts.push(text),
    rating: () => ({ rating: 1612, provisional: false, title: null, abandoned: 0 }),
    snap: () => host.snap,
    name: () => "Wanda",
    relays: () => ["ws://127.0.0.1:1"],
  });
  const spec = { settings: { mode: "match", rules: "pub", seats: [{}, {}] }, clock: 0, quick: null };
  const announce = (answer = []) => listing.announce(spec, { answer, net: { Announcer }, via: null });
  return { host, toasts, announcers, listing, announce };
}

test("a table announced waits with its free seats, its link and its host's rating", async () => {
  const { announcers, listing, toasts, announce } = listed();
  await announce(["e".repeat(64)]);
  const entry = announcers[0].o.entry();
  assert.equal(entry.room, "a".repeat(64));
  assert.equal(entry.free, 1);
  assert.equal(entry.name, "Wanda");
  assert.equal(entry.preset, "pub");
  assert.equal(entry.target, 120); // Python's, from its rules form
  assert.equal(entry.rating, 1612);
  assert.deepEqual(announcers[0].answered, ["e".repeat(64)]); // the looks heard before it was listed
  assert.deepEqual(toasts, [T.lobby.announced]);
  assert.equal(listing.changed(), "waiting");
  assert.equal(announcers[0].updates, 0); // nothing changed: nothing said again
});

test("its seats all taken, a table people may watch is listed in play, with its watch link", async () => {
  const { host, announcers, listing, announce } = listed();
  await announce();
  host.seats = { joined: 1, free: 0 };
  assert.equal(listing.changed(), "playing");
  assert.equal(announcers[0].updates, 1);
  const entry = announcers[0].o.entry();
  assert.equal(entry.type, "play");
  assert.equal(entry.watch, "d".repeat(64));
  assert.equal(listing.changed(), "playing");
  assert.equal(announcers[0].updates, 1); // the same watchers: not said again
  host.watch = { ...host.watch, watchers: 2 };
  assert.equal(listing.changed(), "playing");
  assert.equal(announcers[0].updates, 2);
});

test("a table full that nobody may watch, or gone, or another, leaves the lists", async () => {
  for (const change of [
    (host) => {
      host.seats = { joined: 1, free: 0 };
      host.watch = { ...host.watch, on: false };
    },
    (host) => {
      host.table = null;
    },
    (host) => {
      host.table = "t2";
    },
  ]) {
    const { host, announcers, listing, announce } = listed();
    await announce();
    listing.list(true);
    change(host);
    assert.equal(listing.changed(), "gone");
    await listing.withdraw();
    assert.equal(announcers[0].stopped, true);
    assert.equal(listing.entry, null);
    assert.equal(listing.listed, false);
    assert.equal(listing.changed(), null);
  }
});

test("a table whose room could not open is not listed, and says why", async () => {
  const { host, announcers, listing, toasts, announce } = listed();
  host.opened = null;
  await announce();
  assert.equal(announcers.length, 0);
  assert.equal(listing.entry, null);
  assert.deepEqual(toasts, [T.room.down]);
});

test("a table whose rules Python refused is not listed, and says why", async () => {
  const { host, announcers, listing, toasts, announce } = listed();
  host.form = null; // the engine refused the settings: no target to say
  await announce();
  assert.equal(announcers.length, 0);
  assert.equal(listing.entry, null);
  assert.deepEqual(toasts, [T.lobby.unlisted]);
});
