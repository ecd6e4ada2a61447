// charts.js and chartmath.js: the career's charts. The helpers (chartmath.js) are pure; the drawing
// runs on a fake 2D context that records what it is asked to do (node has no canvas).
import assert from "node:assert/strict";
import { test } from "node:test";
import {
  bucketLabel,
  bucketWords,
  chartSummary,
  contrast,
  legendRows,
  niceStep,
  percent,
  raceLead,
  scale,
  ticks,
} from "../js/draw/chartmath.js";
import { COLOURS, drawHistogram, drawRace, drawRating, drawWinRate, STROKES } from "../js/draw/charts.js";
import { catalogues } from "../js/i18n/strings.js";

const CATALOGUES = await catalogues();
const EN = CATALOGUES.en.T.charts;
const PL = CATALOGUES.pl.T.charts;

// ------------------------------------------------------------------------------------ helpers

test("ticks are round steps that cover the range", () => {
  assert.deepEqual(ticks(0, 150, 4), [0, 50, 100, 150]);
  assert.deepEqual(ticks(0, 98, 4), [0, 50, 100]);
  assert.deepEqual(ticks(0, 98, 6), [0, 20, 40, 60, 80, 100]);
  assert.deepEqual(ticks(0, 251, 5), [0, 100, 200, 300]);
  assert.deepEqual(ticks(0, 1, 4), [0, 0.5, 1]);
  assert.deepEqual(ticks(0, 1, 5), [0, 0.2, 0.4, 0.6, 0.8, 1], "no 0.6000000000000001");
  assert.deepEqual(ticks(0.1, 0.3, 2), [0.1, 0.2, 0.3]);
  assert.deepEqual(ticks(-12, 37, 5), [-20, -10, 0, 10, 20, 30, 40]);
  assert.deepEqual(ticks(37, -12, 5), ticks(-12, 37, 5), "either order");
  assert.deepEqual(ticks(5, 5, 5, 1), [5, 6], "an empty range still has a span");
  assert.deepEqual(ticks(0, Number.NaN), []);
  assert.deepEqual(niceStep(7, 6), 2);
  assert.deepEqual(niceStep(1000, 4), 500);
});

test("whole-number ticks never step by less than one", () => {
  assert.deepEqual(ticks(0, 3, 10, 1), [0, 1, 2, 3]);
  assert.deepEqual(ticks(0, 1, 8, 1), [0, 1]);
  assert.deepEqual(ticks(0, 7, 6, 1), [0, 2, 4, 6, 8]);
  for (let max = 1; max < 400; max += 7)
    for (const count of [2, 3, 5, 8]) {
      const t = ticks(0, max, count, 1);
      assert.ok(t[0] <= 0 && t.at(-1) >= max, `${max}/${count}: ${t}`);
      assert.ok(t.length <= 2 * count + 2, `${max}/${count}: ${t.length} ticks`);
      assert.ok(
        t.every((v) => Number.isInteger(v)),
        `${max}/${count}: ${t}`,
      );
      const steps = new Set(t.slice(1).map((v, i) => v - t[i]));
      assert.equal(steps.size, 1, `evenly spaced: ${t}`);
    }
});

test("a scale maps the domain onto the range, the middle when the domain is a point", () => {
  const y = scale(0, 150, 200, 20);
  assert.equal(y(0), 200);
  assert.equal(y(150), 20);
  assert.equal(y(75), 110);
  assert.equal(scale(3, 3, 10, 30)(3), 20);
});

test("bucket labels: one value, a range, an open end; in each language's numbers", () => {
  assert.equal(bucketLabel({ from: 0, to: 0 }, "en"), "0");
  assert.equal(bucketLabel({ from: 1, to: 5 }, "en"), "1–5");
  assert.equal(bucketLabel({ from: 31, to: null }, "en"), "31+");
  assert.equal(bucketLabel({ from: 1000, to: 1999 }, "en"), "1,000–1,999");
  assert.equal(bucketLabel({ from: 10000, to: null }, "pl"), "10\u00a0000+");
  assert.equal(bucketWords({ from: 1, to: 5 }, EN, "en"), "1 to 5");
  assert.equal(bucketWords({ from: 31, to: null }, PL, "pl"), "31 i więcej");
  assert.equal(bucketWords({ from: 6, to: 10 }, PL, "pl"), "od 6 do 10");
  assert.equal(percent(0.5549, "en"), "55%");
  assert.equal(percent(1, "pl"), "100%");
});

