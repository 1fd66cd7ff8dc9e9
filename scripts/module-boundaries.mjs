// Nx tag boundaries without @nx/eslint-plugin (not published for nx 24): the constraints in
// module-boundaries.json, checked against package.json dependencies and source imports.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

export const workspaceRoot = join(dirname(fileURLToPath(import.meta.url)), '..');

/** Every workspace project: name, folder, Nx tags and its @dinebuds/* dependencies (any kind). */
export function loadProjects(root = workspaceRoot) {
  const rootPackage = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  const projects = [];
  for (const pattern of rootPackage.workspaces) {
    const dirs = pattern.endsWith('/*') ? listDirs(join(root, pattern.slice(0, -2))) : [join(root, pattern)];
    for (const dir of dirs) {
      const file = join(dir, 'package.json');
      if (!existsSync(file)) continue;
      const pkg = JSON.parse(readFileSync(file, 'utf8'));
      const deps = { ...pkg.dependencies, ...pkg.devDependencies, ...pkg.peerDependencies };
      projects.push({
        name: pkg.name,
        dir,
        tags: pkg.nx?.tags ?? [],
        dependencies: Object.keys(deps).filter((d) => d.startsWith('@dinebuds/')),
      });
    }
  }
  return projects;
}

function listDirs(parent) {
  if (!existsSync(parent)) return [];
  return readdirSync(parent, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => join(parent, entry.name));
}

export function loadConstraints(root = workspaceRoot) {
  return JSON.parse(readFileSync(join(root, 'module-boundaries.json'), 'utf8')).depConstraints;
}

/**
 * Why `source` may not depend on `target` (null when it may). Every constraint whose sourceTag
 * the source carries must allow one of the target's tags; a project without tags is refused.
 */
export function boundaryViolation(source, target, constraints) {
  if (source.name === target.name) return null;
  if (source.tags.length === 0) return `${source.name} declares no nx.tags`;
  if (target.tags.length === 0) return `${target.name} declares no nx.tags`;
  for (const constraint of constraints) {
    if (!source.tags.includes(constraint.sourceTag)) continue;
    if (!constraint.onlyDependOnLibsWithTags.some((tag) => target.tags.includes(tag))) {
      return (
        `${source.name} (${constraint.sourceTag}) may depend only on projects tagged ` +
        `${constraint.onlyDependOnLibsWithTags.join(', ') || '(nothing)'}; ${target.name} is ${target.tags.join(', ')}`
      );
    }
  }
  return null;
}

/** Every declared package.json dependency that breaks a constraint. */
export function dependencyViolations(projects = loadProjects(), constraints = loadConstraints()) {
  const byName = new Map(projects.map((p) => [p.name, p]));
  const problems = [];
  for (const source of projects) {
    for (const dep of source.dependencies) {
      const target = byName.get(dep);
      if (!target) continue;
      const problem = boundaryViolation(source, target, constraints);
      if (problem) problems.push(problem);
    }
  }
  return problems;
}

/** The project whose folder holds `file` (absolute path), or undefined. */
export function projectOfFile(file, projects) {
  return projects.find((p) => {
    const rel = relative(p.dir, file);
    return rel !== '' && !rel.startsWith('..') && !rel.startsWith(sep) && !rel.includes(`node_modules${sep}`);
  });
}

/**
 * ESLint rule boundaries/enforce-tags: an import of another workspace package (@dinebuds/x or
 * @dinebuds/x/sub) must be allowed by module-boundaries.json for the importing file's project.
 * Tests (test/ folders, *.spec.ts and the like) may start the apps they exercise: not checked.
 */
export function createBoundariesPlugin(projects = loadProjects(), constraints = loadConstraints()) {
  const byName = new Map(projects.map((p) => [p.name, p]));
  const rule = {
    meta: {
      type: 'problem',
      docs: { description: 'Workspace imports follow the Nx tag constraints of module-boundaries.json' },
      schema: [],
    },
    create(context) {
      const source = projectOfFile(context.filename, projects);
      if (!source || isTestFile(relative(source.dir, context.filename))) return {};
      const check = (node, specifier) => {
        if (typeof specifier !== 'string' || !specifier.startsWith('@dinebuds/')) return;
        const target = byName.get(specifier.split('/').slice(0, 2).join('/'));
        if (!target) return;
        const problem = boundaryViolation(source, target, constraints);
        if (problem) context.report({ node, message: `Module boundary: ${problem}.` });
      };
      return {
        ImportDeclaration: (node) => check(node, node.source.value),
        ExportNamedDeclaration: (node) => node.source && check(node, node.source.value),
        ExportAllDeclaration: (node) => check(node, node.source.value),
        ImportExpression: (node) => node.source.type === 'Literal' && check(node, node.source.value),
      };
    },
  };
  return { rules: { 'enforce-tags': rule } };
}

const TEST_FILE = /(^|[\\/])(test|e2e)[\\/]|\.(spec|int-spec|api-spec|e2e-spec)\.tsx?$/;

function isTestFile(relativePath) {
  return TEST_FILE.test(relativePath);
}
