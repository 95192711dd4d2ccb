import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { CONFIG_VARIABLES, readConfig } from '../../src/config/config.js';

/**
 * deploy/ is not built here (no container daemon), so what can be checked without one is:
 * the compose services' environment is configuration the server accepts, and the image's
 * Dockerfile copies what exists and everything the server needs at run time.
 */
const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');

/** deploy/.env.example as a map: the values an operator starts from. */
function exampleEnv(): Record<string, string> {
  const env: Record<string, string> = {};
  for (const line of read('deploy/.env.example').split('\n')) {
    const match = /^([A-Z0-9_]+)=(.*)$/.exec(line.trim());
    if (match) env[match[1]!] = match[2]!;
  }
  return env;
}

/** Compose interpolation: ${VAR}, ${VAR:-default}, ${VAR:?error}; $$ is a literal $. */
function interpolate(value: string, env: Record<string, string>): string {
  return value
    .replace(/\$\{([A-Z0-9_]+)(?::([-?])([^}]*))?\}/g, (_all, name: string, kind, rest: string) => {
      const set = env[name];
      if (set !== undefined && set !== '') return set;
      if (kind === '?') throw new Error(`${name} is required: ${rest}`);
      return kind === '-' ? rest : '';
    })
    .replaceAll('$$', '$');
}

interface Service {
  image?: string;
  build?: unknown;
  environment?: Record<string, string | number>;
}

const compose = parse(read('deploy/compose.yaml'), { merge: true }) as {
  services: Record<string, Service>;
};
const appServices = Object.entries(compose.services).filter(
  ([, service]) => service.image === 'repobundle:latest',
);

/** A service's environment as compose gives it, the operator's values from .env.example. */
function serviceEnv(service: Service): Record<string, string> {
  const example = exampleEnv();
  return Object.fromEntries(
    Object.entries(service.environment ?? {}).map(([name, value]) => [
      name,
      interpolate(String(value), example),
    ]),
  );
}

/** The Dockerfile's instructions per stage, continuation lines joined. */
function dockerfileStages(): Record<string, string[]> {
  const stages: Record<string, string[]> = {};
  let current: string[] = [];
  const text = read('deploy/Dockerfile').replace(/\\\n/g, ' ');
  for (const line of text.split('\n').map((l) => l.trim())) {
    if (!line || line.startsWith('#')) continue;
    const from = /^FROM\s+\S+\s+AS\s+(\S+)/i.exec(line);
    if (from) stages[from[1]!] = current = [];
    else current.push(line);
  }
  return stages;
}

describe('deploy/compose.yaml', () => {
  it('runs the app image as API and worker services', () => {
    expect(appServices.map(([name]) => name).sort()).toEqual(['api', 'worker']);
  });

  it.each(appServices)('%s: every variable is one the server reads', (_name, service) => {
    const unknown = Object.keys(service.environment ?? {}).filter(
      (name) => !CONFIG_VARIABLES.includes(name),
    );
    expect(unknown).toEqual([]);
  });

  it.each(appServices)(
    '%s: with deploy/.env.example, the configuration is accepted',
    (_name, service) => {
      expect(() => readConfig(serviceEnv(service))).not.toThrow();
    },
  );

  it('the API behind the proxy believes the proxy about the client address', () => {
    // Otherwise every client shares the proxy's address, and with it one rate limit.
    const api = compose.services.api!;
    expect(read('deploy/nginx.conf')).toMatch(/X-Forwarded-For \$proxy_add_x_forwarded_for/);
    expect(readConfig(serviceEnv(api)).trustProxy).toBe(1);
  });
});

describe('deploy/Dockerfile', () => {
  const stages = dockerfileStages();

  it('copies into the build stage only what the repository has', () => {
    const sources = stages
      .build!.filter((line) => /^COPY\s/i.test(line))
      .flatMap((line) => line.split(/\s+/).slice(1, -1))
      .filter((source) => !source.startsWith('--'));
    expect(sources.length).toBeGreaterThan(0);
    expect(sources.filter((source) => source !== '.' && !existsSync(join(ROOT, source)))).toEqual(
      [],
    );
  });

  it('gives the runtime image every production package, nested ones included', () => {
    const copied = stages
      .runtime!.filter((line) => /^COPY\s+--from=build/i.test(line))
      .map((line) =>
        line
          .split(/\s+/)
          .filter((word) => !word.startsWith('--'))[1]!
          .replace(/^\/app\//, ''),
      );
    // npm keeps a workspace's own version of a package in packages/<name>/node_modules when it
    // differs from the hoisted one; those stay after `npm prune --omit=dev` and are needed.
    const lock = JSON.parse(read('package-lock.json')) as {
      packages: Record<string, { dev?: boolean }>;
    };
    const neededDirs = new Set<string>();
    for (const [path, entry] of Object.entries(lock.packages)) {
      const dir = /^((?:packages\/[^/]+\/)?node_modules)\//.exec(path)?.[1];
      if (dir && !entry.dev && !dir.startsWith('packages/web/')) neededDirs.add(dir);
    }
    expect([...neededDirs].filter((dir) => !copied.includes(dir))).toEqual([]);
  });

  it('starts the server the build produces', () => {
    const cmd = stages.runtime!.find((line) => /^CMD\s/i.test(line))!;
    const [, script] = JSON.parse(cmd.replace(/^CMD\s+/i, '')) as string[];
    expect(script).toBe('packages/server/dist/main.js');
    expect(existsSync(join(ROOT, 'packages/server/src/main.ts'))).toBe(true);
    expect(JSON.parse(read('packages/server/package.json')).scripts.build).toContain('tsc');
  });
});
