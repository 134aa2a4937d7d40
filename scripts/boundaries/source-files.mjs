// Reads the TypeScript sources the boundary rules look at: each file's imports (resolved to files)
// and its syntax tree, parsed once.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/**
 * Source files under `dir`, tests and test helpers left out: they may reach anywhere. A helper is
 * named `*.test-helper.ts` or `*.test-helpers.ts`; both spellings are in use.
 */
export function sourceFilesUnder(dir) {
  const files = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules' && entry.name !== 'test' && entry.name !== 'e2e') {
        files.push(...sourceFilesUnder(full));
      }
    } else if (/\.tsx?$/.test(entry.name) && !/\.(test|test-helpers?|d)\.tsx?$/.test(entry.name)) {
      files.push(full);
    }
  }
  return files;
}

/** A source file parsed: its path, its syntax tree and the files its relative imports resolve to. */
export function parseSource(file) {
  const text = readFileSync(file, 'utf8');
  const tree = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const imports = [];
  const visit = (node) => {
    const specifier =
      (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier
        ? node.moduleSpecifier
        : ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword
          ? node.arguments[0]
          : undefined;
    if (specifier && ts.isStringLiteral(specifier) && specifier.text.startsWith('.')) {
      const target = resolveImport(file, specifier.text);
      if (target) imports.push({ target, line: lineOf(tree, node) });
    }
    ts.forEachChild(node, visit);
  };
  visit(tree);
  return { file, tree, imports };
}

export function lineOf(tree, node) {
  return tree.getLineAndCharacterOfPosition(node.getStart(tree)).line + 1;
}

function resolveImport(from, specifier) {
  const base = path.resolve(path.dirname(from), specifier);
  const candidates = [base, base.replace(/\.js$/, '.ts'), `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')];
  return candidates.find((candidate) => existsSync(candidate) && statSync(candidate).isFile());
}
