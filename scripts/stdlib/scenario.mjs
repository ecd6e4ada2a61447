// The game's standard library, checked: boots Pyodide in Node the way web/js/boot/worker.js does,
// imports every module of the game package and every outside module its sources name (imports.py,
// even those inside functions), drives allthrees.app.handle with JSON requests (every op, whole
// rounds at 2/3/4 players, partners, pass-and-play, every preset, muggins, cribbage, double-nine,
// saves good and damaged, bad requests), then reports which modules Python imported and from
// where. scripts/build runs it three times:
//
//   node scenario.mjs --pyodide=DIR --patch=PATCHED.zip
//       only boots on Pyodide's own python_stdlib.zip and writes PATCHED.zip, that zip with what
//       Pyodide's start imports for nothing deferred to first use (patches.py)
//   node scenario.mjs --pyodide=DIR --stdlib=PATCHED.zip --wheel=WHL --static=imports.json
//                     --make-zip=OUT.zip --make-game=GAME.xz
//       the game's wheel on sys.path (zipimport): writes OUT.zip, the modules the run imported (and
//       every name it looked up that the zip has) as bytecode, bundled (trim.py make), and
//       GAME.xz, the game's modules as a bundle of bytecode (trim.py compiled)
//   node scenario.mjs --pyodide=DIR --wheel=GAME.xz --static=imports.json --stdlib=OUT.zip --lock=FILE
//       the check: the same run on that zip and the game as the page loads it (its bundle
//       installed by the zip's own sitecustomize), with the lock file's "info" given inline (the
//       page downloads no lock file) and no package index
//
// Exits 1 when anything fails: a boot error, an ImportError anywhere, a refusal that is a bug
// ("that request failed (...)"), an expected refusal that did not happen, or a module the game's
// sources import that cannot be imported. A missing module fails the build, never a game.

