// The code's boundaries (docs/architecture.md, "Boundaries"), each a rule that names what breaks it.
// Every violation has a key without line numbers, so a list of known ones survives edits nearby.
import path from 'node:path';
import ts from 'typescript';
import { lineOf } from './source-files.mjs';

export const rules = {
  'platform-imports-module': 'the platform is beneath every module: it imports none of them',
  'module-internal-import': "a server module reaches another only through that module's index.ts",
  'module-cycle': 'server modules depend on each other in one direction: no import loop between modules',
  'web-feature-internal-import': "a web feature reaches another only through that feature's index.ts",
  'web-feature-index-reexports-only':
    "a web feature's index.ts only re-exports (the build counts it free of side effects: apps/web/vite.config.ts)",
  'web-feature-cycle': 'web features depend on each other in one direction: no import loop between features',
  'table-write-outside-owner': 'only the module that owns a table (keeps it in its *.tables.ts) writes it',
  'web-api-path-outside-contract':
    "the web app reaches the server through the shared route contracts (http.call(route, …), a route's path), never a path typed by hand",
  'web-imports-contract-schemas':
    "the web app calls routes through `*.routes.ts` (method and path); a `*.contract.ts` brings zod and every schema into the app's download, so the web imports only its types",
};

/** Which part of the code a file belongs to: a server module, the platform, a web feature, or none. */
export function unitOf(root, file) {
  const [app, , area, name] = path.relative(root, file).split(path.sep);
  if (app === 'server' && area === 'modules') return { kind: 'module', name };
  if (app === 'server' && area === 'platform') return { kind: 'platform', name: 'platform' };
  if (app === 'web' && area === 'features') return { kind: 'feature', name };
  return { kind: 'other', name: app };
}

/**
 * Every violation in the parsed sources (`root` is `apps/`): `{ rule, key, where, message }`.
 * `tables` maps a table's TypeScript name and SQL name to its owner (see tableOwners).
 */
export function findViolations(root, sources, tables) {
  const relative = (file) => path.relative(path.dirname(root), file);
  const violations = [];
  const add = (rule, subject, where, message) => violations.push({ rule, key: `${rule}  ${subject}`, where, message });
  const moduleEdges = new Map();
  const featureEdges = new Map();

  for (const { file, tree, imports } of sources) {
    const from = unitOf(root, file);
    for (const { target, line } of imports) {
      const to = unitOf(root, target);
      const where = `${relative(file)}:${line}`;
      if (from.kind === 'platform' && to.kind === 'module') {
        add(
          'platform-imports-module',
          `${relative(file)} -> ${relative(target)}`,
          where,
          `imports ${relative(target)}`,
        );
      }
      if (from.kind === 'module' && to.kind === 'module' && from.name !== to.name) {
        noteEdge(moduleEdges, from.name, to.name, where);
        if (path.basename(target) !== 'index.ts' || path.basename(path.dirname(target)) !== to.name) {
          add(
            'module-internal-import',
            `${relative(file)} -> ${relative(target)}`,
            where,
            `imports ${relative(target)}; import from modules/${to.name}/index.ts instead`,
          );
        }
      }
      if (from.kind === 'feature' && to.kind === 'feature' && from.name !== to.name) {
        noteEdge(featureEdges, from.name, to.name, where);
        if (!isFeatureIndex(root, target)) {
          add(
            'web-feature-internal-import',
            `${relative(file)} -> ${relative(target)}`,
            where,
            `imports ${relative(target)}; import from features/${to.name}/index.ts instead`,
          );
        }
      }
    }
    const notReexport = isFeatureIndex(root, file)
      ? tree.statements.find((statement) => !(ts.isExportDeclaration(statement) && statement.moduleSpecifier))
      : undefined;
    if (notReexport) {
      add(
        'web-feature-index-reexports-only',
        relative(file),
        `${relative(file)}:${lineOf(tree, notReexport)}`,
        'holds more than re-exports; put the code in a file of the feature and re-export it from there',
      );
    }
  }
  for (const [rule, edges, kind] of [
    ['module-cycle', moduleEdges, 'modules'],
    ['web-feature-cycle', featureEdges, 'features'],
  ]) {
    for (const loop of loopsOf(edges)) {
      for (const from of loop) {
        for (const [to, where] of edges.get(from) ?? []) {
          if (!loop.includes(to)) continue;
          add(rule, `${from} -> ${to}`, where, `${from} imports ${to}, and the ${kind} ${loop.join(', ')} form a loop`);
        }
      }
    }
  }
  for (const source of sources) violations.push(...tableWritesOutsideOwner(root, source, tables, relative));
  for (const source of sources) violations.push(...apiPathsTypedByHand(root, source, relative));
  for (const source of sources) violations.push(...contractValueImports(root, source, relative));
  return violations;
}