test("the lead: who is ahead at the end and since which round", () => {
  assert.deepEqual(
    raceLead([
      [0, 10, 25, 60, 85],
      [0, 20, 30, 45, 60],
    ]),
    { rounds: 4, leader: 0, from: 3, changes: 1 },
  );
  assert.deepEqual(raceLead([[0, 5, 10], [0]]), { rounds: 2, leader: 0, from: 1, changes: 0 }, "a short list holds");
  assert.equal(
    raceLead([
      [0, 35],
      [0, 35],
    ]).leader,
    -1,
    "a tie at the top: no leader",
  );
  assert.equal(
    raceLead([
      [0, 35],
      [0, 35],
    ]).from,
    null,
  );
  assert.deepEqual(raceLead([[0], [0]]), { rounds: 0, leader: -1, from: null, changes: 0 });
  // ahead, caught (a tie does not pass the lead), behind, ahead again
  assert.deepEqual(
    raceLead([
      [0, 10, 20, 20, 40],
      [0, 5, 20, 30, 35],
      [0, 0, 0, 0, 0],
    ]),
    { rounds: 4, leader: 0, from: 4, changes: 2 },
  );
});

test("legend items wrap into rows that fit", () => {
  assert.deepEqual(legendRows([100, 100, 100], 340, 18), [[0, 1, 2]]);
  assert.deepEqual(legendRows([100, 100, 100], 320, 18), [[0, 1], [2]]);
  assert.deepEqual(legendRows([400, 50], 340, 18), [[0], [1]], "a wide item has a row of its own");
  assert.deepEqual(legendRows([], 340, 18), []);
});

test("every colour stands out on the panel: text 4.5:1 at least, lines 3:1", () => {
  for (const bg of [COLOURS.background, "#0a2416", "#1b2a22"]) {
    for (const ink of [COLOURS.ink, COLOURS.soft]) assert.ok(contrast(ink, bg) >= 4.5, `${ink} on ${bg}`);
    for (const c of COLOURS.series) assert.ok(contrast(c, bg) >= 4.5, `${c} on ${bg}`);
  }
  assert.equal(Math.round(contrast("#000000", "#ffffff")), 21);
});

test("every side's line differs by its dash and its marker, not only its colour", () => {
  assert.equal(new Set(STROKES.map((s) => JSON.stringify(s.dash))).size, STROKES.length);
  assert.equal(new Set(STROKES.map((s) => s.marker)).size, STROKES.length);
  assert.ok(COLOURS.series.length >= STROKES.length);
});

// ------------------------------------------------------------------------------------ words

const RACE = {
  target: 150,
  series: [
    { label: "You & Beginner", points: [0, 10, 25, 60, 85, 110, 130, 150] },
    { label: "Casual & Casual 2", points: [0, 20, 30, 45, 60, 70, 85, 98] },
  ],
};
const RATE = { values: [null, 0.5, 0.4, 0.6667], window: 10 };
const BUCKETS = {
  buckets: [
    { from: 0, to: 0, count: 1234 },
    { from: 1, to: 5, count: 80 },
    { from: 6, to: 10, count: 310 },
    { from: 31, to: null, count: 2 },
  ],
};

