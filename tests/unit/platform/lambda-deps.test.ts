import { mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { catalogue } from '../../../machines/i18n/catalogue.ts';
import { dispatch, lambdaHandler } from '../../../functions/http/dispatch.ts';
import { lambdaDeps } from '../../../functions/http/lambda-deps.ts';
import type { HandlerMap } from '../../../functions/http/route.ts';
import { routes } from '../../../functions/http/routes.ts';
import { loadConfig } from '../../../functions/platform/config.ts';
import { createDeps } from '../../../functions/platform/create-deps.ts';
import { json } from '../../../functions/platform/response.ts';
import { messagingProvider } from '../../../functions/providers/messaging/provider.ts';
import { bankLinkProvider } from '../../../functions/providers/bank-link/provider.ts';
import { lazyProviders, PROVIDER_KEYS, scopedProviders } from '../../../functions/providers/wiring.ts';
import { MESSAGES_FILE, readMessages } from '../../../functions/platform/bundled-messages.ts';
import { LAZY_PACKAGES } from '../../../infra/constructs/side-assets.ts';
import type { HttpEvent } from '../../../functions/platform/http-types.ts';

const config = () =>
  loadConfig({ DATA_DIR: mkdtempSync(join(tmpdir(), 'lto-wiring-')), LOG_LEVEL: 'silent', TABLE_NAME: 'test-table' });

describe("a route group's Lambda entry", () => {
  it('builds its dependencies again after a failed build instead of failing every later request', async () => {
    const deps = createDeps(config());
    let builds = 0;
    const makeDeps = Object.assign(
      async () => {
        builds++;
        if (builds === 1) throw new Error('the platform secret could not be read');
        return deps;
      },
      { providers: [] as const },
    );
    const handler = lambdaHandler(
      { health: async () => json(200, { status: true, code: 200, data: { up: true } }) },
      makeDeps,
    );
    const event = {
      rawPath: '/health',
      requestContext: { http: { method: 'GET' } },
      headers: {},
      isBase64Encoded: false,
    } as unknown as HttpEvent;
    await expect(handler(event)).rejects.toThrow('the platform secret could not be read');
    const answer = await handler(event); // answered (the route table decides what), no longer the failed build
    expect(answer.statusCode).toBeLessThan(500);
    await handler(event);
    expect(builds).toBe(2);
  });
});

describe('providers per route group', () => {
  it('builds a provider on first use, once, and refuses a port the set does not name', () => {
    const deps = createDeps(config());
    let built = 0;
    const providers = lazyProviders(
      deps,
      {
        messaging: Object.assign(() => (built++, deps.providers.messaging), { needs: [] as const }),
      },
      'the test function',
    );
    expect(built).toBe(0);
    expect(providers.messaging).toBe(providers.messaging);
    expect(built).toBe(1);
    expect(Object.keys(providers)).toEqual(['messaging']);
    expect(() => providers.esign).toThrow(/'esign' provider is not wired into the test function/);
  });

  it('refuses a set whose provider needs another the set does not name', () => {
    expect(() => lambdaDeps({ bankLink: bankLinkProvider })).toThrow(/'bankLink' needs 'messaging'/);
    expect(() => lambdaDeps({ bankLink: bankLinkProvider, messaging: messagingProvider })).not.toThrow();
  });

  it('lists every port of the Providers interface', () => {
    const deps = createDeps(config());
    expect(Object.keys(deps.providers).sort()).toEqual([...PROVIDER_KEYS].sort());
  });

  it('gives a group handlers only the ports its Lambda function names, also when one process has them all', async () => {
    const deps = createDeps(config());
    const seen: string[] = [];
    const handlers: HandlerMap = {
      async health(_ctx, d) {
        seen.push(typeof d.providers.messaging.send);
        try {
          void d.providers.esign;
        } catch (error) {
          seen.push((error as Error).message);
        }
        return json(200, { status: true, code: 200, data: null });
      },
    };
    // What a group module does: its Lambda entry names its providers.
    const { lambdaHandler } = await import('../../../functions/http/dispatch.ts');
    lambdaHandler(handlers, lambdaDeps({ messaging: messagingProvider }));
    const health = routes.find((r) => r.name === 'health')!;
    const event = {
      routeKey: `${health.method} ${health.path}`,
      rawPath: health.path,
      headers: {},
      requestContext: { requestId: 't' },
    } as unknown as HttpEvent;
    const result = await dispatch(event, deps, handlers);
    expect(result.statusCode).toBe(200);
    expect(seen[0]).toBe('function');
    expect(seen[1]).toMatch(/'esign' provider is not wired/);
  });

  it('scopes a view once per set and keeps it in step with the process providers', () => {
    const deps = createDeps(config());
    const view = scopedProviders(deps.providers, ['routing'], 'x');
    expect(scopedProviders(deps.providers, ['routing'], 'x')).toBe(view);
    expect(view.routing).toBe(deps.providers.routing);
    expect(() => view.addresses).toThrow(/not wired into x/);
  });
});

describe('the message catalogue of Lambda bundles', () => {
  it('reads messages.json beside the bundle (functions/platform/bundled-messages.ts)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'lto-messages-'));
    writeFileSync(
      join(dir, MESSAGES_FILE),
      JSON.stringify({ en: { 'x.y': 'Hello {name}' }, es: { 'x.y': 'Hola {name}' } }),
    );
    expect(readMessages(pathToFileURL(join(dir, MESSAGES_FILE)))).toEqual([
      { en: { 'x.y': 'Hello {name}' }, es: { 'x.y': 'Hola {name}' } },
    ]);
    writeFileSync(join(dir, 'other.json'), '{"a":1}');
    expect(() => readMessages(pathToFileURL(join(dir, 'other.json')))).toThrow(/not a message catalogue/);
  });

  it('has the same keys in both languages as the catalogue the local server uses', () => {
    expect(Object.keys(catalogue.en).length).toBeGreaterThan(100);
    expect(Object.keys(catalogue.es).length).toBe(Object.keys(catalogue.en).length);
  });
});

