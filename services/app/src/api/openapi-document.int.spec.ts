import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import SwaggerParser from '@apidevtools/swagger-parser';
import { Validator } from '@seriousme/openapi-schema-validator';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { PERMISSIONS } from '@shop/domain';
import { randomIp, requestJson, signUpAndSignIn } from '../testing/http-customer.js';
import { useTestShop } from '../testing/shop-under-test.js';

/**
 * `/api/openapi.json` as an integrator's tools read it: our own checks read the zod schemas, so
 * only third-party tools can tell whether the published document stands on its own.
 */

const shop = useTestShop('openapi_document');
let served: Record<string, unknown>;

beforeAll(async () => {
  const reply = await fetch(`${shop.url}/api/openapi.json`);
  expect(reply.status).toBe(200);
  served = (await reply.json()) as Record<string, unknown>;
});

/** Each tool gets its own copy: some resolve references in place. */
const documentCopy = () => structuredClone(served);

interface Operation {
  method: string;
  path: string;
  operationId?: string;
  summary?: string;
  security?: Array<Record<string, string[]>>;
  requestBody?: unknown;
}

function operations(): Operation[] {
  const paths = served.paths as Record<string, Record<string, Omit<Operation, 'method' | 'path'>>>;
  return Object.entries(paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({ method: method.toUpperCase(), path, ...operation })),
  );
}

/** A concrete path for the operation: any value in each parameter, the route's own checks come later. */
const concretePath = (path: string) => path.replace(/\{\w+\}/g, 'x');

/** Which of the document's security schemes an operation names, and with which roles (a staff permission). */
const accessOf = (operation: Operation) => {
  // An API key's way in (`apiKey`, ADR 0034) is no person's.
  const people = operation.security?.filter((requirement) => !('apiKey' in requirement)) ?? [];
  return people.length === 0
    ? 'anyone'
    : people.every((requirement) =>
          Object.values(requirement).every(
            (roles) => roles.length === 1 && (PERMISSIONS as readonly string[]).includes(roles[0]!),
          ),
        )
      ? 'staff'
      : 'signed-in';
};

