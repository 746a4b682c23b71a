import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/** The repository root. */
const root = path.resolve(import.meta.dirname, '../..');

/** One import of a server file, by the file it names. */
export interface ImportEdge {
  from: string;
  to: string;
}

/** The import graph of `server/` (test files and test support left out: they may reach anywhere to arrange a case). */
export interface ServerImportGraph {
  files: string[];
  edges: ImportEdge[];
}

const isTestFile = (file: string) => /\.test\.ts$/.test(file) || file.startsWith('server/test/');

function listSources(dir: string): string[] {
  return fs.readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const relative = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return listSources(relative);
    return /\.tsx?$/.test(entry.name) ? [relative] : [];
  });
}

/** The module specifiers of a file: imports and re-exports, type-only ones too (a type ties two files as much). */
function specifiersOf(file: string): string[] {
  const source = ts.createSourceFile(file, fs.readFileSync(path.join(root, file), 'utf8'), ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if (
      (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      found.push(node.moduleSpecifier.text);
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [argument] = node.arguments;
      if (argument && ts.isStringLiteral(argument)) found.push(argument.text);
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal)) {
      found.push(node.argument.literal.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** The file a specifier names, relative to the root, or null for a package. */
function resolveSpecifier(from: string, specifier: string): string | null {
  let base: string;
  if (specifier.startsWith('.')) base = path.posix.join(path.posix.dirname(from), specifier);
  else if (specifier.startsWith('@shared/')) base = `shared/${specifier.slice('@shared/'.length)}`;
  else return null;
  base = base.replace(/\.js$/, '');
  for (const candidate of [`${base}.ts`, `${base}.tsx`, `${base}/index.ts`, base]) {
    const absolute = path.join(root, candidate);
    if (fs.existsSync(absolute) && fs.statSync(absolute).isFile()) return candidate;
  }
  return null;
}

/** Reads the import graph of the server's product files as they are on disk. */
export function readServerImportGraph(): ServerImportGraph {
  const files = listSources('server').filter((file) => !isTestFile(file));
  const edges = files.flatMap((from) =>
    specifiersOf(from)
      .map((specifier) => resolveSpecifier(from, specifier))
      .filter((to): to is string => to !== null && to.startsWith('server/') && to !== from)
      .map((to) => ({ from, to })),
  );
  return { files, edges };
}

/** The module a file belongs to (`server/modules/<module>/…`), or null outside the modules. */
export function moduleOf(file: string): string | null {
  return /^server\/modules\/([^/]+)\//.exec(file)?.[1] ?? null;
}

/** The strongly connected groups of more than one node (Tarjan): each is a cycle, or several tangled together. */
export function cyclesOf(nodes: Iterable<string>, next: (node: string) => Iterable<string>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const connect = (node: string): void => {
    index.set(node, counter);
    low.set(node, counter);
    counter += 1;
    stack.push(node);
    onStack.add(node);
    for (const target of next(node)) {
      if (!index.has(target)) {
        connect(target);
        low.set(node, Math.min(low.get(node)!, low.get(target)!));
      } else if (onStack.has(target)) {
        low.set(node, Math.min(low.get(node)!, index.get(target)!));
      }
    }
    if (low.get(node) === index.get(node)) {
      const group: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        group.push(member);
      } while (member !== node);
      if (group.length > 1) cycles.push(group.sort());
    }
  };
  for (const node of nodes) if (!index.has(node)) connect(node);
  return cycles;
}

/** Groups of files that import each other, directly or through others. */
export function fileCycles(graph: ServerImportGraph): string[][] {
  const next = new Map<string, string[]>();
  for (const { from, to } of graph.edges) next.set(from, [...(next.get(from) ?? []), to]);
  return cyclesOf(graph.files, (file) => next.get(file) ?? []);
}

/**
 * Groups of modules that import each other. Only imports from one module's file into another's count: the
 * composition root (`server/app.ts`, `server/context.ts`) wires every module and is imported by all of them.
 */
export function moduleCycles(graph: ServerImportGraph): string[][] {
  const next = new Map<string, Set<string>>();
  for (const { from, to } of graph.edges) {
    const [source, target] = [moduleOf(from), moduleOf(to)];
    if (source === null || target === null || source === target) continue;
    next.set(source, (next.get(source) ?? new Set()).add(target));
  }
  return cyclesOf([...next.keys()], (module) => next.get(module) ?? []);
}

/** Imports of a module's repository from a file outside that module. */
export function foreignRepositoryImports(graph: ServerImportGraph): ImportEdge[] {
  return graph.edges.filter(
    ({ from, to }) => /\.repository\.ts$/.test(to) && moduleOf(to) !== null && moduleOf(from) !== moduleOf(to),
  );
}

// `npx tsx server/test/import-graph.ts` prints the figures (the decision record 0023 quotes them).
if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  const graph = readServerImportGraph();
  const report = (title: string, lines: string[]) =>
    console.warn(`${title}: ${lines.length}${lines.map((line) => `\n  ${line}`).join('')}`);
  report(
    'file cycles',
    fileCycles(graph).map((cycle) => cycle.join(' ⇄ ')),
  );
  report(
    'module cycles',
    moduleCycles(graph).map((cycle) => cycle.join(' ⇄ ')),
  );
  report(
    'foreign repository imports',
    foreignRepositoryImports(graph).map(({ from, to }) => `${from} → ${to}`),
  );
}
