import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { findViolations, tableOwners } from './rules.mjs';
import { parseSource, sourceFilesUnder } from './source-files.mjs';

let appsDir;

/** Writes a small apps/ tree ({ 'server/src/…': text }) and returns the violations found in it. */
function violationsOf(files) {
  appsDir = path.join(mkdtempSync(path.join(os.tmpdir(), 'boundaries-')), 'apps');
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(appsDir, name)), { recursive: true });
    writeFileSync(path.join(appsDir, name), text);
  }
  mkdirSync(path.join(appsDir, 'server/src'), { recursive: true });
  mkdirSync(path.join(appsDir, 'web/src'), { recursive: true });
  const sources = [
    ...sourceFilesUnder(path.join(appsDir, 'server/src')),
    ...sourceFilesUnder(path.join(appsDir, 'web/src')),
  ].map(parseSource);
  return findViolations(appsDir, sources, tableOwners(appsDir, sources));
}

const ticketsTable = "import { pgTable } from 'drizzle-orm/pg-core';\nexport const tickets = pgTable('tickets', {});\n";

afterEach(() => rmSync(path.dirname(appsDir), { recursive: true, force: true }));

describe('boundary rules', () => {
  it('finds nothing in code that keeps every boundary', () => {
    const found = violationsOf({
      'server/src/platform/db/client.ts': 'export const db = {};\n',
      'server/src/modules/tickets/tickets.tables.ts': ticketsTable,
      'server/src/modules/tickets/index.ts': "export * from './tickets.repository.ts';\n",
      'server/src/modules/tickets/tickets.repository.ts':
        "import { db } from '../../platform/db/client.ts';\nimport { tickets } from './tickets.tables.ts';\nexport const touch = () => db.update(tickets);\n",
      'server/src/modules/messages/messages.service.ts': "import { touch } from '../tickets/index.ts';\ntouch();\n",
      // Tests and test helpers (either spelling) may reach anywhere.
      'server/src/modules/messages/messages.test.ts': "import { tickets } from '../tickets/tickets.tables.ts';\n",
      'server/src/modules/messages/messages.test-helper.ts':
        "import { tickets } from '../tickets/tickets.tables.ts';\nexport const seed = (db) => db.insert(tickets);\n",
      'server/src/modules/messages/messages.test-helpers.ts':
        "import { tickets } from '../tickets/tickets.tables.ts';\nexport const seed = (db) => db.insert(tickets);\n",
      'web/src/features/auth/hooks/use-auth.ts': 'export const useSessionUser = () => ({});\n',
      'web/src/features/auth/index.ts':
        "// The signed-in user.\nexport { useSessionUser } from './hooks/use-auth.ts';\n",
      'web/src/features/tags/pages/tags-page.tsx':
        "import { useSessionUser } from '../../auth/index.ts';\nuseSessionUser();\n",
      // The app composes features and lazy-loads their pages by path.
      'web/src/app/router.tsx': "export const tags = () => import('../features/tags/pages/tags-page.tsx');\n",
    });
    expect(found).toEqual([]);
  });

  it('names the platform importing a module', () => {
    const found = violationsOf({
      'server/src/platform/db/all-tables.ts': "export * from '../../modules/tickets/tickets.tables.ts';\n",
      'server/src/modules/tickets/tickets.tables.ts': ticketsTable,
    });
    expect(found.map((violation) => violation.rule)).toEqual(['platform-imports-module']);
    expect(found[0].where).toBe('apps/server/src/platform/db/all-tables.ts:1');
  });

  it("names a module reaching into another's internal file", () => {
    const found = violationsOf({
      'server/src/modules/tickets/tickets.repository.ts': 'export const touch = () => 1;\n',
      'server/src/modules/messages/messages.service.ts': "import { touch } from '../tickets/tickets.repository.ts';\n",
    });
    expect(found.map((violation) => violation.rule)).toEqual(['module-internal-import']);
    expect(found[0].key).toBe(
      'module-internal-import  apps/server/src/modules/messages/messages.service.ts -> apps/server/src/modules/tickets/tickets.repository.ts',
    );
  });

  it("names a web feature reaching into another's internal file, lazily too, but not its index.ts", () => {
    const found = violationsOf({
      'web/src/features/auth/hooks/use-auth.ts': 'export const useSessionUser = () => ({});\n',
      'web/src/features/auth/components/profile-dialog.tsx': 'export const ProfileDialog = () => null;\n',
      'web/src/features/auth/index.ts': "export { useSessionUser } from './hooks/use-auth.ts';\n",
      'web/src/features/tags/pages/tags-page.tsx': [
        "import { useSessionUser } from '../../auth/hooks/use-auth.ts';",
        "import { useSessionUser as sameUser } from '../../auth/index.ts';",
        "export const profile = () => import('../../auth/components/profile-dialog.tsx');",
      ].join('\n'),
    });
    expect(found.map((violation) => [violation.rule, violation.where])).toEqual([
      ['web-feature-internal-import', 'apps/web/src/features/tags/pages/tags-page.tsx:1'],
      ['web-feature-internal-import', 'apps/web/src/features/tags/pages/tags-page.tsx:3'],
    ]);
    expect(found[0].key).toBe(
      'web-feature-internal-import  apps/web/src/features/tags/pages/tags-page.tsx -> apps/web/src/features/auth/hooks/use-auth.ts',
    );
    expect(found[0].message).toBe(
      'imports apps/web/src/features/auth/hooks/use-auth.ts; import from features/auth/index.ts instead',
    );
  });

  it("names a web feature's index.ts that holds more than re-exports", () => {
    const found = violationsOf({
      'web/src/features/auth/hooks/use-auth.ts': 'export const useSessionUser = () => ({});\n',
      'web/src/features/auth/index.ts': [
        "export { useSessionUser } from './hooks/use-auth.ts';",
        "export type { SessionUser } from './hooks/use-auth.ts';",
        "export const signedIn = () => Boolean(localStorage.getItem('token'));",
      ].join('\n'),
      // An index.ts further down is the feature's own business.
      'web/src/features/tickets/conversation/index.ts': 'export const conversation = () => null;\n',
    });
    expect(found.map((violation) => [violation.rule, violation.where])).toEqual([
      ['web-feature-index-reexports-only', 'apps/web/src/features/auth/index.ts:3'],
    ]);
  });

  it('names a web file that types an /api/ path by hand, in a string or a template', () => {
    const found = violationsOf({
      'web/src/features/tags/api/tags-api.ts': [
        "import { tagRoutes } from '@wacrm/shared/tags/tag.routes';",
        'export const list = () => http.call(tagRoutes.list);',
        // biome-ignore lint/suspicious/noTemplateCurlyInString: a template in the source under test.
        'export const find = (id) => http.get(`/api/tags/${id}`);',
        "export const all = () => fetch('/api/tags/list');",
        // Other paths of the app are pages, not routes of the API.
        "export const page = '/tags';",
      ].join('\n'),
      // The server declares the paths (through the contracts); only the web is checked.
      'server/src/modules/tags/tags.routes.ts': "export const legacy = '/api/tags/list';\n",
    });
    expect(found.map((violation) => [violation.rule, violation.where, violation.message])).toEqual([
      [
        'web-api-path-outside-contract',
        'apps/web/src/features/tags/api/tags-api.ts:3',
        "types the path /api/tags/; call the route's contract instead",
      ],
      [
        'web-api-path-outside-contract',
        'apps/web/src/features/tags/api/tags-api.ts:4',
        "types the path /api/tags/list; call the route's contract instead",
      ],
    ]);
  });

  it("names a web file that imports a contract's schemas, not its types", () => {
    const found = violationsOf({
      'web/src/features/tags/api/tags-api.ts': [
        "import { tagRoutes } from '@wacrm/shared/tags/tag.contract';",
        "import type { tagRoutes as contracts } from '@wacrm/shared/tags/tag.contract';",
        "import { type queueRoutes } from '@wacrm/shared/queues/queue.contract';",
        "import { userRoutes } from '@wacrm/shared/users/user.routes';",
        "export const load = () => import('@wacrm/shared/chats/chat.contract');",
      ].join('\n'),
      // The server registers the contracts: it needs their schemas.
      'server/src/modules/tags/tags.routes.ts': "import { tagRoutes } from '@wacrm/shared/tags/tag.contract';\n",
    });
    expect(found.map((violation) => [violation.rule, violation.where, violation.message])).toEqual([
      [
        'web-imports-contract-schemas',
        'apps/web/src/features/tags/api/tags-api.ts:1',
        'imports @wacrm/shared/tags/tag.contract; call through @wacrm/shared/tags/tag.routes, or import its types only (import type)',
      ],
      [
        'web-imports-contract-schemas',
        'apps/web/src/features/tags/api/tags-api.ts:5',
        'imports @wacrm/shared/chats/chat.contract; call through @wacrm/shared/chats/chat.routes, or import its types only (import type)',
      ],
    ]);
  });

  it('names each import of a loop between server modules, and between web features', () => {
    const found = violationsOf({
      'server/src/modules/a/index.ts': "import type { B } from '../b/index.ts';\nexport type A = B;\n",
      'server/src/modules/b/index.ts': "import type { C } from '../c/index.ts';\nexport type B = C;\n",
      'server/src/modules/c/index.ts': "import type { A } from '../a/index.ts';\nexport type C = A;\n",
      'web/src/features/auth/login.tsx':
        "import { plan } from '../subscription/plan.ts';\nexport const login = plan;\n",
      'web/src/features/subscription/plan.ts':
        "import { login } from '../auth/login.tsx';\nexport const plan = login;\n",
    });
    expect(found.filter((violation) => violation.rule === 'module-cycle').map((violation) => violation.key)).toEqual([
      'module-cycle  a -> b',
      'module-cycle  b -> c',
      'module-cycle  c -> a',
    ]);
    expect(
      found.filter((violation) => violation.rule === 'web-feature-cycle').map((violation) => violation.key),
    ).toEqual(['web-feature-cycle  auth -> subscription', 'web-feature-cycle  subscription -> auth']);
  });

  it('names a write to a table outside its owning module, through drizzle or raw SQL', () => {
    const found = violationsOf({
      'server/src/modules/tickets/tickets.tables.ts': ticketsTable,
      'server/src/modules/tickets/index.ts': "export { tickets } from './tickets.tables.ts';\n",
      'server/src/modules/flows/flow-runner.ts': [
        "import { tickets as ticketRows } from '../tickets/index.ts';",
        'export const run = (db) => db.update(ticketRows);',
        "export const close = (sql) => sql`update tickets set status = 'closed'`;",
        // Reading is anyone's.
        'export const read = (db) => db.select().from(ticketRows);',
      ].join('\n'),
    });
    expect(found.map((violation) => [violation.rule, violation.where])).toEqual([
      ['table-write-outside-owner', 'apps/server/src/modules/flows/flow-runner.ts:2'],
      ['table-write-outside-owner', 'apps/server/src/modules/flows/flow-runner.ts:3'],
    ]);
    expect(found[0].message).toBe("writes tickets, which tickets owns; call tickets's repository or service");
  });
});