test("each chart said in English", () => {
  assert.equal(
    chartSummary("race", RACE, EN, "en"),
    "After 7 rounds, playing to 150 — You & Beginner: 150; Casual & Casual 2: 98. In the lead from round 3: You & Beginner.",
  );
  const sprint = { series: [RACE.series[0], { label: "Expert", points: [0, 10] }] };
  sprint.series[0] = { label: "You", points: [0, 10] };
  assert.equal(
    chartSummary("race", sprint, EN, "en"),
    "After 1 round — You: 10; Expert: 10. No one is ahead at the end.",
  );
  assert.equal(chartSummary("race", { series: [] }, EN, "en"), "No rounds played yet.");
  assert.equal(
    chartSummary("winRate", RATE, EN, "en"),
    "Win rate over 4 matches, each point of the last 10: 67% now, between 40% and 67%.",
  );
  assert.equal(
    chartSummary("winRate", { values: [1] }, EN, "en"),
    "Win rate over 1 match: 100% now, between 100% and 100%.",
  );
  assert.equal(chartSummary("winRate", { values: [null] }, EN, "en"), "No finished matches yet.");
  assert.equal(
    chartSummary("histogram", BUCKETS, EN, "en"),
    "Points per play over 1,626 plays: most often 0, 1,234 times. 0: 1,234; 1 to 5: 80; 6 to 10: 310; 31 or more: 2.",
  );
  assert.equal(
    chartSummary("histogram", { buckets: [{ from: 31, to: null, count: 1 }] }, EN, "en"),
    "Points per play over 1 play: most often 31 or more, once. 31 or more: 1.",
  );
  assert.equal(chartSummary("histogram", { buckets: [{ from: 0, to: 0, count: 0 }] }, EN, "en"), "No plays yet.");
});

test("each chart said in Polish, with its plurals", () => {
  const race = {
    target: 150,
    series: [
      { label: "Ty i Początkujący", points: RACE.series[0].points },
      { label: "Amator i Amator 2", points: RACE.series[1].points },
    ],
  };
  assert.equal(
    chartSummary("race", race, PL, "pl"),
    "Po 7 partiach, gra do 150 — Ty i Początkujący: 150; Amator i Amator 2: 98. Na prowadzeniu od partii 3: Ty i Początkujący.",
  );
  const after = (n) => PL.race("A: 1", n, "");
  assert.equal(after(1), "Po 1 partii — A: 1.");
  assert.equal(after(2), "Po 2 partiach — A: 1.");
  assert.equal(after(5), "Po 5 partiach — A: 1.");
  assert.equal(after(22), "Po 22 partiach — A: 1.");
  assert.equal(
    chartSummary("winRate", RATE, PL, "pl"),
    "Odsetek wygranych w 4 rozgrywkach, każdy punkt z ostatnich 10: teraz 67%, od 40% do 67%.",
  );
  assert.equal(
    chartSummary("winRate", { values: [0] }, PL, "pl"),
    "Odsetek wygranych w 1 rozgrywce: teraz 0%, od 0% do 0%.",
  );
  assert.equal(
    chartSummary("histogram", BUCKETS, PL, "pl"),
    "Punkty za zagranie w 1626 zagraniach: najczęściej 0, 1234 razy. 0: 1234; od 1 do 5: 80; od 6 do 10: 310; 31 i więcej: 2.",
  );
  const times = (n) => PL.histogram(1, "1", "0", n, String(n));
  assert.equal(times(1), "Punkty za zagranie w 1 zagraniu: najczęściej 0, 1 raz.");
  assert.equal(times(3), "Punkty za zagranie w 1 zagraniu: najczęściej 0, 3 razy.");
  assert.equal(times(5), "Punkty za zagranie w 1 zagraniu: najczęściej 0, 5 razy.");
  assert.equal(chartSummary("race", { series: [] }, PL, "pl"), "Nie rozegrano jeszcze żadnej partii.");
});

test("the charts' words are in both catalogues, the same keys, each a string or one made from values", () => {
  assert.deepEqual(Object.keys(PL).sort(), Object.keys(EN).sort());
  for (const words of [EN, PL])
    for (const [key, value] of Object.entries(words)) {
      const said = typeof value === "function" ? value("X", "Y", "Z", "1", "2", "3") : value;
      assert.equal(typeof said, "string", key);
      assert.ok(said.trim() && !said.includes("undefined") && !said.includes("NaN"), `${key}: ${said}`);
    }
});

// ------------------------------------------------------------------------------------ drawing

