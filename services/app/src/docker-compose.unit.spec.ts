import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
const composePath = fileURLToPath(new URL('../../../docker-compose.yml', import.meta.url));
const dockerfilePath = fileURLToPath(new URL('../../../Dockerfile', import.meta.url));
const rootPackagePath = fileURLToPath(new URL('../../../package.json', import.meta.url));
const appPackagePath = fileURLToPath(new URL('../package.json', import.meta.url));
const configPath = fileURLToPath(new URL('./config.ts', import.meta.url));

type Service = {
  image?: string;
  build?: string | { context?: string; dockerfile?: string };
  command?: string | string[];
  environment?: Record<string, string | number | boolean | null> | string[];
  depends_on?: string[] | Record<string, { condition?: string }>;
  healthcheck?: { test?: string | string[]; disable?: boolean };
  ports?: Array<string | number | { target?: number | string; published?: number | string }>;
  volumes?: Array<string | { type?: string; source?: string }>;
  profiles?: string[];
};

type Compose = {
  version?: unknown;
  services: Record<string, Service>;
  volumes?: Record<string, unknown>;
};

const compose = parse(readFileSync(composePath, 'utf8'), { merge: true }) as Compose;
const services = compose.services ?? {};
const APP_SERVICES = { api: 'start:api', projector: 'start:projector', worker: 'start:worker' } as const;
const appServiceNames = Object.keys(APP_SERVICES) as Array<keyof typeof APP_SERVICES>;

function service(name: string): Service {
  const found = services[name];
  if (!found) throw new Error(`docker-compose.yml has no service "${name}"`);
  return found;
}

function environmentOf(s: Service): Record<string, string> {
  const env = s.environment ?? {};
  if (Array.isArray(env)) {
    return Object.fromEntries(
      env.map((entry) => {
        const at = entry.indexOf('=');
        return at === -1 ? [entry, ''] : [entry.slice(0, at), entry.slice(at + 1)];
      }),
    );
  }
  return Object.fromEntries(Object.entries(env).map(([key, value]) => [key, value === null ? '' : String(value)]));
}

function dependenciesOf(s: Service): Record<string, string | undefined> {
  const deps = s.depends_on ?? [];
  if (Array.isArray(deps)) return Object.fromEntries(deps.map((name) => [name, undefined]));
  return Object.fromEntries(Object.entries(deps).map(([name, spec]) => [name, spec?.condition]));
}

function commandOf(s: Service): string {
  return Array.isArray(s.command) ? s.command.join(' ') : (s.command ?? '');
}

function buildContextOf(s: Service): string | undefined {
  if (s.build === undefined) return undefined;
  return typeof s.build === 'string' ? s.build : (s.build.context ?? '.');
}

/** Named volumes a service mounts (bind mounts of paths are left out). */
function namedVolumesOf(s: Service): string[] {
  return (s.volumes ?? []).flatMap((volume) => {
    if (typeof volume === 'string') {
      const source = volume.split(':')[0] ?? '';
      const isNamed = volume.includes(':') && !/^[./~$]/.test(source);
      return isNamed ? [source] : [];
    }
    return (volume.type ?? 'volume') === 'volume' && volume.source ? [volume.source] : [];
  });
}

/** Container ports published on the same host port, as "host:container". */
function publishedPortsOf(s: Service): string[] {
  return (s.ports ?? []).map((port) => {
    if (typeof port === 'object') return `${port.published ?? ''}:${port.target ?? ''}`;
    const parts = String(port).split('/')[0]!.split(':');
    const container = parts[parts.length - 1] ?? '';
    const host = parts.length >= 2 ? parts[parts.length - 2]! : '';
    return `${host}:${container}`;
  });
}

/** The UPPER_CASE keys of `configSchema` in config.ts: the settings the app reads. */
function configKeys(): string[] {
  const text = readFileSync(configPath, 'utf8');
  const block = /const configSchema = z\.object\(\{([\s\S]*?)\n\}\);/.exec(text)?.[1];
  if (!block) throw new Error('configSchema not found in config.ts');
  // Groups of settings spread into the schema (`...SELLER_SETTINGS`) are read from their own object.
  const spread = [...block.matchAll(/^\s*\.\.\.([A-Z][A-Z0-9_]*),/gm)].map((match) => {
    const group = new RegExp(`const ${match[1]} = \\{([\\s\\S]*?)\\n\\};`).exec(text)?.[1];
    if (!group) throw new Error(`${match[1]} not found in config.ts`);
    return group;
  });
  return [block, ...spread].flatMap((part) =>
    [...part.matchAll(/^\s*([A-Z][A-Z0-9_]*)\s*:/gm)].map((match) => match[1]!),
  );
}