/** A web file's string or template that starts with `/api/`: a route the contracts already declare. */
function apiPathsTypedByHand(root, { file, tree }, relative) {
  if (!path.relative(root, file).startsWith(`web${path.sep}`)) return [];
  const found = [];
  const visit = (node) => {
    const text =
      ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateHead(node)
        ? node.text
        : undefined;
    if (text !== undefined && /^\/api(\/|$)/.test(text)) {
      const where = `${relative(file)}:${lineOf(tree, node)}`;
      found.push({
        rule: 'web-api-path-outside-contract',
        key: `web-api-path-outside-contract  ${relative(file)}: ${text}`,
        where,
        message: `types the path ${text}; call the route's contract instead`,
      });
    }
    ts.forEachChild(node, visit);
  };
  visit(tree);
  return found;
}

/** A web file's import of a shared `*.contract` module that is not for types only. */
function contractValueImports(root, { file, tree }, relative) {
  if (!path.relative(root, file).startsWith(`web${path.sep}`)) return [];
  const isContract = (specifier) =>
    specifier && ts.isStringLiteral(specifier) && /^@wacrm\/shared\/.+\.contract(\.ts)?$/.test(specifier.text);
  const typesOnly = (clause) =>
    clause?.isTypeOnly ||
    (clause && !clause.name && clause.namedBindings && ts.isNamedImports(clause.namedBindings)
      ? clause.namedBindings.elements.every((element) => element.isTypeOnly)
      : false);
  const found = [];
  const visit = (node) => {
    const specifier = ts.isImportDeclaration(node)
      ? !typesOnly(node.importClause) && node.moduleSpecifier
      : ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword && node.arguments[0];
    if (isContract(specifier)) {
      const routes = specifier.text.replace(/\.contract(\.ts)?$/, '.routes');
      found.push({
        rule: 'web-imports-contract-schemas',
        key: `web-imports-contract-schemas  ${relative(file)} -> ${specifier.text}`,
        where: `${relative(file)}:${lineOf(tree, node)}`,
        message: `imports ${specifier.text}; call through ${routes}, or import its types only (import type)`,
      });
    }
    ts.forEachChild(node, visit);
  };
  visit(tree);
  return found;
}

/** Whether the file is a web feature's index.ts (`features/<f>/index.ts`, not one further down). */
function isFeatureIndex(root, file) {
  const [app, , area, , name, ...deeper] = path.relative(root, file).split(path.sep);
  return app === 'web' && area === 'features' && name === 'index.ts' && deeper.length === 0;
}

function noteEdge(edges, from, to, where) {
  if (!edges.has(from)) edges.set(from, new Map());
  if (!edges.get(from).has(to)) edges.get(from).set(to, where);
}