/** A canvas whose 2D context records what is drawn: texts with their boxes, strokes, fills. */
function fakeCanvas(clientWidth = 360) {
  const texts = [];
  const strokes = [];
  const fills = [];
  const calls = [];
  let state = { font: "10px sans-serif", fillStyle: "#000", strokeStyle: "#000", lineWidth: 1, dash: [] };
  const stack = [];
  const sizeOf = () => Number(/(\d+(?:\.\d+)?)px/.exec(state.font)[1]);
  const record =
    (name) =>
    (...args) =>
      calls.push([name, ...args]);
  const ctx = {
    save: () => stack.push({ ...state }),
    restore: () => {
      state = stack.pop();
    },
    setTransform: record("setTransform"),
    clearRect: record("clearRect"),
    beginPath: record("beginPath"),
    moveTo: record("moveTo"),
    lineTo: record("lineTo"),
    closePath: record("closePath"),
    rect: record("rect"),
    roundRect: record("roundRect"),
    arc: record("arc"),
    clip: record("clip"),
    setLineDash: (d) => {
      state.dash = [...d];
    },
    fill: () => fills.push(state.fillStyle),
    stroke: () => strokes.push({ style: state.strokeStyle, width: state.lineWidth, dash: state.dash }),
    measureText: (t) => ({ width: String(t).length * sizeOf() * 0.55 }),
    fillText: (t, x, y) => {
      const size = sizeOf();
      const w = String(t).length * size * 0.55;
      const left = state.textAlign === "center" ? x - w / 2 : state.textAlign === "right" ? x - w : x;
      const top = state.textBaseline === "top" ? y : state.textBaseline === "bottom" ? y - size : y - size / 2;
      texts.push({ text: String(t), size, style: state.fillStyle, left, right: left + w, top, bottom: top + size });
    },
  };
  for (const key of [
    "font",
    "fillStyle",
    "strokeStyle",
    "lineWidth",
    "textAlign",
    "textBaseline",
    "lineJoin",
    "lineCap",
  ])
    Object.defineProperty(ctx, key, {
      get: () => state[key],
      set: (v) => {
        state[key] = v;
      },
    });
  const canvas = { clientWidth, width: 300, height: 150, style: {}, getContext: () => ctx };
  return { canvas, texts, strokes, fills, calls };
}

const FOUR = {
  target: 250,
  series: [
    { label: "You", points: [0, 10, 25, 40, 45, 70, 95, 105, 120, 150, 170, 190, 220, 251] },
    { label: "Expert", points: [0, 15, 20, 45, 65, 80, 90, 120, 140, 155, 165, 185, 200, 215] },
    { label: "Casual 2", points: [0, 5, 30, 35, 50, 60, 80, 85, 110, 130, 150, 175, 190, 205] },
    {
      label: "Player 4 with a very long name indeed",
      points: [0, 0, 10, 30, 40, 55, 75, 100, 115, 125, 145, 160, 170, 180],
    },
  ],
};
const HISTOGRAM = {
  buckets: [0, 1, 6, 11, 16, 21, 26, 31].map((from, i, all) => ({
    from,
    to: i < all.length - 1 ? all[i + 1] - 1 : null,
    count: [1234, 80, 310, 42, 17, 5, 0, 2][i],
  })),
};
const CHARTS = [
  ["race", drawRace, FOUR],
  ["winRate", drawWinRate, { values: Array.from({ length: 30 }, (_, i) => (i % 7) / 6) }],
  ["histogram", drawHistogram, HISTOGRAM],
];

test("a chart is drawn at the device pixel ratio for the canvas's CSS width, and says its size", () => {
  for (const [kind, draw, data] of CHARTS) {
    const { canvas, calls } = fakeCanvas(360);
    const size = draw(canvas, data, { words: EN, lang: "en", dpr: 2, forced: false });
    assert.equal(size.width, 360, kind);
    assert.equal(canvas.width, 720, kind);
    assert.equal(canvas.height, Math.round(size.height * 2), kind);
    assert.equal(canvas.style.height, `${size.height}px`, kind);
    assert.equal(canvas.style.width, undefined, `${kind}: the width stays the page's CSS`);
    assert.deepEqual(
      calls.find((c) => c[0] === "setTransform"),
      ["setTransform", 2, 0, 0, 2, 0, 0],
    );
    assert.ok(size.height >= 150 && size.height <= 420, `${kind}: ${size.height}`);
  }
  const { canvas } = fakeCanvas(0); // not laid out yet
  assert.equal(drawRace(canvas, FOUR, { words: EN, lang: "en", dpr: 1 }).width, 360);
  assert.equal(drawRace(fakeCanvas(0).canvas, FOUR, { words: EN, lang: "en", dpr: 1, width: 500 }).width, 500);
});

