import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The Dockerfile's rules, checked on its text: no container engine runs here and hadolint is not in
 * Debian's packages, so this stands in for a linter (decision 051).
 */

const text = readFileSync(fileURLToPath(new URL('../../docker/Dockerfile', import.meta.url)), 'utf8');
// One instruction per entry: comments dropped, continued lines joined.
const instructions = text
  .replace(/\\\n/g, ' ')
  .split('\n')
  .map((line) => line.trim())
  .filter((line) => line && !line.startsWith('#'));
const stages: string[][] = [];
for (const line of instructions) {
  if (/^FROM\s/i.test(line)) stages.push([]);
  stages.at(-1)?.push(line);
}
const final = stages.at(-1) ?? [];
const named = (stage: string[], keyword: string) => stage.filter((l) => l.toUpperCase().startsWith(`${keyword} `));
// The ARGs before the first FROM, with their defaults: what a plain `docker build` puts in the FROM lines.
const globalArgs = new Map<string, string>();
for (const line of instructions.slice(
  0,
  instructions.findIndex((l) => /^FROM\s/i.test(l)),
)) {
  const arg = /^ARG\s+(\w+)=(\S+)$/i.exec(line);
  if (arg) globalArgs.set(arg[1] as string, arg[2] as string);
}
const withDefaults = (line: string) =>
  line.replace(/\$\{(\w+)\}|\$(\w+)/g, (whole, braced, bare) => globalArgs.get(braced ?? bare) ?? whole);

describe('docker/Dockerfile', () => {
  it('builds on Node 26 trixie-slim images by default, pinned by major version, in two stages', () => {
    expect(stages.length).toBeGreaterThanOrEqual(2);
    for (const stage of stages)
      expect(withDefaults(stage[0] ?? '')).toMatch(/^FROM node:26-trixie-slim(\s+AS\s+\w+)?$/i);
  });

  it('installs with npm ci and builds with npm run build', () => {
    const build = stages[0] ?? [];
    expect(named(build, 'RUN').some((l) => /\bnpm ci\b/.test(l))).toBe(true);
    expect(named(build, 'RUN').some((l) => /\bnpm run build\b/.test(l))).toBe(true);
    expect(instructions.some((l) => /\bnpm install\b/.test(l))).toBe(false);
  });

  it('keeps only production dependencies and the compiled dist/ in the final stage', () => {
    const runs = named(final, 'RUN');
    expect(runs.some((l) => /\bnpm ci\b.*--omit=dev/.test(l))).toBe(true);
    const copied = named(final, 'COPY').filter((l) => l.includes('--from='));
    expect(copied).toEqual([expect.stringMatching(/--from=\w+ \/app\/dist \.\/dist$/)]);
    // Not the whole build stage: that would bring its dev dependencies and sources along.
    expect(final.some((l) => /COPY --from=\w+ \/app \/app/.test(l))).toBe(false);
  });

  it('runs as a non-root user with a health check on /api/ready', () => {
    const users = named(final, 'USER');
    expect(users.length).toBeGreaterThan(0);
    expect(users.at(-1)).not.toMatch(/^USER\s+(root|0)(:|$)/i);
    // The user is set before the command, after the last RUN that needs root.
    expect(final.indexOf(users.at(-1) ?? '')).toBeGreaterThan(final.findLastIndex((l) => /^RUN /i.test(l)));
    expect(named(final, 'HEALTHCHECK').join('\n')).toContain('/api/ready');
  });

  it('starts node on the compiled server: exec form, no tsx, no npm', () => {
    const cmd = named(final, 'CMD');
    expect(cmd).toEqual(['CMD ["node", "dist/server.js"]']);
    expect(final.some((l) => /\btsx\b/.test(l))).toBe(false);
  });
});