import { readFileSync, writeFileSync } from "node:fs";
import { basename, dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const HERE = dirname(fileURLToPath(import.meta.url));
const args = Object.fromEntries(
  process.argv.slice(2).map((a) => {
    const [k, ...v] = a.replace(/^--/, "").split("=");
    return [k, v.length ? v.join("=") : true];
  }),
);
for (const need of args.patch ? ["pyodide"] : ["pyodide", "wheel", "static"]) {
  if (!args[need]) {
    console.error(`scenario.mjs: --${need}= is required`);
    process.exit(2);
  }
}
const PYODIDE_DIR = `${resolve(args.pyodide)}/`;
const { loadPyodide } = await import(join(PYODIDE_DIR, "pyodide.mjs"));
const STDLIB = args.stdlib ? resolve(args.stdlib) : join(PYODIDE_DIR, "python_stdlib.zip");
const STATIC = args.patch ? {} : JSON.parse(readFileSync(args.static, "utf8"));
const WHEEL = args.patch ? "" : resolve(args.wheel);
const log = args.quiet ? () => {} : (...a) => console.error(...a);

const problems = [];
const pyOut = [];
const t0 = performance.now();
const options = {
  // Bytecode compiled here (--make-zip, --make-game) keeps its line numbers but not each instruction's
  // columns (PEP 657's carets under a traceback's line): 31% off the game's gzipped zip, which
  // every first visit downloads. A traceback still names the file and the line.
  args: ["-X", "no_debug_ranges"],
  indexURL: PYODIDE_DIR,
  stdLibURL: STDLIB,
  stdout: (l) => pyOut.push(`out: ${l}`),
  stderr: (l) => pyOut.push(`err: ${l}`),
};
// The page gives Pyodide its lock file inline: only "info" (the ABI it checks), no packages.
if (args.lock) options.lockFileContents = { info: JSON.parse(readFileSync(args.lock, "utf8")).info, packages: {} };
// Any failure ends the run with its message (a Python traceback's last lines), not a stack dump.
process.on("uncaughtException", die);
process.on("unhandledRejection", die);
function die(err) {
  const lines = String(err?.message ?? err).trim().split("\n");
  console.error(`FAILED: ${lines.slice(-3).join("\n  ")}`);
  for (const line of pyOut) console.error(`  python ${line}`);
  process.exit(1);
}
const pyodide = await loadPyodide(options);
const bootMs = performance.now() - t0;
if (args.patch) {
  // Pyodide's standard library with its start's needless imports deferred (patches.py), then stop.
  pyodide.FS.writeFile("/tmp/stock.zip", readFileSync(STDLIB));
  pyodide.FS.writeFile("/tmp/patches.py", readFileSync(join(HERE, "patches.py")));
  const patch = pyodide.runPython("import sys\nsys.path.insert(0, '/tmp')\nimport patches\npatches.patch");
  const whyProxy = patch("/tmp/stock.zip", "/tmp/patched.zip");
  const why = whyProxy.toJs({ dict_converter: Object.fromEntries });
  whyProxy.destroy();
  patch.destroy();
  writeFileSync(args.patch, pyodide.FS.readFile("/tmp/patched.zip"));
  for (const [file, reason] of Object.entries(why)) log(`patched ${file}: ${reason}`);
  process.exit(0);
}
log(`booted in ${bootMs.toFixed(0)} ms (stdlib ${basename(STDLIB)}, lock ${args.lock ? "inline" : "downloaded"})`);

// What Python holds right after boot, before any game code (no new imports: only builtins used).
pyodide.runPython(`
import sys
def _mods():
    out = {}
    for name, m in list(sys.modules.items()):
        spec = getattr(m, "__spec__", None)
        out[name] = [
            getattr(spec, "origin", None) if spec is not None else None,
            getattr(m, "__file__", None),
            type(spec.loader).__name__ if spec is not None and spec.loader is not None else None,
        ]
    return out

class _Recorder:
    """First on sys.meta_path: every name Python looks for from now on (found or not), so a
    module imported then dropped, or probed inside try/except, is seen too."""
    asked = []
    @classmethod
    def find_spec(cls, name, path=None, target=None):
        cls.asked.append(name)
        return None
`);
const toObj = (proxy) => {
  const v = proxy.toJs({ dict_converter: Object.fromEntries });
  proxy.destroy?.();
  return v;
};
const bootModules = toObj(pyodide.runPython("_mods()"));
pyodide.runPython("sys.meta_path.insert(0, _Recorder)");

// The game: its bundle installed as the worker installs it (sitecustomize.install), or the wheel
// itself on sys.path (the first run, on Pyodide's own standard library).
const wheelPath = `/home/pyodide/${basename(WHEEL)}`;
pyodide.FS.writeFile(wheelPath, readFileSync(WHEEL));
if (WHEEL.endsWith(".xz")) {
  pyodide.runPython(`import sitecustomize\nsitecustomize.install(${JSON.stringify(wheelPath)})`);
} else {
  pyodide.runPython(`sys.path.insert(0, ${JSON.stringify(wheelPath)})`);
}
const t1 = performance.now();
const app = pyodide.pyimport("allthrees.app");
const handle = app.handle.copy();
app.destroy();
const importMs = performance.now() - t1;
log(`import allthrees.app: ${importMs.toFixed(0)} ms`);

// Every module of the package, and every outside module its sources name (maybe lazily).
const importAll = pyodide.runPython(`
import importlib
def _import_all(package_modules, external):
    failed = []
    for name in package_modules:
        try:
            importlib.import_module(name)
        except BaseException as exc:
            failed.append([name, f"{type(exc).__name__}: {exc}"])
    for name in external:
        try:
            importlib.import_module(name)
        except ModuleNotFoundError as exc:
            # "from X import Y": Y is an attribute, not a submodule, when X imports fine and has it
            parent, _, attr = name.rpartition(".")
            if parent and exc.name == name and hasattr(importlib.import_module(parent), attr):
                continue
            failed.append([name, f"{type(exc).__name__}: {exc}"])
        except BaseException as exc:
            failed.append([name, f"{type(exc).__name__}: {exc}"])
    return failed
_import_all
`);
const failedImports = toObj(importAll(STATIC.package_modules, STATIC.external));
importAll.destroy();
for (const [name, why] of failedImports) problems.push(`import ${name}: ${why}`);

// --- the scenario ---------------------------------------------------------------------------------
let calls = 0;
const opCounts = {};
function ask(request, { refused = false } = {}) {
  const text = typeof request === "string" ? request : JSON.stringify(request);
  const replyText = handle(text);
  calls += 1;
  const op = typeof request === "string" ? "(raw)" : request.op;
  opCounts[op] = (opCounts[op] ?? 0) + 1;
  if (typeof replyText !== "string") throw new Error("handle must return JSON text");
  const reply = JSON.parse(replyText);
  if (!reply.ok) {
    if (/request failed|Error\)/.test(reply.error) || /ImportError|ModuleNotFound/.test(reply.error)) {
      problems.push(`${text.slice(0, 120)} -> ${reply.error}`);
    } else if (!refused) {
      problems.push(`unexpected refusal: ${text.slice(0, 120)} -> ${reply.error}`);
    }
  } else if (refused) {
    problems.push(`expected a refusal: ${text.slice(0, 120)}`);
  }
  return reply;
}

// tests/web/tablekit.py first_choice
function firstChoice(snap) {
  const playable = snap.hand.filter((t) => t.playable);
  if (playable.length) {
    const intent = { kind: "play", tile: playable[0].tile };
    const arm = playable[0].targets[0].arm;
    if (arm) intent.arm = arm;
    return intent;
  }
  return { kind: snap.can_draw ? "draw" : "pass" };
}