describe('bundle hygiene', () => {
  const files = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const path = join(dir, name);
      return statSync(path).isDirectory() ? files(path) : /\.tsx?$/.test(name) ? [path] : [];
    });
  const root = new URL('../../../', import.meta.url).pathname;

  it('imports zod/mini as a namespace in server and shared code (`import { z }` bundles all of zod: ~420 KB instead of ~25 KB)', () => {
    const offenders = [...files(join(root, 'functions')), ...files(join(root, 'machines'))].filter((f) =>
      /import\s*\{\s*z\s*\}\s*from\s*'zod(\/mini)?'|from\s*'zod'/.test(readFileSync(f, 'utf8')),
    );
    expect(offenders.map((f) => f.slice(root.length))).toEqual([]);
  });

  it('imports the lazy packages only dynamically in server code (a static import loads them at every cold start)', () => {
    const offenders = files(join(root, 'functions')).filter((f) =>
      new RegExp(`^import\\s+(?!type\\b)[^;]*from\\s*'(${Object.keys(LAZY_PACKAGES).join('|')})'`, 'm').test(
        readFileSync(f, 'utf8'),
      ),
    );
    expect(offenders.map((f) => f.slice(root.length))).toEqual([]);
  });
});

describe('the staff dashboard reads CRM rows without the CRM resources', () => {
  it('uses the entity names of the task and lead resources', async () => {
    const { CRM_LEAD_ENTITY, CRM_TASK_ENTITY } = await import('../../../functions/services/crm/dashboard.ts');
    const { leadsDef, tasksDef } = await import('../../../functions/services/crm/resources.ts');
    expect(CRM_TASK_ENTITY).toBe(tasksDef.entity);
    expect(CRM_LEAD_ENTITY).toBe(leadsDef.entity);
  });
});
