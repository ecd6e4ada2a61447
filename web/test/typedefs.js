// The typedefs of web/js/shapes/ as TypeScript itself reads them, written as JSON in the form of
// Python's `python -m allthrees.shapes` (py/allthrees/shapes/describe.py), so that
// tests/app/test_shapes_js.py can hold the two languages' shapes equal:
//
//   node web/test/typedefs.js [dir]     # prints {Name: {module, fields} | {module, union}}
//
// A Program over the folder's modules (allowJs, checkJs), with the repository's pinned TypeScript
// (web/node_modules/typescript): its checker finds each module's exported typedefs and follows a
// name to the typedef it means, across `import("./x.js").Name`. An `@typedef {Object}` with
// `@property` lines is a shape: `{"module": file, "fields": {name: {"type", "required"}}}`, a
// field required unless written `[name]`. A typedef that is a union of shapes only (`Hint`,
// `Event`) is `{"module": file, "union": [names]}`. Any other typedef (`Arm`, `SummaryLine`'s
// members aside) is a name for a type, written out where a field uses it, as Python's `typing`
// writes out an alias. Types are in describe's grammar: `int` (the typedef `Int`), `float`
// (`number`), `str`, `bool`, `null`, `any` (`unknown`), `list[T]`, `dict[str, T]`
// (`Object<string, T>`, `Record<string, T>`), a literal as its JSON, a shape by its name, and a
// union as `A | B` in the order written. A type outside that grammar (an intersection, a DOM type)
// is written `?` and its text, which no Python type equals.

