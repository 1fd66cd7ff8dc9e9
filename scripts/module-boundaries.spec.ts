import { describe, expect, it } from '@jest/globals';
// @ts-expect-error plain ESM helper shared with eslint.config.js (no type declarations)
import * as boundaries from './module-boundaries.mjs';

interface Project {
  name: string;
  dir: string;
  tags: string[];
  dependencies: string[];
}
interface Constraint {
  sourceTag: string;
  onlyDependOnLibsWithTags: string[];
}

const { loadProjects, loadConstraints, dependencyViolations, boundaryViolation } = boundaries as {
  loadProjects(): Project[];
  loadConstraints(): Constraint[];
  dependencyViolations(projects?: Project[], constraints?: Constraint[]): string[];
  boundaryViolation(source: Project, target: Project, constraints: Constraint[]): string | null;
};

describe('module boundaries (Nx tags of every package.json, module-boundaries.json)', () => {
  const projects = loadProjects();
  const constraints = loadConstraints();
  const byName = (name: string) => projects.find((p) => p.name === name)!;

  it('every workspace project declares its scope and type tags', () => {
    expect(projects.length).toBeGreaterThanOrEqual(13);
    for (const project of projects) {
      expect({ name: project.name, scope: project.tags.some((t) => t.startsWith('scope:')) }).toEqual({
        name: project.name,
        scope: true,
      });
      expect({ name: project.name, type: project.tags.some((t) => t.startsWith('type:')) }).toEqual({
        name: project.name,
        type: true,
      });
    }
  });

  it('no declared @dinebuds/* dependency breaks a constraint', () => {
    expect(dependencyViolations(projects, constraints)).toEqual([]);
  });

  it('refuses a service depending on a service, a lib on an app, and the frontend on a backend lib', () => {
    const withDependency = (name: string, dep: string) => ({ ...byName(name), dependencies: [dep] });
    const violating = [
      withDependency('@dinebuds/social-graph', '@dinebuds/identity'),
      withDependency('@dinebuds/events', '@dinebuds/gateway'),
      withDependency('@dinebuds/frontend', '@dinebuds/logging'),
      withDependency('@dinebuds/contracts', '@dinebuds/errors'),
    ];
    const others = projects.filter((p) => !violating.some((v) => v.name === p.name));
    const problems = dependencyViolations(
      [...others.map((p) => ({ ...p, dependencies: [] })), ...violating],
      constraints,
    );
    expect(problems).toHaveLength(4);
    expect(problems[0]).toMatch(
      /@dinebuds\/social-graph \(type:service\) may depend only on .*@dinebuds\/identity/,
    );
  });

  it('allows what the architecture allows', () => {
    const allowed: Array<[string, string]> = [
      ['@dinebuds/identity', '@dinebuds/events'],
      ['@dinebuds/identity', '@dinebuds/contracts'],
      ['@dinebuds/gateway', '@dinebuds/service-client'],
      ['@dinebuds/frontend', '@dinebuds/contracts'],
      ['@dinebuds/runner', '@dinebuds/identity'],
      ['@dinebuds/runner', '@dinebuds/gateway'],
      ['@dinebuds/testing', '@dinebuds/events'],
    ];
    for (const [source, target] of allowed)
      expect([source, target, boundaryViolation(byName(source), byName(target), constraints)]).toEqual([
        source,
        target,
        null,
      ]);
  });
});