test("on a phone every word is 12 px or more, inside the canvas, and no two overlap", () => {
  for (const width of [300, 360, 1280])
    for (const [lang, words] of [
      ["en", EN],
      ["pl", PL],
    ])
      for (const [kind, draw, data] of CHARTS) {
        const { canvas, texts } = fakeCanvas(width);
        const size = draw(canvas, data, { words, lang, dpr: 1, forced: false });
        const where = `${kind} at ${width} in ${lang}`;
        assert.ok(texts.length > 5, where);
        for (const t of texts) {
          assert.ok(t.size >= 12, `${where}: "${t.text}" at ${t.size} px`);
          assert.ok(t.left >= 0 && t.right <= size.width, `${where}: "${t.text}" from ${t.left} to ${t.right}`);
          assert.ok(t.top >= 0 && t.bottom <= size.height, `${where}: "${t.text}" from ${t.top} to ${t.bottom}`);
        }
        texts.forEach((a, i) => {
          for (const b of texts.slice(i + 1)) {
            const apart = a.right <= b.left || b.right <= a.left || a.bottom <= b.top || b.bottom <= a.top;
            assert.ok(apart, `${where}: "${a.text}" and "${b.text}" overlap`);
          }
        });
      }
});

test("the race: a legend with each side's score, the target, numbered axes", () => {
  const { canvas, texts, strokes, calls } = fakeCanvas(300);
  drawRace(canvas, FOUR, { words: EN, lang: "en", dpr: 1, forced: false });
  const words = texts.map((t) => t.text);
  for (const w of ["You  251", "Expert  215", "Casual 2  205", "target 250", "Round", "0", "100", "200", "300"])
    assert.ok(words.includes(w), `"${w}" in ${words}`);
  const long = words.find((w) => w.startsWith("Player 4"));
  assert.ok(long.endsWith("…  180"), `a long name gives way to its score: ${long}`);
  // each side's line in its colour and its dash (drawn twice: the legend's sample and the line)
  for (const [i, colour] of COLOURS.series.entries()) {
    const lines = strokes.filter((s) => s.style === colour && s.width === 2.5);
    assert.equal(lines.length, 2, `side ${i}`);
    assert.ok(lines.every((s) => JSON.stringify(s.dash) === JSON.stringify(STROKES[i].dash)));
  }
  assert.ok(
    strokes.some((s) => s.width === 1.5 && s.dash.length),
    "the target: a thin dashed line",
  );
  // a marker at every round of every side, and one in the legend: 14 rounds (0..13) + 1
  assert.equal(calls.filter((c) => c[0] === "rect").length, 15, "squares of the second side");
  assert.equal(calls.filter((c) => c[0] === "arc").length, 15, "circles of the first");
});

test("a race's own colour is used when given", () => {
  const { canvas, strokes } = fakeCanvas(360);
  drawRace(canvas, { series: [{ label: "A", points: [0, 3], colour: "#ffffff" }] }, { words: EN, lang: "en", dpr: 1 });
  assert.ok(strokes.some((s) => s.style === "#ffffff"));
});

test("forced colours: the system's pair only, the sides still apart by dash", () => {
  for (const [kind, draw, data] of CHARTS) {
    const { canvas, texts, strokes, fills } = fakeCanvas(360);
    draw(canvas, data, { words: EN, lang: "en", dpr: 1, forced: true });
    const used = new Set([...texts.map((t) => t.style), ...strokes.map((s) => s.style), ...fills]);
    assert.deepEqual(
      [...used].filter((c) => !["Canvas", "CanvasText", "GrayText"].includes(c)),
      [],
      kind,
    );
  }
  const { canvas, strokes } = fakeCanvas(360);
  drawRace(canvas, FOUR, { words: EN, lang: "en", dpr: 1, forced: true });
  const dashes = new Set(strokes.filter((s) => s.width === 2.5).map((s) => JSON.stringify(s.dash)));
  assert.equal(dashes.size, 4);
});

