import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The import directions of docs/decisions/022-dependency-directions.md, checked on the source: a new
 * import that runs the wrong way fails here before it becomes a circle.
 */

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/**
 * Which module may import which (decision 022). Listed from the bottom up: a module only imports
 * modules listed above it, so the table has no circle.
 */
const MODULE_IMPORTS: Record<string, readonly string[]> = {
  mail: [],
  pictures: [],
  departments: [],
  health: [],
  backups: [],
  live: [],
  legacy: [],
  qualifying: [],
  users: ['departments'],
  auth: ['users', 'mail'],
  'admin-users': ['users'],
  bios: ['pictures'],
  announcements: ['pictures'],
  teams: ['departments', 'mail'],
  registrations: ['live'],
  events: ['departments', 'pictures', 'registrations'],
  'run-orders': ['events', 'live'],
  runs: ['events', 'registrations', 'run-orders'],
  results: ['events', 'live', 'registrations', 'run-orders'],
  'public-results': ['events', 'qualifying', 'results'],
  documents: ['events', 'run-orders', 'results'],
};

function sourceFiles(folder: string): string[] {
  return readdirSync(join(root, folder), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name))
    .map((entry) => relative(root, join(entry.parentPath, entry.name)));
}

interface Import {
  from: string;
  /** A path from the repository's root for a relative import, else the package's name. */
  to: string;
}

function importsOf(file: string): Import[] {
  const text = readFileSync(join(root, file), 'utf8');
  // Static imports and re-exports, and dynamic import('...') (a lazy chunk is an import all the same).
  const specifiers = [...text.matchAll(/^(?:import|export)\b[^;]*?\bfrom\s+'([^']+)'|\bimport\(\s*'([^']+)'/gms)].map(
    (m) => m[1] ?? m[2] ?? '',
  );
  return specifiers.map((spec) => ({
    from: file,
    to: spec.startsWith('.') ? relative(root, resolve(root, dirname(file), spec)) : spec,
  }));
}

const edge = ({ from, to }: Import) => `${from} -> ${to}`;
const moduleOf = (path: string) => /^api\/modules\/([^/]+)\//.exec(path)?.[1];

describe('dependency directions (decision 022)', () => {
  it('lets api/domain import only api/domain and pure packages', () => {
    const wrong = sourceFiles('api/domain')
      .flatMap(importsOf)
      .filter((i) => (i.to.startsWith('api/') ? !i.to.startsWith('api/domain/') : i.to !== 'zod'));
    expect(wrong.map(edge)).toEqual([]);
  });

  it('lets api/contracts import only api/contracts, api/domain and zod', () => {
    const wrong = sourceFiles('api/contracts')
      .flatMap(importsOf)
      .filter((i) =>
        i.to.startsWith('api/') ? !/^api\/(contracts|domain)\//.test(i.to) : i.to !== 'zod' && i.to !== 'zod/v4',
      );
    expect(wrong.map(edge)).toEqual([]);
  });

  it('keeps api/app.ts out of the modules and plugins', () => {
    const wrong = [...sourceFiles('api/modules'), ...sourceFiles('api/plugins')]
      .flatMap(importsOf)
      .filter((i) => i.to === 'api/app.ts');
    expect(wrong.map(edge)).toEqual([]);
  });

  it('keeps api/plugins from importing modules', () => {
    const wrong = sourceFiles('api/plugins')
      .flatMap(importsOf)
      .filter((i) => i.to.startsWith('api/modules/'));
    expect(wrong.map(edge)).toEqual([]);
  });

  it('lets a module import only the modules the table allows', () => {
    const modules = readdirSync(join(root, 'api/modules'), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
    expect(modules.filter((m) => !(m in MODULE_IMPORTS))).toEqual([]);
    const wrong = sourceFiles('api/modules')
      .flatMap(importsOf)
      .filter((i) => {
        const from = moduleOf(i.from);
        const to = moduleOf(i.to);
        return from !== undefined && to !== undefined && from !== to && !MODULE_IMPORTS[from]?.includes(to);
      });
    expect(wrong.map(edge)).toEqual([]);
  });

  it('lets api/db import only api/db, api/domain, api/config.ts and api/paths.ts', () => {
    const wrong = sourceFiles('api/db')
      .flatMap(importsOf)
      .filter((i) => i.to.startsWith('api/') && !/^api\/(db|domain)\/|^api\/(config|paths)\.ts$/.test(i.to));
    expect(wrong.map(edge)).toEqual([]);
  });

  it('lets api/event-store import only api/db, api/domain and itself; projections those and the store', () => {
    const wrong = [...sourceFiles('api/event-store'), ...sourceFiles('projections')]
      .flatMap(importsOf)
      .filter(
        (i) =>
          (i.to.startsWith('api/') && !/^api\/(db|domain|event-store)\//.test(i.to)) ||
          (i.from.startsWith('api/') && i.to.startsWith('projections/')),
      );
    expect(wrong.map(edge)).toEqual([]);
  });

  it('keeps projections and the demo data out of the modules, plugins and the store', () => {
    const wrong = [...sourceFiles('api/modules'), ...sourceFiles('api/plugins'), ...sourceFiles('api/event-store')]
      .flatMap(importsOf)
      .filter((i) => i.to.startsWith('projections/') || i.to.startsWith('api/demo/'));
    expect(wrong.map(edge)).toEqual([]);
  });

  it('lets web import only api/domain and api/contracts from api', () => {
    const wrong = sourceFiles('web')
      .flatMap(importsOf)
      .filter((i) => i.to.startsWith('api/') && !/^api\/(domain|contracts)\//.test(i.to));
    expect(wrong.map(edge)).toEqual([]);
  });

  it('keeps web/lib below web/components, and both below the features and the routes', () => {
    const wrong = [
      ...sourceFiles('web/lib')
        .flatMap(importsOf)
        .filter((i) => /^web\/(components|features|routes)\//.test(i.to)),
      ...sourceFiles('web/components')
        .flatMap(importsOf)
        .filter((i) => /^web\/(features|routes)\//.test(i.to)),
      ...sourceFiles('web/features')
        .flatMap(importsOf)
        .filter((i) => i.to.startsWith('web/routes/')),
    ];
    expect(wrong.map(edge)).toEqual([]);
  });

  it('lists each module after every module it may import, so the table has no circle', () => {
    const order = Object.keys(MODULE_IMPORTS);
    const upward = Object.entries(MODULE_IMPORTS).flatMap(([from, targets]) =>
      targets
        .filter((to) => order.indexOf(to) < 0 || order.indexOf(to) >= order.indexOf(from))
        .map((to) => `${from} -> ${to}`),
    );
    expect(upward).toEqual([]);
  });
});
