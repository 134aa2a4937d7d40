import { hasPermission } from '@wacrm/shared/auth/permissions';
import { type ComponentType, type LazyExoticComponent, lazy, Suspense } from 'react';
import { Navigate, type RouteObject, useRoutes } from 'react-router';
import { CenteredSpinner } from '../components/ui/centered-spinner.tsx';
import { useSessionUser } from '../features/auth/hooks/use-auth.ts';
import { ComingSoonPage } from '../features/coming-soon/pages/coming-soon-page.tsx';
import { TicketsPage } from '../features/tickets/pages/tickets-page.tsx';
import { GuardedPage } from './page-access.tsx';
import { pageAccess } from './page-access-rules.ts';

type Page = ComponentType | LazyExoticComponent<ComponentType>;

/**
 * A page loaded when first opened. Only the tickets screen, where attendants spend the day, is in
 * the shell's bundle; every other page (and its calendar, charts, drag-and-drop or editor library)
 * is a chunk of its own (docs/performance-log.md, "Third round (issue 22), first steps").
 */
function lazyPage<Name extends string>(
  load: () => Promise<Record<Name, ComponentType>>,
  name: Name,
): LazyExoticComponent<ComponentType> {
  return lazy(() => load().then((module) => ({ default: module[name] })));
}

const AnnouncementsPage = lazyPage(
  () => import('../features/announcements/pages/announcements-page.tsx'),
  'AnnouncementsPage',
);
const CampaignReportPage = lazyPage(
  () => import('../features/campaigns/pages/campaign-report-page.tsx'),
  'CampaignReportPage',
);
const CampaignSettingsPage = lazyPage(
  () => import('../features/campaigns/pages/campaign-settings-page.tsx'),
  'CampaignSettingsPage',
);
const CampaignsPage = lazyPage(() => import('../features/campaigns/pages/campaigns-page.tsx'), 'CampaignsPage');
const ContactListItemsPage = lazyPage(
  () => import('../features/campaigns/pages/contact-list-items-page.tsx'),
  'ContactListItemsPage',
);
const ContactListsPage = lazyPage(
  () => import('../features/campaigns/pages/contact-lists-page.tsx'),
  'ContactListsPage',
);
const ChatsPage = lazyPage(() => import('../features/chats/pages/chats-page.tsx'), 'ChatsPage');
const ConnectionsPage = lazyPage(() => import('../features/connections/pages/connections-page.tsx'), 'ConnectionsPage');
const ContactsPage = lazyPage(() => import('./contacts-route.tsx'), 'ContactsRoute');
const DashboardPage = lazy(() => import('../features/dashboard/pages/dashboard-page.tsx'));
const FinanceiroPage = lazyPage(() => import('../features/financeiro/pages/financeiro-page.tsx'), 'FinanceiroPage');
const FlowEditorPage = lazyPage(() => import('../features/flows/pages/flow-editor-page.tsx'), 'FlowEditorPage');
const FlowsPage = lazyPage(() => import('../features/flows/pages/flows-page.tsx'), 'FlowsPage');
const FilesPage = lazyPage(() => import('../features/campaigns/pages/files-page.tsx'), 'FilesPage');
const HelpsPage = lazyPage(() => import('../features/helps/pages/helps-page.tsx'), 'HelpsPage');
const KanbanPage = lazy(() => import('../features/kanban/pages/kanban-page.tsx'));
const MessagesApiPage = lazyPage(
  () => import('../features/messages-api/pages/messages-api-page.tsx'),
  'MessagesApiPage',
);
const PhraseListsPage = lazyPage(() => import('../features/flows/pages/phrase-lists-page.tsx'), 'PhraseListsPage');
const PromptsPage = lazyPage(() => import('../features/integrations/pages/prompts-page.tsx'), 'PromptsPage');
const QueueIntegrationsPage = lazyPage(
  () => import('../features/integrations/pages/queue-integrations-page.tsx'),
  'QueueIntegrationsPage',
);
const QueueMonitorPage = lazyPage(() => import('../features/queues/pages/queue-monitor-page.tsx'), 'QueueMonitorPage');
const QueuesPage = lazyPage(() => import('../features/queues/pages/queues-page.tsx'), 'QueuesPage');
const QuickMessagesPage = lazyPage(
  () => import('../features/quick-messages/pages/quick-messages-page.tsx'),
  'QuickMessagesPage',
);
const ReportsPage = lazyPage(() => import('../features/reports/pages/reports-page.tsx'), 'ReportsPage');
const SandboxPage = lazyPage(() => import('../features/sandbox/pages/sandbox-page.tsx'), 'SandboxPage');
const SchedulesPage = lazyPage(() => import('../features/schedules/pages/schedules-page.tsx'), 'SchedulesPage');
const SettingsPage = lazyPage(() => import('./settings-route.tsx'), 'SettingsRoute');
const SubscriptionPage = lazyPage(
  () => import('../features/subscription/pages/subscription-page.tsx'),
  'SubscriptionPage',
);
const SlaPoliciesPage = lazyPage(() => import('../features/sla/pages/sla-policies-page.tsx'), 'SlaPoliciesPage');
const TagsPage = lazyPage(() => import('../features/tags/pages/tags-page.tsx'), 'TagsPage');
const TodolistPage = lazyPage(() => import('../features/todolist/pages/todolist-page.tsx'), 'TodolistPage');
const UsersPage = lazyPage(() => import('../features/users/pages/users-page.tsx'), 'UsersPage');