// One round to its end: computers advance, people play first_choice (with a hint now and then),
// a pass-and-play cover is tapped by the seat it waits for.
function playRound(reply, { hints = 2, claim = false } = {}) {
  let n = 0;
  let hinted = 0;
  while (!reply.snapshot.round.over) {
    if (++n > 400) throw new Error("the round did not end in 400 requests");
    const s = reply.snapshot;
    if (s.cover !== null && s.cover !== undefined) {
      reply = ask({ op: "intent", seat: s.cover, intent: { kind: "ready" } });
    } else if (s.computer_to_move) {
      reply = ask({ op: "advance" });
    } else {
      const seat = s.person_to_move;
      if (hinted < hints) {
        ask({ op: "hint", seat });
        hinted += 1;
      }
      const intent = firstChoice(s);
      if (claim && intent.kind === "play") intent.claim = 0;
      reply = ask({ op: "intent", seat, intent });
    }
  }
  return reply;
}

const tScenario = performance.now();
// Requests that need no game, and bad ones.
ask({ op: "ping" });
ask({ op: "advance" }, { refused: true }); // no game yet
ask({ op: "choices" });
ask({ op: "rules_form", settings: { rules: "classic", seats: ["you", "expert", "casual"] } });
ask({ op: "rules_form", settings: { rules: "parlor", options: { hand_size: 30 } } }); // error inside the form
ask({ op: "rules_form", settings: 5 }, { refused: true });
ask({ op: "link", params: { players: "3", seats: "you,person:Ana,expert", seed: "7", rules: "pub" } });
ask({ op: "link", params: { seed: "42" }, settings: { rules: "polish" } });
ask({ op: "link", params: { bogus: "1" } }, { refused: true });
ask("{not json", { refused: true });
ask("[1, 2]", { refused: true });
ask(`"${"x".repeat(10)}"`, { refused: true });
ask({ op: "nope" }, { refused: true });
ask({ op: "start", settings: { seats: ["you", "you"] } }, { refused: true });
ask({ op: "start", settings: { mode: "partners", seats: ["you", "expert", "casual"] } }, { refused: true });

// 1. Parlor, 2 players vs Expert: round 1 with hints, review, record, rules text, round 2.
let r = ask({ op: "start", seed: 1, settings: { seats: ["you", "expert"] } });
ask({ op: "intent", seat: 0, intent: { kind: "play", tile: "9-9" } }, { refused: true }); // bad tile
ask({ op: "intent", seat: 7, intent: { kind: "play" } }, { refused: true }); // no such seat
ask({ op: "intent", seat: 0, intent: { kind: "next" } }, { refused: true }); // round still on
ask({ op: "intent", seat: 0, intent: { kind: "settings", settings: { hide_sum: true } } });
r = playRound(r, { hints: 3 });
ask({ op: "review" });
ask({ op: "review", round: 1 });
ask({ op: "record" });
ask({ op: "rules_text" });
const save1 = r.save;
r = ask({ op: "intent", seat: 0, intent: { kind: "next" } });
r = playRound(r, { hints: 1 });

// Save and restore; damaged and foreign saves.
r = ask({ op: "start", save: save1 });
r = ask({ op: "start", save: save1.slice(0, save1.length - 20) }); // damaged: new game + problem
if (!r.problem?.code) problems.push("a damaged save gave no problem code");
ask({ op: "start", save: save1, salvage: true });
ask({ op: "start", save: '{"version": 99}' }); // newer version: a problem
ask({ op: "start", save: "[]" });

// 2. Classic, 3 players (beginner, casual).
r = ask({ op: "new", seed: 2, settings: { rules: "classic", seats: ["you", "beginner", "casual"] } });
r = playRound(r);
ask({ op: "review" });

// 3. Partners, 4 players, pass-and-play partner (covers), pub rules with muggins.
r = ask({
  op: "new",
  seed: 3,
  settings: {
    mode: "partners",
    rules: "pub",
    options: { muggins: true },
    seats: ["you", "expert", { controller: "person", name: "Ana" }, "casual"],
  },
});
r = playRound(r, { claim: true });
ask({ op: "review" });
ask({ op: "record" });

// 4. Sprint (one round), 4 players, all fives, double nine, cribbage; then a rematch.
r = ask({
  op: "new",
  seed: 4,
  settings: {
    mode: "sprint",
    rules: "all_fives",
    options: { set: "double_nine", cribbage: true, hand_size: 7 },
    seats: ["you", "casual", "beginner", "expert"],
  },
});
r = playRound(r);
ask({ op: "record" }); // match over: seed, commitment, dealing
r = ask({ op: "intent", seat: 0, intent: { kind: "next" } }); // rematch (new seed)
r = playRound(r, { hints: 0 });