import { readdirSync } from "node:fs";
import { createRequire } from "node:module";
import { basename, dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const ts = createRequire(import.meta.url)(join(here, "..", "node_modules", "typescript"));

export const SHAPES_DIR = resolve(here, "..", "js", "shapes");

/** The typedefs of the modules in `dir`, as describe writes Python's shapes. */
export function typedefsIn(dir = SHAPES_DIR) {
  const files = readdirSync(dir)
    .filter((f) => f.endsWith(".js"))
    .sort()
    .map((f) => join(dir, f));
  const program = ts.createProgram(files, {
    allowJs: true,
    checkJs: true,
    noEmit: true,
    strict: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    types: [],
  });
  const checker = program.getTypeChecker();
  const out = {};
  for (const file of files) {
    const source = program.getSourceFile(file);
    const module = source && checker.getSymbolAtLocation(source);
    if (!module) throw new Error(`${basename(file)} is not a module (it needs \`export {};\`)`);
    for (const symbol of checker.getExportsOfModule(module)) {
      const tag = typedefOf(symbol);
      if (!tag || tag.getSourceFile() !== source || isImport(tag.typeExpression)) continue;
      const name = symbol.getName();
      const where = `${basename(file)}: ${name}`;
      if (isShape(tag)) {
        out[name] = { module: basename(file, ".js"), fields: fieldsOf(checker, symbol, where) };
      } else {
        const members = unionOfShapes(checker, tag);
        if (members) out[name] = { module: basename(file, ".js"), union: members };
      }
    }
  }
  return out;
}

/** The `@typedef` tag that declares `symbol`, if it is one. */
function typedefOf(symbol) {
  return (symbol.declarations ?? []).find((d) => ts.isJSDocTypedefTag(d));
}

/** `@typedef {Object} Name` with its `@property` lines. */
const isShape = (tag) => tag.typeExpression && ts.isJSDocTypeLiteral(tag.typeExpression);

/** `@typedef {import("./x.js").Name} Name`: another module's, named here. */
const isImport = (expression) =>
  expression && ts.isJSDocTypeExpression(expression) && ts.isImportTypeNode(expression.type);

/** The fields of a shape, in the order written. */
function fieldsOf(checker, symbol, where) {
  const fields = {};
  const type = checker.getDeclaredTypeOfSymbol(symbol);
  for (const property of checker.getPropertiesOfType(type)) {
    const declaration = property.declarations?.[0];
    if (!declaration || !ts.isJSDocPropertyTag(declaration) || !declaration.typeExpression) {
      throw new Error(`${where}.${property.getName()}: not an @property with a type`);
    }
    const optional = (property.flags & ts.SymbolFlags.Optional) !== 0;
    const at = `${where}.${property.getName()}`;
    fields[property.getName()] = { type: written(checker, declaration.typeExpression.type, at), required: !optional };
  }
  return fields;
}

/** A typedef's members when it is a union of shapes only, else null. */
function unionOfShapes(checker, tag) {
  const node = tag.typeExpression && ts.isJSDocTypeExpression(tag.typeExpression) ? tag.typeExpression.type : null;
  if (!node || !ts.isUnionTypeNode(node)) return null;
  const members = [];
  for (const member of node.types) {
    const target = ts.isTypeReferenceNode(member) ? referred(checker, member.typeName) : null;
    const found = target && typedefOf(target);
    if (!found || !isShape(found)) return null;
    members.push(target.getName());
  }
  return members;
}

/** The symbol a type's name means, an import followed to its typedef. */
function referred(checker, name) {
  let symbol = checker.getSymbolAtLocation(name);
  if (symbol && symbol.flags & ts.SymbolFlags.Alias) symbol = checker.getAliasedSymbol(symbol);
  // `@typedef {import("./a.js").X} X`: the local name stands for a.js's X
  for (let hops = 0; symbol && hops < 8; hops++) {
    const tag = typedefOf(symbol);
    if (!tag || !isImport(tag.typeExpression)) return symbol;
    const imported = tag.typeExpression.type;
    symbol = imported.qualifier ? checker.getSymbolAtLocation(imported.qualifier) : undefined;
    if (symbol && symbol.flags & ts.SymbolFlags.Alias) symbol = checker.getAliasedSymbol(symbol);
  }
  return symbol;
}

const KEYWORDS = {
  [ts.SyntaxKind.StringKeyword]: "str",
  [ts.SyntaxKind.NumberKeyword]: "float",
  [ts.SyntaxKind.BooleanKeyword]: "bool",
  [ts.SyntaxKind.NullKeyword]: "null",
  [ts.SyntaxKind.UnknownKeyword]: "any",
};

/** A type node in describe's grammar. */
function written(checker, node, where, seen = []) {
  const again = (n) => written(checker, n, where, seen);
  if (KEYWORDS[node.kind]) return KEYWORDS[node.kind];
  if (ts.isParenthesizedTypeNode(node)) return again(node.type);
  if (ts.isUnionTypeNode(node)) return node.types.map(again).join(" | ");
  if (ts.isArrayTypeNode(node)) return `list[${again(node.elementType)}]`;
  if (ts.isLiteralTypeNode(node)) {
    const literal = node.literal;
    if (literal.kind === ts.SyntaxKind.NullKeyword) return "null";
    if (literal.kind === ts.SyntaxKind.TrueKeyword) return "true";
    if (literal.kind === ts.SyntaxKind.FalseKeyword) return "false";
    if (ts.isStringLiteral(literal)) return JSON.stringify(literal.text);
    if (ts.isNumericLiteral(literal)) return literal.text;
    if (ts.isPrefixUnaryExpression(literal) && ts.isNumericLiteral(literal.operand)) return `-${literal.operand.text}`;
  }
  if (ts.isImportTypeNode(node) && node.qualifier) return named(checker, node.qualifier, [], where, seen);
  if (ts.isTypeReferenceNode(node)) return named(checker, node.typeName, node.typeArguments ?? [], where, seen);
  return outside(node); // JS's own (an intersection, an indexed type ...): never equal to Python's
}

/** A named type: Int, a shape, a list or map, or a typedef written out. */
function named(checker, name, args, where, seen) {
  const text = ts.isIdentifier(name) ? name.text : name.right.text;
  if ((text === "Array" || text === "ReadonlyArray") && args.length === 1) {
    return `list[${written(checker, args[0], where, seen)}]`;
  }
  if ((text === "Object" || text === "Record") && args.length === 2) {
    return `dict[${written(checker, args[0], where, seen)}, ${written(checker, args[1], where, seen)}]`;
  }
  const symbol = referred(checker, name);
  const tag = symbol && typedefOf(symbol);
  if (!tag) return outside(name);
  const own = symbol.getName();
  if (own === "Int") return "int";
  if (isShape(tag)) return own;
  if (seen.includes(own)) throw new Error(`${where}: ${own} is defined by itself`);
  return written(checker, tag.typeExpression.type, where, [...seen, own]);
}

/** A type outside the grammar, written as `?` and its text (no Python type is written so). */
const outside = (node) => `?${node.getText().replace(/\s+/g, "")}`;

// `node web/test/typedefs.js [dir]` prints them (not when `node --test` runs this folder's files)
if (process.argv[1] === fileURLToPath(import.meta.url) && !process.env.NODE_TEST_CONTEXT) {
  process.stdout.write(
    `${JSON.stringify(typedefsIn(process.argv[2] ? resolve(process.argv[2]) : SHAPES_DIR), null, 1)}\n`,
  );
}