/** Each private path with the menu key naming its feature; one without a page is still coming (coming-soon page). */
const featurePages: { path: string; featureKey: string; page?: Page }[] = [
  { path: 'tickets/:ticketId?', featureKey: 'tickets', page: TicketsPage },
  { path: 'connections', featureKey: 'connections', page: ConnectionsPage },
  { path: 'quick-messages', featureKey: 'quickMessages', page: QuickMessagesPage },
  { path: 'todolist', featureKey: 'todolist', page: TodolistPage },
  { path: 'schedules', featureKey: 'schedules', page: SchedulesPage },
  { path: 'tags', featureKey: 'tags', page: TagsPage },
  { path: 'contacts', featureKey: 'contacts', page: ContactsPage },
  { path: 'helps', featureKey: 'helps', page: HelpsPage },
  { path: 'users', featureKey: 'users', page: UsersPage },
  { path: 'files', featureKey: 'files', page: FilesPage },
  { path: 'prompts', featureKey: 'prompts', page: PromptsPage },
  { path: 'queue-integration', featureKey: 'queueIntegrations', page: QueueIntegrationsPage },
  { path: 'messages-api', featureKey: 'messagesApi', page: MessagesApiPage },
  { path: 'settings', featureKey: 'settings', page: SettingsPage },
  { path: 'kanban', featureKey: 'kanban', page: KanbanPage },
  { path: 'financeiro', featureKey: 'financeiro', page: FinanceiroPage },
  { path: 'queues', featureKey: 'queues', page: QueuesPage },
  { path: 'sla-policies', featureKey: 'slaPolicies', page: SlaPoliciesPage },
  { path: 'queue-monitor', featureKey: 'queueMonitor', page: QueueMonitorPage },
  { path: 'reports/:kind?', featureKey: 'reports', page: ReportsPage },
  { path: 'announcements', featureKey: 'announcements', page: AnnouncementsPage },
  { path: 'subscription', featureKey: 'subscription', page: SubscriptionPage },
  { path: 'chats/:id?', featureKey: 'internalChat', page: ChatsPage },
  // The sandbox page (docs/sandbox.md): not in the side menu, linked from the connections table.
  { path: 'sandbox/:whatsappId', featureKey: 'connections', page: SandboxPage },
];

/**
 * Campaigns and flows: admins whose plan allows them (docs/decisions/users-and-settings.md,
 * "Campaign and flow pages"); the browser flag `cshow` is not a permission.
 */
const campaignPages: { path: string; featureKey: string; page?: Page }[] = [
  { path: 'contact-lists', featureKey: 'contactLists', page: ContactListsPage },
  { path: 'contact-lists/:contactListId/contacts', featureKey: 'contactLists', page: ContactListItemsPage },
  { path: 'campaigns', featureKey: 'campaigns', page: CampaignsPage },
  { path: 'campaign/:campaignId/report', featureKey: 'campaignReport', page: CampaignReportPage },
  { path: 'campaigns-config', featureKey: 'campaignSettings', page: CampaignSettingsPage },
  { path: 'phrase-lists', featureKey: 'phraseLists', page: PhraseListsPage },
  { path: 'flowbuilders', featureKey: 'flowbuilders', page: FlowsPage },
  { path: 'flowbuilder/:id?', featureKey: 'flowbuilders', page: FlowEditorPage },
];

/** The dashboard is for admins; everyone else starts on the tickets screen. */
function HomePage() {
  const user = useSessionUser();
  if (!hasPermission(user, 'dashboard:view')) return <Navigate to="/tickets" replace />;
  return (
    <Suspense fallback={<CenteredSpinner />}>
      <DashboardPage />
    </Suspense>
  );
}

function buildPrivateRoutes(): RouteObject[] {
  return [
    { index: true, element: <HomePage /> },
    ...[...featurePages, ...campaignPages].map(({ path, featureKey, page: PageComponent }) => ({
      path,
      // Admin screens and plan features are guarded by the rules the side menu applies. The key makes
      // a move to another page unmount this one at once: without it React reuses the guard and the
      // boundary, and on the first visit of a lazily loaded page keeps the old page mounted (hidden)
      // behind the spinner, its effects running (the flow editor's navigation blocker among them).
      element: (
        <GuardedPage key={path} access={pageAccess[featureKey] ?? {}}>
          <Suspense fallback={<CenteredSpinner />}>
            {PageComponent ? <PageComponent /> : <ComingSoonPage featureKey={featureKey} />}
          </Suspense>
        </GuardedPage>
      ),
    })),
    { path: '*', element: <Navigate to="/" replace /> },
  ];
}

const privateRoutes = buildPrivateRoutes();

/**
 * An expired company's admin (docs/decisions/billing.md): invoices and the subscription only,
 * every other path goes to the invoices.
 */
const billingOnlyRoutes: RouteObject[] = [
  { path: 'financeiro', element: <LazyPage page={FinanceiroPage} /> },
  { path: 'subscription', element: <LazyPage page={SubscriptionPage} /> },
  { path: '*', element: <Navigate to="/financeiro" replace /> },
];

function LazyPage({ page: PageComponent }: { page: Page }) {
  return (
    <Suspense fallback={<CenteredSpinner />}>
      <PageComponent />
    </Suspense>
  );
}

/** The pages inside the shell. */
export function PrivateRoutes() {
  return useRoutes(privateRoutes);
}

export function BillingOnlyRoutes() {
  return useRoutes(billingOnlyRoutes);
}
