// The shapes of web/js/shapes/ (JSDoc typedefs) as JSON, for a test that holds them to Python's
// definitions of the same shapes: {Shape: {field: {type, optional}}}, each shape's fields in the
// order written.
//
//   node web/test/shapes.js            # prints the JSON
//   import { shapesIn } from "./shapes.js"; shapesIn(dir) -> the same object
//
// Read from the typedefs' comments, as written there: `@typedef {Object} Name` with its
// `@property {type} name` (or `[name]`: optional) lines is a shape; any other `@typedef {type} Name`
// is a name for a type, written out wherever a field uses it (`Arm` -> `"N"|"E"|"S"|"W"`), but for
// `Int`, which stays "Int" (a whole number: Python's int, where a `number` is its float). A type is
// given without spaces and without its `import("...").` prefix. A name that is neither a shape, a
// written-out name nor one of JSON's is an error: the JSON names only what it defines.

import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

export const SHAPES_DIR = resolve(dirname(fileURLToPath(import.meta.url)), "..", "js", "shapes");

/** Names a type may use besides the shapes: JSON's own, and `Int`. */
const KNOWN = new Set(["Int", "number", "string", "boolean", "null", "unknown", "true", "false", "Object"]);
const KEPT = new Set(["Int"]); // a typedef of these is not written out

/** The text of each doc comment in `source`, its leading stars gone. */
function docComments(source) {
  return [...source.matchAll(/\/\*\*([\s\S]*?)\*\//g)].map((m) =>
    m[1]
      .split("\n")
      .map((line) => line.replace(/^\s*\*\s?/, ""))
      .join("\n"),
  );
}

/** The tags of one comment: [{tag, type, name, optional}], a type's braces balanced. */
function tags(comment) {
  const out = [];
  const tag = /@(typedef|property)\s*\{/g;
  for (let m = tag.exec(comment); m; m = tag.exec(comment)) {
    let depth = 1;
    let i = tag.lastIndex;
    for (; i < comment.length && depth; i++) {
      if (comment[i] === "{") depth++;
      else if (comment[i] === "}") depth--;
    }
    if (depth) throw new Error(`an unclosed type in: @${m[1]} {${comment.slice(tag.lastIndex, tag.lastIndex + 40)}`);
    const type = comment.slice(tag.lastIndex, i - 1);
    const named = /^\s*(\[?)([A-Za-z_$][\w$]*)(\]?)/.exec(comment.slice(i));
    if (!named) throw new Error(`@${m[1]} {${type}} names nothing`);
    out.push({ tag: m[1], type, name: named[2], optional: named[1] === "[" && named[3] === "]" });
    tag.lastIndex = i;
  }
  return out;
}

/** `type` as the JSON gives it: no spaces, no import prefix. */
const plain = (type) => type.replace(/\s+/g, "").replace(/import\("[^"]*"\)\./g, "");

/** Every name `type` uses (not its string literals, nor an inline object's keys). */
const namesIn = (type) =>
  [
    ...type
      .replace(/"[^"]*"/g, "")
      .replace(/[A-Za-z_$][\w$]*\??:/g, "")
      .matchAll(/[A-Za-z_$][\w$]*/g),
  ].map((m) => m[0]);

/** Write out the named types in `type` (a union in parentheses where it is a list's items). */
function writeOut(type, aliases, seen = []) {
  return type.replace(/"[^"]*"|[A-Za-z_$][\w$]*/g, (token, at) => {
    if (token.startsWith('"') || !aliases.has(token)) return token;
    if (seen.includes(token)) throw new Error(`${token} is defined by itself`);
    const body = writeOut(aliases.get(token), aliases, [...seen, token]);
    return body.includes("|") && type[at + token.length] === "[" ? `(${body})` : body;
  });
}

/** The shapes defined in the modules of `dir`, as JSON. */
export function shapesIn(dir = SHAPES_DIR) {
  const shapes = {};
  const aliases = new Map();
  const files = readdirSync(dir)
    .filter((f) => f.endsWith(".js"))
    .sort();
  for (const file of files) {
    for (const comment of docComments(readFileSync(join(dir, file), "utf8"))) {
      const found = tags(comment);
      const typedef = found.find((t) => t.tag === "typedef");
      if (!typedef) continue;
      const { name } = typedef;
      if (/^\s*import\(/.test(typedef.type)) continue; // another module's, named here
      if (shapes[name] || aliases.has(name)) throw new Error(`${file}: ${name} is defined twice`);
      const type = plain(typedef.type);
      if (type === "Object") {
        shapes[name] = {};
        for (const p of found.filter((t) => t.tag === "property")) {
          if (shapes[name][p.name]) throw new Error(`${file}: ${name}.${p.name} is given twice`);
          shapes[name][p.name] = { type: plain(p.type), optional: p.optional };
        }
      } else if (!KEPT.has(name)) aliases.set(name, type);
    }
  }
  for (const [name, fields] of Object.entries(shapes)) {
    for (const [field, spec] of Object.entries(fields)) {
      spec.type = writeOut(spec.type, aliases);
      const unknown = namesIn(spec.type).filter((n) => !KNOWN.has(n) && !shapes[n]);
      if (unknown.length) throw new Error(`${name}.${field}: no shape named ${unknown.join(", ")}`);
    }
  }
  return shapes;
}

// `node web/test/shapes.js` prints them (not when `node --test` runs this folder's files)
if (process.argv[1] === fileURLToPath(import.meta.url) && !process.env.NODE_TEST_CONTEXT) {
  process.stdout.write(`${JSON.stringify(shapesIn(), null, 2)}\n`);
}