describe('the published OpenAPI document', () => {
  it('is valid OpenAPI 3.1 with every reference resolved, for @seriousme/openapi-schema-validator', async () => {
    const result = await new Validator().validate(documentCopy());
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('is valid for @apidevtools/swagger-parser, which dereferences every $ref', async () => {
    await expect(SwaggerParser.validate(documentCopy() as never)).resolves.toBeTruthy();
  });

  it('gives openapi-typescript what it needs to generate types that compile, without an error or a warning', async () => {
    const warnings: unknown[][] = [];
    const warn = vi.spyOn(console, 'warn').mockImplementation((...args) => void warnings.push(args));
    const error = vi.spyOn(console, 'error').mockImplementation((...args) => void warnings.push(args));
    let types: string;
    try {
      types = astToString(await openapiTS(documentCopy() as never));
    } finally {
      warn.mockRestore();
      error.mockRestore();
    }
    expect(warnings).toEqual([]);
    expect(types).toMatch(/\n {8}Plan: \{/);
    expect(types).toMatch(/\n {8}Problem: \{/);
    expect(types).toMatch(/\n {4}listPlans: \{/);
    expect(compileErrors(types)).toEqual([]);
  });
});

describe('the operations', () => {
  it('each have a unique operationId, in camelCase', () => {
    const ids = operations().map((operation) => operation.operationId);
    expect(ids.filter((id) => !/^[a-z][A-Za-z0-9]+$/.test(String(id)))).toEqual([]);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('each have a summary that reads as a title in the reference', () => {
    const wordy = operations().filter(({ summary = '' }) => summary.length > 60 || /[.;:]$|; /.test(summary));
    expect(wordy.map(({ method, path, summary }) => `${method} ${path}: ${summary}`)).toEqual([]);
  });

  it('say who may call them: every back-office operation needs staff with a permission, every /api/me one a signed-in person', () => {
    const all = operations();
    expect(
      all.filter((operation) => operation.path.startsWith('/api/admin/') && accessOf(operation) !== 'staff'),
    ).toEqual([]);
    expect(
      all.filter((operation) => operation.path.startsWith('/api/me') && accessOf(operation) !== 'signed-in'),
    ).toEqual([]);
    expect(accessOf(all.find((operation) => operation.operationId === 'placeOrder')!)).toBe('signed-in');
    expect(accessOf(all.find((operation) => operation.operationId === 'listPlans')!)).toBe('anyone');
    expect(Object.keys((served.components as { securitySchemes: object }).securitySchemes).sort()).toEqual([
      'apiKey',
      'bearerToken',
      'sessionCookie',
    ]);
  });

  it('are refused as the document says: 401 without a session where it names one, 403 to a customer where it asks for staff, and never 401 auth.required where it does not', async () => {
    const customer = await signUpAndSignIn(shop.url, { label: 'openapi-access', ip: randomIp('10.31') });
    const refusals: string[] = [];
    for (const operation of operations()) {
      const call = (token?: string) =>
        requestJson(shop.url, operation.method, concretePath(operation.path), {
          token,
          ip: randomIp('10.32'),
          ...(operation.requestBody ? { body: {} } : {}),
        });
      const anonymous = await call();
      const name = `${operation.method} ${operation.path}`;
      const access = accessOf(operation);
      if (access === 'anyone' && anonymous.body.code === 'auth.required') refusals.push(`${name} needs a session`);
      if (access !== 'anyone' && anonymous.status !== 401) refusals.push(`${name} answered ${anonymous.status}`);
      if (access === 'staff') {
        const asCustomer = await call(customer.token);
        if (asCustomer.status !== 403) refusals.push(`${name} answered ${asCustomer.status} to a customer`);
      }
    }
    expect(refusals).toEqual([]);
  });
});

describe('GET /api/docs', () => {
  it('serves the reference page, whose scripts and styles all come from the shop under its Content-Security-Policy', async () => {
    const page = await fetch(`${shop.url}/api/docs`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    const policy = page.headers.get('content-security-policy') ?? '';
    expect(policy).toMatch(/script-src 'self'(;|$)/);
    const html = await page.text();
    expect(html).not.toMatch(/<script>|<script [^>]*>[^<]/);
    const assets = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((match) => match[1]!);
    expect(assets.filter((asset) => !asset.startsWith('/'))).toEqual([]);
    expect(assets).toEqual(
      expect.arrayContaining([
        '/api/docs/assets/swagger-ui-bundle.js',
        '/api/docs/assets/swagger-ui.css',
        '/api/docs/assets/start-api-reference.js',
        '/api/openapi.json',
      ]),
    );
    for (const asset of assets) {
      const reply = await fetch(`${shop.url}${asset}`);
      expect([asset, reply.status]).toEqual([asset, 200]);
      await reply.arrayBuffer();
    }
    const start = await (await fetch(`${shop.url}/api/docs/assets/start-api-reference.js`)).text();
    expect(start).toContain("url: '/api/openapi.json'");
    expect(start).toContain('validatorUrl: null');
  });

  it("serves none of swagger-ui-dist's other files, whose demo page loads an API from elsewhere", async () => {
    for (const file of ['index.html', 'swagger-initializer.js', 'package.json', '../package.json']) {
      const reply = await fetch(`${shop.url}/api/docs/assets/${file}`);
      expect([file, reply.status]).toEqual([file, 404]);
      await reply.arrayBuffer();
    }
  });
});

/** What the TypeScript compiler says about `source`, strictly, as a client project would include it. */
function compileErrors(source: string): string[] {
  const dir = mkdtempSync(path.join(tmpdir(), 'shop-api-types-'));
  try {
    const file = path.join(dir, 'shop-api.ts');
    writeFileSync(file, source);
    const program = ts.createProgram([file], {
      strict: true,
      noEmit: true,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.ESNext,
      lib: ['lib.es2022.d.ts'],
      types: [],
    });
    return ts
      .getPreEmitDiagnostics(program)
      .map((diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
