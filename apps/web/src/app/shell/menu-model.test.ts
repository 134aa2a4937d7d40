import { hasPermission } from '@wacrm/shared/auth/permissions';
import type { PlanFlags } from '@wacrm/shared/plans/plan.schema';
import { describe, expect, it } from 'vitest';
import { pageAccess } from '../page-access-rules.ts';
import { type MenuContext, visibleMenuKeys } from './menu-model.ts';

const allFlags: PlanFlags = {
  useCampaigns: true,
  useKanban: true,
  useOpenAi: true,
  useIntegrations: true,
  useSchedules: true,
  useInternalChat: true,
  useExternalApi: true,
};
const noFlags = Object.fromEntries(Object.keys(allFlags).map((key) => [key, false])) as PlanFlags;

const admin: MenuContext = {
  isAdmin: true,
  canViewDashboard: true,
  isSuper: false,
  plan: allFlags,
  campaignsSetting: 'false',
};
const agent: MenuContext = { ...admin, isAdmin: false, canViewDashboard: false };

describe('visibleMenuKeys', () => {
  it('shows an admin with every plan flag all items but announcements', () => {
    const keys = visibleMenuKeys(admin);
    expect(keys).toContain('dashboard');
    expect(keys).toContain('campaignsGroup');
    expect(keys).toContain('flowsGroup');
    expect(keys).toContain('connections');
    expect(keys).not.toContain('announcements');
  });

  it('shows announcements to the super user', () => {
    expect(visibleMenuKeys({ ...admin, isSuper: true })).toContain('announcements');
  });

  it('shows an agent only the everyday items', () => {
    expect(visibleMenuKeys(agent)).toEqual([
      // Their own figures (issue 50).
      'reports',
      'tickets',
      'quickMessages',
      'kanban',
      'todolist',
      'contacts',
      'schedules',
      'tags',
      'internalChat',
      'helps',
    ]);
  });

  it('hides plan-gated items when the plan lacks the flag or is not loaded', () => {
    for (const plan of [noFlags, null]) {
      const keys = visibleMenuKeys({ ...admin, plan });
      for (const key of ['kanban', 'schedules', 'internalChat', 'prompts', 'queueIntegrations', 'messagesApi']) {
        expect(keys).not.toContain(key);
      }
      expect(keys).toContain('users');
    }
  });

  it('shows campaigns to admins when the plan or the company setting allows', () => {
    const base = { ...admin, plan: noFlags };
    expect(visibleMenuKeys(base)).not.toContain('campaignsGroup');
    expect(visibleMenuKeys({ ...base, plan: { ...noFlags, useCampaigns: true } })).toContain('campaigns');
    expect(visibleMenuKeys({ ...base, campaignsSetting: 'true' })).toContain('contactLists');
    expect(visibleMenuKeys({ ...agent, campaignsSetting: 'true' })).not.toContain('campaignsGroup');
  });

  // issue 13 defects 3, 5, 6: a page opened by URL follows the rule of its menu entry.
  it('guards every page by the rule that hides its menu entry', () => {
    const everyKey = visibleMenuKeys({ ...admin, isSuper: true });
    const agentKeys = visibleMenuKeys(agent);
    for (const key of everyKey.filter((k) => !k.endsWith('Group') && k !== 'dashboard' && k !== 'announcements')) {
      const isGated = pageAccess[key]?.admin === true || pageAccess[key]?.permission !== undefined;
      expect(isGated, key).toBe(!agentKeys.includes(key));
      const flag = pageAccess[key]?.planFlag;
      expect(visibleMenuKeys({ ...admin, plan: noFlags, campaignsSetting: 'false' }).includes(key), key).toBe(!flag);
    }
  });
});

describe('the supervisor profile', () => {
  const supervisor: MenuContext = {
    ...admin,
    isAdmin: hasPermission({ profile: 'supervisor' }, 'drawer-admin-items:view'),
    canViewDashboard: hasPermission({ profile: 'supervisor' }, 'dashboard:view'),
  };

  it('sees the dashboard, kanban, tags and quick messages, but no administration item', () => {
    const keys = visibleMenuKeys(supervisor);
    expect(keys).toEqual(
      expect.arrayContaining(['dashboard', 'queueMonitor', 'tickets', 'kanban', 'tags', 'quickMessages']),
    );
    for (const key of ['users', 'connections', 'queues', 'settings', 'campaignsGroup', 'financeiro']) {
      expect(keys).not.toContain(key);
    }
  });

  it('loses kanban with the plan flag off', () => {
    expect(visibleMenuKeys({ ...supervisor, plan: { ...allFlags, useKanban: false } })).not.toContain('kanban');
  });
});
