import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';
import { testAppForFile } from '../test/helpers';
import { CONFIG_VARS, loadConfig } from './config';
import { HealthPath } from './platform/health';
import { METRICS_PATH } from './platform/metrics';
import { API_BASE } from '@mbo/shared/api-paths';

/*
 * The image (Dockerfile) and the example Kubernetes manifests (deploy/kubernetes) name things the server
 * defines: health and metrics paths, environment variables, the compiled entry points and the Node
 * flags of `npm run serve`. Nothing builds an image or runs a cluster in the tests, so each of those
 * names is checked here against the code, and a rename fails this file instead of a rollout.
 */

const root = path.resolve(import.meta.dirname, '../../..');
const k8sDir = path.join(root, 'deploy/kubernetes');
const read = (file: string) => fs.readFileSync(path.join(root, file), 'utf8');

type Obj = Record<string, unknown>;
type Container = {
  name: string;
  image: string;
  command?: string[];
  ports?: { name: string; containerPort: number }[];
  env?: { name: string; value?: string; valueFrom?: { secretKeyRef?: { name: string; key: string } } }[];
  startupProbe?: Probe;
  readinessProbe?: Probe;
  livenessProbe?: Probe;
  lifecycle?: { preStop?: { exec?: { command: string[] } } };
};
type Probe = { httpGet: { path: string; port: string | number }; timeoutSeconds?: number };
type PodSpec = { containers: Container[]; terminationGracePeriodSeconds?: number };
type Manifest = {
  kind: string;
  metadata: { name: string; labels?: Obj; annotations?: Record<string, string> };
  spec?: Obj;
  stringData?: Record<string, string>;
};

const manifests: Manifest[] = fs
  .readdirSync(k8sDir)
  .filter((f) => f.endsWith('.yaml'))
  .flatMap((f) =>
    parseAllDocuments(fs.readFileSync(path.join(k8sDir, f), 'utf8')).map((doc) => {
      if (doc.errors.length > 0) throw new Error(`${f}: ${doc.errors.map((e) => e.message).join('; ')}`);
      return doc.toJS() as Manifest;
    }),
  );
const one = (kind: string): Manifest => {
  const found = manifests.filter((m) => m.kind === kind);
  expect(found, kind).toHaveLength(1);
  return found[0]!;
};
const podTemplate = (m: Manifest) =>
  (m.spec as { template: { metadata: { labels: Obj; annotations?: Record<string, string> }; spec: PodSpec } }).template;

const deployment = one('Deployment');
const job = one('Job');
const api = podTemplate(deployment).spec.containers[0]!;
const migrate = podTemplate(job).spec.containers[0]!;
const configNames = new Set(CONFIG_VARS.map((v) => v.name));

const t = testAppForFile();