/** The strongly connected groups of more than one node (Tarjan): each is an import loop. */
function loopsOf(edges) {
  const order = new Map();
  const low = new Map();
  const stack = [];
  const loops = [];
  const visit = (node) => {
    order.set(node, order.size);
    low.set(node, order.get(node));
    stack.push(node);
    for (const next of edges.get(node)?.keys() ?? []) {
      if (!order.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node), low.get(next)));
      } else if (stack.includes(next)) {
        low.set(node, Math.min(low.get(node), order.get(next)));
      }
    }
    if (low.get(node) !== order.get(node)) return;
    const loop = [];
    let member;
    do {
      member = stack.pop();
      loop.push(member);
    } while (member !== node);
    if (loop.length > 1) loops.push(loop.sort());
  };
  for (const node of edges.keys()) if (!order.has(node)) visit(node);
  return loops;
}

/**
 * Who owns each table: the unit whose file declares it with pgTable('sql_name', …). Returns maps
 * from the TypeScript name and from the SQL name to `{ owner, sqlName }`.
 */
export function tableOwners(root, sources) {
  const byIdentifier = new Map();
  const bySqlName = new Map();
  for (const { file, tree } of sources) {
    const owner = unitOf(root, file).name;
    const visit = (node) => {
      if (
        ts.isVariableDeclaration(node) &&
        ts.isIdentifier(node.name) &&
        node.initializer &&
        ts.isCallExpression(node.initializer) &&
        ts.isIdentifier(node.initializer.expression) &&
        node.initializer.expression.text === 'pgTable' &&
        node.initializer.arguments[0] &&
        ts.isStringLiteral(node.initializer.arguments[0])
      ) {
        const table = { owner, sqlName: node.initializer.arguments[0].text };
        byIdentifier.set(node.name.text, table);
        bySqlName.set(table.sqlName, table);
      }
      ts.forEachChild(node, visit);
    };
    visit(tree);
  }
  return { byIdentifier, bySqlName };
}

const drizzleWrites = new Set(['insert', 'update', 'delete']);
const sqlWrite = /\b(?:insert\s+into|update|delete\s+from)\s+"?([a-z_][a-z0-9_]*)"?/gi;

/** Drizzle's insert/update/delete(table) and raw SQL writes of a table the file's unit does not own. */
function tableWritesOutsideOwner(root, { file, tree }, tables, relative) {
  const writer = unitOf(root, file);
  if (writer.kind === 'feature') return [];
  // What this file calls each imported table (`import { tickets as ticketRows }`).
  const localNames = new Map();
  for (const statement of tree.statements) {
    const bindings = ts.isImportDeclaration(statement) ? statement.importClause?.namedBindings : undefined;
    if (!bindings || !ts.isNamedImports(bindings)) continue;
    for (const element of bindings.elements) {
      localNames.set(element.name.text, (element.propertyName ?? element.name).text);
    }
  }
  const found = [];
  const report = (table, node) => {
    if (!table || table.owner === writer.name) return;
    found.push({
      rule: 'table-write-outside-owner',
      key: `table-write-outside-owner  ${relative(file)} writes ${table.sqlName}`,
      where: `${relative(file)}:${lineOf(tree, node)}`,
      message: `writes ${table.sqlName}, which ${table.owner} owns; call ${table.owner}'s repository or service`,
    });
  };
  const visit = (node) => {
    if (
      ts.isCallExpression(node) &&
      ts.isPropertyAccessExpression(node.expression) &&
      drizzleWrites.has(node.expression.name.text) &&
      node.arguments[0] &&
      ts.isIdentifier(node.arguments[0])
    ) {
      const name = node.arguments[0].text;
      report(tables.byIdentifier.get(localNames.get(name) ?? name), node);
    }
    if (
      ts.isNoSubstitutionTemplateLiteral(node) ||
      ts.isTemplateHead(node) ||
      ts.isTemplateMiddle(node) ||
      ts.isTemplateTail(node) ||
      ts.isStringLiteral(node)
    ) {
      for (const match of node.text.matchAll(sqlWrite)) report(tables.bySqlName.get(match[1].toLowerCase()), node);
    }
    ts.forEachChild(node, visit);
  };
  visit(tree);
  return found;
}