describe('docker-compose.yml', () => {
  it('follows the Compose Specification without a top-level version key', () => {
    expect(compose).not.toHaveProperty('version');
  });

  it('defines postgres, redis, kurrentdb, api, projector and worker', () => {
    expect(Object.keys(services)).toEqual(
      expect.arrayContaining(['postgres', 'redis', 'kurrentdb', 'api', 'projector', 'worker']),
    );
  });

  it('gives postgres and redis healthchecks that the app services can wait on', () => {
    expect(service('postgres').image).toMatch(/^postgres:17/);
    expect(service('redis').image).toMatch(/^redis:7/);
    for (const name of ['postgres', 'redis']) {
      const healthcheck = service(name).healthcheck;
      expect(healthcheck?.disable, name).not.toBe(true);
      expect(healthcheck?.test, name).toBeDefined();
    }
    expect(JSON.stringify(service('postgres').healthcheck?.test)).toContain('pg_isready');
    expect(JSON.stringify(service('redis').healthcheck?.test)).toContain('ping');
    // Append-only persistence on a volume: a restart of Redis keeps the queue's copy of the work.
    expect(service('redis').command).toEqual(expect.arrayContaining(['--appendonly', 'yes']));
    expect(JSON.stringify(service('redis').volumes)).toContain('redis-data:/data');
  });

  it('keeps kurrentdb behind a profile, so a plain `up` does not start it', () => {
    const kurrentdb = service('kurrentdb');
    expect(kurrentdb.profiles).toEqual(expect.arrayContaining(['kurrentdb']));
    expect(kurrentdb.image).toContain('kurrentdb');
    expect(environmentOf(kurrentdb)).toMatchObject({ KURRENTDB_INSECURE: 'true' });
    expect(publishedPortsOf(kurrentdb)).toContain('2113:2113');
  });

  it.each(appServiceNames)('%s builds this repository and runs its npm script', (name) => {
    const s = service(name);
    const context = buildContextOf(s);
    expect(context, `${name} has no build`).toBeDefined();
    expect(path.resolve(repoRoot, context!)).toBe(path.resolve(repoRoot));
    expect(commandOf(s)).toBe(`npm run ${APP_SERVICES[name]}`);
    expect(s.profiles ?? [], `${name} must start without a profile`).toEqual([]);
  });

  it.each(appServiceNames)('%s reaches the postgres and redis services and waits for them to be healthy', (name) => {
    const env = environmentOf(service(name));
    const postgresEnv = environmentOf(service('postgres'));

    const database = new URL(env.DATABASE_URL ?? 'missing:');
    expect(database.protocol).toMatch(/^postgres(ql)?:$/);
    expect(database.hostname).toBe('postgres');
    expect(database.port || '5432').toBe('5432');
    expect(database.pathname).toBe(`/${postgresEnv.POSTGRES_DB ?? 'postgres'}`);
    expect(decodeURIComponent(database.password)).toBe(postgresEnv.POSTGRES_PASSWORD);

    const redis = new URL(env.REDIS_URL ?? 'missing:');
    expect(redis.protocol).toBe('redis:');
    expect(redis.hostname).toBe('redis');
    expect(redis.port || '6379').toBe('6379');

    expect(dependenciesOf(service(name))).toMatchObject({ postgres: 'service_healthy', redis: 'service_healthy' });
  });

  it('api listens on all interfaces, publishes 3000 and is checked through /healthz', () => {
    const api = service('api');
    const env = environmentOf(api);
    expect(env.HOST).toBe('0.0.0.0');
    expect(env.PORT ?? '3000').toBe('3000');
    expect(publishedPortsOf(api)).toContain('3000:3000');
    expect(JSON.stringify(api.healthcheck?.test)).toContain('http://localhost:3000/healthz');
  });

  it('sets on the app services only variables that config.ts knows', () => {
    const known = configKeys();
    expect(known).toEqual(expect.arrayContaining(['DATABASE_URL', 'REDIS_URL', 'EVENTSTORE_URL', 'PORT', 'HOST']));
    for (const name of appServiceNames) {
      const unknown = Object.keys(environmentOf(service(name))).filter((key) => !known.includes(key));
      expect(unknown, `${name} sets variables config.ts does not read`).toEqual([]);
    }
  });

  it('names only existing services in depends_on, and none that sit behind a profile the dependant lacks', () => {
    for (const [name, s] of Object.entries(services)) {
      for (const dependency of Object.keys(dependenciesOf(s))) {
        expect(Object.keys(services), `${name} depends on ${dependency}`).toContain(dependency);
        const needed = services[dependency]?.profiles ?? [];
        if (needed.length > 0) {
          expect(s.profiles ?? [], `${name} depends on ${dependency}, which needs a profile`).toEqual(
            expect.arrayContaining(needed),
          );
        }
      }
    }
  });

  it('declares every named volume it mounts', () => {
    const declared = Object.keys(compose.volumes ?? {});
    const used = Object.values(services).flatMap(namedVolumesOf);
    expect(used.length).toBeGreaterThan(0);
    for (const volume of used) expect(declared, `volume ${volume}`).toContain(volume);
  });
});