describe('deploy/kubernetes', () => {
  it('probes paths the server answers: readiness on the ready endpoint, liveness and start-up on the live one', async () => {
    expect(api.readinessProbe?.httpGet.path).toBe(`${API_BASE}${HealthPath.ready}`);
    expect(api.livenessProbe?.httpGet.path).toBe(`${API_BASE}${HealthPath.live}`);
    expect(api.startupProbe?.httpGet.path).toBe(`${API_BASE}${HealthPath.live}`);
    for (const probe of [api.startupProbe, api.readinessProbe, api.livenessProbe]) {
      const res = await t.app.inject({ url: probe!.httpGet.path });
      expect(res.statusCode, probe!.httpGet.path).toBe(200);
      expect(probe!.httpGet.port).toBe(api.ports?.[0]?.name);
    }
  });

  it('scrapes the metrics path the server serves, on the container port', async () => {
    const annotations = podTemplate(deployment).metadata.annotations ?? {};
    expect(annotations['prometheus.io/path']).toBe(METRICS_PATH);
    expect(Number(annotations['prometheus.io/port'])).toBe(api.ports?.[0]?.containerPort);
    expect((await t.app.inject({ url: METRICS_PATH })).statusCode).toBe(200);
  });

  it('sets only variables the server reads, with values it accepts', () => {
    for (const c of [api, migrate]) {
      const names = (c.env ?? []).map((e) => e.name);
      expect(
        names.filter((n) => !configNames.has(n)),
        `${c.name}: not in CONFIG_VARS of config.ts`,
      ).toEqual([]);
      const env = Object.fromEntries((c.env ?? []).map((e) => [e.name, e.value ?? 'x'.repeat(40)]));
      env.DATABASE_URL = 'postgres://mbo@db/mbo';
      env.SMTP_URL = 'smtp://mail.example.com';
      expect(() => loadConfig(env, '/'), c.name).not.toThrow();
    }
    const config = loadConfig(Object.fromEntries((api.env ?? []).filter((e) => e.value !== undefined).map((e) => [e.name, e.value])));
    expect(config.migrateOnStart).toBe(false);
    expect(config.seedOnEmpty).toBe(false);
    expect(config.fileStorage).toBe('database');
    expect(config.trustProxy).not.toBe(false);
    expect(config.host).toBe('0.0.0.0');
    expect(config.port).toBe(api.ports?.[0]?.containerPort);
  });

  it('reads secrets the example Secret has', () => {
    const secret = one('Secret');
    for (const c of [api, migrate])
      for (const e of c.env ?? []) {
        const ref = e.valueFrom?.secretKeyRef;
        if (!ref) continue;
        expect(ref.name).toBe(secret.metadata.name);
        expect(Object.keys(secret.stringData ?? {})).toContain(ref.key);
      }
    expect(api.env?.find((e) => e.name === 'DATABASE_URL')?.valueFrom?.secretKeyRef).toBeDefined();
    expect(migrate.env?.find((e) => e.name === 'DATABASE_URL')?.valueFrom?.secretKeyRef).toBeDefined();
  });

  it('gives a stopping pod its pause and the whole shutdown timeout before the kubelet kills it', () => {
    const pause = api.lifecycle?.preStop?.exec?.command;
    expect(pause?.[0]).toBe('sleep');
    const pauseSeconds = Number(pause?.[1]);
    expect(pauseSeconds).toBeGreaterThanOrEqual(3);
    const shutdown = Number(
      api.env?.find((e) => e.name === 'SHUTDOWN_TIMEOUT_SECONDS')?.value ??
        CONFIG_VARS.find((v) => v.name === 'SHUTDOWN_TIMEOUT_SECONDS')!.default,
    );
    expect(podTemplate(deployment).spec.terminationGracePeriodSeconds).toBeGreaterThan(pauseSeconds + shutdown);
  });

  it('runs 3 replicas behind a Service that selects them', () => {
    expect((deployment.spec as { replicas: number }).replicas).toBe(3);
    const service = one('Service');
    const selector = (service.spec as { selector: Obj }).selector;
    expect(podTemplate(deployment).metadata.labels).toMatchObject(selector);
    expect((service.spec as { ports: { targetPort: string }[] }).ports[0]?.targetPort).toBe(api.ports?.[0]?.name);
  });

  it('migrates with a script the server build emits, from the same image', () => {
    expect(migrate.image).toBe(api.image);
    const [node, script] = migrate.command ?? [];
    expect(node).toBe('node');
    const entry = /^apps\/server\/dist\/([\w-]+)\.js$/.exec(script ?? '')?.[1];
    expect(entry, script).toBeDefined();
    expect(read('apps/server/build.mjs')).toMatch(new RegExp(`\\b${entry}: 'src/cli/${entry}\\.ts'`));
  });
});

describe('Dockerfile', () => {
  const dockerfile = read('Dockerfile');

  it('starts the compiled server as `npm run serve` does, with its Node flags', () => {
    const serve = (JSON.parse(read('package.json')) as { scripts: { serve: string } }).scripts.serve.split(/\s+/);
    const cmd = /^CMD (\[.*\])$/m.exec(dockerfile)?.[1];
    expect(JSON.parse(cmd ?? 'null')).toEqual(serve);
  });

  it('runs on Node 20 as a non-root user in production mode, from the built web app and server', () => {
    const runtime = dockerfile.slice(dockerfile.lastIndexOf('\nFROM '));
    expect(dockerfile).toMatch(/^ARG NODE_RUNTIME_IMAGE=node:20-[\w-]*slim$/m);
    expect(runtime).toMatch(/^FROM \$\{NODE_RUNTIME_IMAGE\}/m);
    expect(runtime).toMatch(/^USER node$/m);
    expect(runtime).toMatch(/NODE_ENV=production/);
    expect(runtime).toContain('COPY --from=build /app/apps/server/dist apps/server/dist');
    expect(runtime).toContain('COPY --from=build /app/apps/web/dist apps/web/dist');
    expect(dockerfile).toContain('npm ci --omit=dev --workspace apps/server');
  });

  it('keeps what the host built or installed out of the build context', () => {
    const ignored = read('.dockerignore').split('\n');
    for (const entry of ['**/node_modules', '**/dist', '.git', '.env']) expect(ignored).toContain(entry);
  });
});