// 5. Polish, 3 players, a seed-less start (secrets), options over the preset.
r = ask({
  op: "start",
  settings: {
    rules: "polish",
    options: { target: 61, spinner: "none", stock_reserve: 0, lead: "lots", block_bonus: "total" },
    seats: ["beginner", "you", "expert"],
  },
});
r = playRound(r);
ask({ op: "rules_text" });

// 6. A whole match to its end: Quick Sprint vs Beginner (single round), from an old-style setting.
r = ask({ op: "new", seed: 5, settings: { opponent: "beginner", players: 2, target: 61 } });
r = playRound(r);
ask({ op: "intent", seat: 0, intent: { kind: "next" } });

const scenarioMs = performance.now() - tScenario;
log(`scenario: ${calls} requests in ${scenarioMs.toFixed(0)} ms`);

// Pyodide's own error path (a Python exception reaching JS is formatted with traceback): the worker
// relies on it to name a boot failure.
try {
  pyodide.runPython("raise ValueError('formatted by traceback')");
  problems.push("an exception did not reach JS");
} catch (err) {
  if (!String(err.message).includes("ValueError: formatted by traceback")) {
    problems.push(`exception text: ${err.message}`);
  }
}
handle.destroy();

// --- what was imported ----------------------------------------------------------------------------
const allModules = toObj(pyodide.runPython("_mods()"));
const asked = toObj(pyodide.runPython("list(_Recorder.asked)"));
const info = toObj(
  pyodide.runPython(`
import _imp
{
  "version": sys.version,
  "prefix": sys.prefix,
  "path": list(sys.path),
  "builtin": sorted(sys.builtin_module_names),
  "frozen": sorted(_imp._frozen_module_names()),
  "stdlib_names": sorted(sys.stdlib_module_names),
  "flags_frozen": sys._xoptions.get("frozen_modules"),
}
`),
);
for (const line of pyOut) if (/Error|Warning|Traceback/.test(line)) problems.push(`python said: ${line}`);

const report = {
  stdlib: STDLIB,
  lock: args.lock ? "inline" : "file",
  ms: { boot: Math.round(bootMs), importApp: Math.round(importMs), scenario: Math.round(scenarioMs) },
  calls,
  opCounts,
  bootModules,
  allModules,
  asked,
  info,
  problems,
};
if (args.out) writeFileSync(args.out, JSON.stringify(report, null, 1));
const n = Object.keys(allModules).length;
log(`${n} modules in sys.modules (${Object.keys(bootModules).length} after boot), ${problems.length} problems`);
for (const p of problems) console.error(`PROBLEM: ${p}`);
if (problems.length) process.exit(1);

// --- the zip of what was imported (after the report: trim.py's own imports are not counted) -------
if (args["make-zip"]) {
  const prefix = `${info.path.find((p) => p.endsWith(".zip") && !p.startsWith("/home/pyodide/"))}/`;
  pyodide.FS.writeFile("/tmp/stock.zip", readFileSync(STDLIB));
  pyodide.FS.writeFile("/tmp/trim.py", readFileSync(join(HERE, "trim.py")));
  const origins = Object.values(allModules).map(([origin]) => origin);
  const make = pyodide.runPython(`
import sys
sys.path.insert(0, "/tmp")
import trim
trim.make
`);
  const importer = readFileSync(join(HERE, "sitecustomize.py"), "utf8");
  const made = toObj(make("/tmp/stock.zip", origins, asked, "/tmp/out.zip", prefix, importer));
  make.destroy();
  writeFileSync(args["make-zip"], pyodide.FS.readFile("/tmp/out.zip"));
  log(
    `${args["make-zip"]}: ${made.modules.length} modules (${made.bundled} bundled), ${made.files}` +
      ` files; sources ${made.source_bytes_before} bytes -> ${made.bytes_after} bytes`,
  );
  if (args.list) writeFileSync(args.list, `${made.modules.join("\n")}\n`);
}
// --- the game's bytecode bundle, for the page (the check run then runs on it) ----------------------
if (args["make-game"]) {
  pyodide.FS.writeFile("/tmp/trim.py", readFileSync(join(HERE, "trim.py")));
  const compiled = pyodide.runPython("import sys\nsys.path.insert(0, '/tmp')\nimport trim\ntrim.compiled");
  pyodide.FS.writeFile("/tmp/game.whl", readFileSync(WHEEL));
  const count = compiled("/tmp/game.whl", "/tmp/game.xz", STATIC.excluded ?? []);
  compiled.destroy();
  writeFileSync(args["make-game"], pyodide.FS.readFile("/tmp/game.xz"));
  log(`${args["make-game"]}: ${count} modules compiled`);
}
process.exit(0);