describe('Dockerfile', () => {
  type Instruction = { keyword: string; args: string };

  /** Instructions with line continuations joined and comments dropped. */
  function instructions(): Instruction[] {
    const text = readFileSync(dockerfilePath, 'utf8').replace(/\\\r?\n/g, ' ');
    return text
      .split(/\r?\n/)
      .map((line) => line.trim())
      .filter((line) => line !== '' && !line.startsWith('#'))
      .map((line) => {
        const [keyword = '', ...rest] = line.split(/\s+/);
        return { keyword: keyword.toUpperCase(), args: rest.join(' ') };
      });
  }

  /** The stages, each from its FROM to the next; the last one is the image. */
  function stages(): Array<{ name: string | undefined; image: string; steps: Instruction[] }> {
    const found: Array<{ name: string | undefined; image: string; steps: Instruction[] }> = [];
    for (const instruction of instructions()) {
      if (instruction.keyword === 'FROM') {
        const args = instruction.args.split(/\s+/).filter((arg) => !arg.startsWith('--'));
        const as = args.findIndex((arg) => arg.toUpperCase() === 'AS');
        found.push({ name: as === -1 ? undefined : args[as + 1], image: args[0] ?? '', steps: [] });
      } else {
        found[found.length - 1]?.steps.push(instruction);
      }
    }
    return found;
  }

  const image = () => stages().pop()!;
  const buildStage = () => stages().find((stage) => stage.steps.some((i) => /\bnpm run build\b/.test(i.args)));

  /** Source paths a COPY or ADD takes (from the context, or `--from` another stage when `fromStage`). */
  function copiedPaths(steps: Instruction[], fromStage = false): string[] {
    return steps.flatMap((i) => {
      if (i.keyword !== 'COPY' && i.keyword !== 'ADD') return [];
      if (/--from=/.test(i.args) !== fromStage) return [];
      const args = i.args.split(/\s+/).filter((arg) => !arg.startsWith('--'));
      return args.slice(0, -1).map((source) => path.posix.normalize(source.replace(/^\/app\//, '')));
    });
  }

  const rootPackage = () =>
    JSON.parse(readFileSync(rootPackagePath, 'utf8')) as { workspaces: string[]; scripts: Record<string, string> };

  it('exists next to docker-compose.yml', () => {
    expect(existsSync(dockerfilePath)).toBe(true);
  });

  it('builds on a Node 20 image', () => {
    expect(image().image).toMatch(/^(docker\.io\/)?(library\/)?node:20([.-]|$)/);
  });

  it('runs as a non-root user', () => {
    const users = image().steps.filter((i) => i.keyword === 'USER');
    expect(users.length).toBeGreaterThan(0);
    const user = users[users.length - 1]!.args.split(':')[0];
    expect(['root', '0', '']).not.toContain(user);
  });

  it.each([
    ['the build stage', () => buildStage()],
    ['the image', () => image()],
  ])('%s copies the lockfile and every workspace package.json before npm ci', (_name, stage) => {
    const steps = stage()?.steps ?? [];
    const npmCi = steps.findIndex((i) => i.keyword === 'RUN' && /\bnpm ci\b/.test(i.args));
    expect(npmCi, 'no RUN npm ci').toBeGreaterThan(-1);
    const copiedBefore = copiedPaths(steps.slice(0, npmCi));
    expect(copiedBefore, 'COPY . . before npm ci defeats the dependency layer').not.toContain('.');
    const { workspaces } = rootPackage();
    expect(workspaces.length).toBeGreaterThan(0);
    for (const manifest of ['package.json', 'package-lock.json', ...workspaces.map((w) => `${w}/package.json`)]) {
      expect(copiedBefore, `${manifest} is not copied before npm ci`).toContain(manifest);
    }
  });

  it('builds in a stage of its own with every dependency: the server, the web shop and the back-office', () => {
    expect(stages().length).toBeGreaterThanOrEqual(2);
    const build = buildStage();
    expect(build, 'no stage runs npm run build').toBeDefined();
    expect(build).not.toBe(image());
    const npmCi = build!.steps.find((i) => i.keyword === 'RUN' && /\bnpm ci\b/.test(i.args));
    expect(npmCi?.args).not.toMatch(/--omit[= ]dev|--production/);
    expect(build!.steps.some((i) => i.keyword === 'ENV' && /NODE_ENV=production/.test(i.args))).toBe(false);
    expect(rootPackage().scripts.build).toMatch(/-w @shop\/app\b/);
  });

  it('installs only production dependencies in the image, and no sources', () => {
    const { steps } = image();
    const npmCi = steps.findIndex((i) => i.keyword === 'RUN' && /\bnpm ci\b/.test(i.args));
    expect(steps[npmCi]!.args).toMatch(/--omit[= ]dev/);
    expect(steps[npmCi]!.args).toMatch(/(--workspace|-w)[= ]@shop\/app\b/);
    const env = steps.filter((i) => i.keyword === 'ENV').map((i) => i.args);
    expect(env.join(' ')).toMatch(/NODE_ENV=production/);
    // No source from the build context but the manifests npm ci reads.
    const fromContext = copiedPaths(steps);
    const { workspaces } = rootPackage();
    const manifests = ['package.json', 'package-lock.json', '.npmrc', ...workspaces.map((w) => `${w}/package.json`)];
    expect(fromContext.filter((source) => !manifests.includes(source))).toEqual([]);
  });

  it('takes the compiled server and the built web apps from the build stage', () => {
    const fromBuild = copiedPaths(image().steps, true);
    expect(fromBuild).toEqual(
      expect.arrayContaining(['services/app/dist', 'services/app/bin', 'web-shop/dist', 'admin/dist']),
    );
    expect(fromBuild.filter((source) => /(^|\/)src(\/|$)/.test(source))).toEqual([]);
  });

  it("puts shopctl's launcher in place before npm ci, which links `npx shopctl` only to a file that exists", () => {
    const { steps } = image();
    const npmCi = steps.findIndex((i) => i.keyword === 'RUN' && /\bnpm ci\b/.test(i.args));
    const bin = JSON.parse(readFileSync(appPackagePath, 'utf8')).bin.shopctl as string;
    const launcher = path.posix.join('services/app', path.posix.dirname(bin));
    expect(copiedPaths(steps.slice(0, npmCi), true)).toContain(launcher);
  });

  it('runs the compiled roles with Node alone: no TypeScript loader at run time', () => {
    const { scripts } = rootPackage();
    for (const role of ['start', ...Object.values(APP_SERVICES)]) {
      expect(scripts[role], role).toMatch(/^node (--[\w-]+ )*services\/app\/dist\/main\.js\b/);
    }
    const app = JSON.parse(readFileSync(appPackagePath, 'utf8')) as { dependencies: Record<string, string> };
    for (const tool of ['tsx', 'esbuild', 'typescript', 'vitest']) expect(app.dependencies).not.toHaveProperty(tool);
  });

  it('exposes 3000 and starts the api by default', () => {
    const all = image().steps;
    expect(all.filter((i) => i.keyword === 'EXPOSE').map((i) => i.args)).toContain('3000');
    const cmd = all.filter((i) => i.keyword === 'CMD').pop();
    expect(JSON.parse(cmd?.args ?? 'null')).toEqual(['npm', 'run', 'start:api']);
  });
});
