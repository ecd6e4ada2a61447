// Test helper (tests/web/test_python_start.py): boots Pyodide in Node on a given standard library
// zip, installs a game bundle if given (as the worker does: sitecustomize.install), runs a Python
// snippet and prints what its last expression gives, as JSON text (the snippet ends in an
// expression that is JSON text).
//
//   node pyodide_run.mjs --pyodide=DIR --stdlib=ZIP [--game=BUNDLE.xz] --code=FILE.py

import { readFileSync } from "node:fs";
import { basename, resolve } from "node:path";

const args = Object.fromEntries(
  process.argv.slice(2).map((a) => {
    const [k, ...v] = a.replace(/^--/, "").split("=");
    return [k, v.join("=")];
  }),
);
// A failure says what Python said (not Node's dump of the line it threw on, Pyodide's whole loader).
process.on("uncaughtException", (err) => {
  console.error(String(err?.message ?? err));
  process.exit(1);
});
process.on("unhandledRejection", (err) => {
  console.error(String(err?.message ?? err));
  process.exit(1);
});
const { loadPyodide } = await import(resolve(args.pyodide, "pyodide.mjs"));
const pyodide = await loadPyodide({
  indexURL: `${resolve(args.pyodide)}/`,
  stdLibURL: resolve(args.stdlib),
  stdout: (line) => console.error(`python: ${line}`),
  stderr: (line) => console.error(`python: ${line}`),
});
if (args.game) {
  const path = `/home/pyodide/${basename(args.game)}`;
  pyodide.FS.writeFile(path, readFileSync(args.game));
  pyodide.runPython(`import sitecustomize\nsitecustomize.install(${JSON.stringify(path)})`);
}
process.stdout.write(pyodide.runPython(readFileSync(args.code, "utf8")));