test("the win rate: 0 to 100 % on the left, the latest rate by its point", () => {
  const { canvas, texts } = fakeCanvas(360);
  drawWinRate(canvas, { values: [null, 0.5, 1, 0.25] }, { words: PL, lang: "pl", dpr: 1, forced: false });
  const words = texts.map((t) => t.text);
  for (const w of ["0%", "50%", "100%", "25%", "Rozgrywka", "1", "4"])
    assert.ok(words.includes(w), `"${w}" in ${words}`);
});

test("the histogram: a bar, its range and its count for every bucket", () => {
  const { canvas, texts, calls } = fakeCanvas(360);
  drawHistogram(canvas, HISTOGRAM, { words: EN, lang: "en", dpr: 1, forced: false });
  const words = texts.map((t) => t.text);
  for (const w of ["0", "1–5", "6–10", "26–30", "31+", "1,234", "310", "Points per play"])
    assert.ok(words.includes(w), `"${w}" in ${words}`);
  // the card, then a bar for each bucket that has plays (26-30 has none)
  assert.equal(calls.filter((c) => c[0] === "roundRect").length, 1 + 7);
});

test("no data: a line of words instead of an empty chart", () => {
  for (const [draw, data] of [
    [drawRace, { series: [] }],
    [drawWinRate, { values: [] }],
    [drawHistogram, { buckets: [{ from: 0, to: 0, count: 0 }] }],
  ]) {
    const { canvas, texts } = fakeCanvas(360);
    draw(canvas, data, { words: PL, lang: "pl", dpr: 1 });
    assert.deepEqual(
      texts.map((t) => t.text),
      [PL.empty],
    );
  }
});

// ------------------------------------------------------------------------------------ ratings

test("a rating's run: said in both languages, drawn with whole ratings and the latest by its point", () => {
  const run = { ratings: [1394.2, 1344.6, 1559.9], deviations: [290, 250, 208] };
  assert.equal(chartSummary("rating", run, EN, "en"), "Rating over 3 rated matches: 1560 now, between 1345 and 1560.");
  assert.equal(
    chartSummary("rating", { ratings: [1394.2] }, PL, "pl"),
    "Ranking w 1 rozgrywce rankingowej: teraz 1394, od 1394 do 1394.",
  );
  assert.equal(chartSummary("rating", { ratings: [] }, EN, "en"), "No rated matches yet.");
  const { canvas, texts, calls } = fakeCanvas(360);
  drawRating(canvas, run, { words: EN, lang: "en", dpr: 1 });
  const said = texts.map((t) => t.text);
  assert.ok(said.includes("1560"), said.join(" "));
  assert.ok(!said.some((t) => /\d,\d/.test(t)), "no thousands separator in a rating");
  assert.ok(
    calls.some(([name]) => name === "clip"),
    "the deviation's band stays in the plot",
  );
  const empty = fakeCanvas(360);
  drawRating(empty.canvas, { ratings: [] }, { words: EN, lang: "en", dpr: 1 });
  assert.deepEqual(
    empty.texts.map((t) => t.text),
    ["Nothing to show yet"],
  );
});

test("a host in Play online's list: its rating, provisional in words, and its title", () => {
  const en = CATALOGUES.en.T.ratings;
  const pl = CATALOGUES.pl.T.ratings;
  assert.equal(en.host("Ada", null, true, null), "Ada");
  assert.equal(en.host("Ada", 1623, true, "Adept"), "Ada (rating 1623, provisional, Adept)");
  assert.equal(en.host("Ada", 1801, false, null), "Ada (rating 1801)");
  assert.equal(pl.host("Ada", 1623, true, "Adept"), "Ada (ranking 1623, tymczasowy, Adept)");
  assert.equal(en.host("Ada", 1500, false, null, 2), "Ada (rating 1500, 2 abandoned)");
  assert.equal(pl.host("Ada", null, true, null, 1), "Ada (porzucone: 1)");
});
