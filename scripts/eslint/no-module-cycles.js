// ESLint rule: the API's modules (apps/api/src/modules/<name>/) must not depend on each other in a
// circle. File-level cycle checks miss these (orders.service → shipping.service → orders/pricing has
// no file cycle), so this one works on the graph of modules, read from their non-test sources.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const SPECIFIER = /(?:from|import)\s*\(?\s*['"](\.[^'"]+)['"]/g;

/** module name → the other modules its non-test files import; read once per lint run. */
const graphs = new Map();

function moduleOf(modulesRoot, file) {
  const relative = path.relative(modulesRoot, file);
  if (relative.startsWith('..') || path.isAbsolute(relative)) return null;
  const [name, ...rest] = relative.split(path.sep);
  return rest.length > 0 ? name : null;
}

function sourceFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

function moduleGraph(modulesRoot) {
  let graph = graphs.get(modulesRoot);
  if (graph) return graph;
  graph = new Map();
  for (const entry of readdirSync(modulesRoot, { withFileTypes: true })) {
    if (!entry.isDirectory()) continue;
    const deps = new Set();
    for (const file of sourceFiles(path.join(modulesRoot, entry.name))) {
      for (const [, specifier] of readFileSync(file, 'utf8').matchAll(SPECIFIER)) {
        const target = moduleOf(modulesRoot, path.resolve(path.dirname(file), specifier));
        if (target && target !== entry.name) deps.add(target);
      }
    }
    graph.set(entry.name, deps);
  }
  graphs.set(modulesRoot, graph);
  return graph;
}

/** The modules from `start` to `goal` along dependencies, or null when `goal` is not reachable. */
function findPath(graph, start, goal) {
  const previous = new Map([[start, null]]);
  const queue = [start];
  while (queue.length > 0) {
    const current = queue.shift();
    if (current === goal) {
      const route = [];
      for (let step = current; step !== null; step = previous.get(step)) route.unshift(step);
      return route;
    }
    for (const next of graph.get(current) ?? []) {
      if (!previous.has(next)) {
        previous.set(next, current);
        queue.push(next);
      }
    }
  }
  return null;
}

export default {
  meta: {
    type: 'problem',
    docs: { description: 'Modules of the API must not import each other in a circle.' },
    schema: [
      {
        type: 'object',
        properties: { modulesRoot: { type: 'string' } },
        required: ['modulesRoot'],
      },
    ],
    messages: {
      cycle: 'Module "{{from}}" imports "{{to}}", which already depends on "{{from}}" ({{route}}).',
    },
  },
  create(context) {
    const modulesRoot = path.resolve(context.cwd, context.options[0].modulesRoot);
    const file = context.filename;
    const from = moduleOf(modulesRoot, file);
    if (!from || /\.test\.tsx?$/.test(file)) return {};
    const check = (node) => {
      const specifier = node.source?.value;
      if (typeof specifier !== 'string' || !specifier.startsWith('.')) return;
      const to = moduleOf(modulesRoot, path.resolve(path.dirname(file), specifier));
      if (!to || to === from) return;
      const route = findPath(moduleGraph(modulesRoot), to, from);
      if (route) {
        context.report({
          node,
          messageId: 'cycle',
          data: { from, to, route: [from, ...route].join(' → ') },
        });
      }
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};
