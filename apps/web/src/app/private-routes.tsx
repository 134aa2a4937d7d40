import { hasPermission } from '@wacrm/shared/auth/permissions';
import { lazy, type ReactNode, Suspense } from 'react';
import { Navigate, type RouteObject, useRoutes } from 'react-router';
import { CenteredSpinner } from '../components/ui/centered-spinner.tsx';
import { AnnouncementsPage } from '../features/announcements/pages/announcements-page.tsx';
import { useSessionUser } from '../features/auth/hooks/use-auth.ts';
import { ComingSoonPage } from '../features/coming-soon/pages/coming-soon-page.tsx';
import { ConnectionsPage } from '../features/connections/pages/connections-page.tsx';
import { ContactsPage } from '../features/contacts/pages/contacts-page.tsx';
import { FinanceiroPage } from '../features/financeiro/pages/financeiro-page.tsx';
import { HelpsPage } from '../features/helps/pages/helps-page.tsx';
import { QueuesPage } from '../features/queues/pages/queues-page.tsx';
import { QuickMessagesPage } from '../features/quick-messages/pages/quick-messages-page.tsx';
import { SandboxPage } from '../features/sandbox/pages/sandbox-page.tsx';
import { SchedulesPage } from '../features/schedules/pages/schedules-page.tsx';
import { SettingsPage } from '../features/settings/pages/settings-page.tsx';
import { TagsPage } from '../features/tags/pages/tags-page.tsx';
import { TicketsPage } from '../features/tickets/pages/tickets-page.tsx';
import { TodolistPage } from '../features/todolist/pages/todolist-page.tsx';
import { UsersPage } from '../features/users/pages/users-page.tsx';
import { GuardedPage } from './page-access.tsx';
import { pageAccess } from './page-access-rules.ts';

// The charts and drag-and-drop libraries stay out of the tickets and login bundles.
const DashboardPage = lazy(() => import('../features/dashboard/pages/dashboard-page.tsx'));
const KanbanPage = lazy(() => import('../features/kanban/pages/kanban-page.tsx'));

/** Each private path with the menu key naming its feature; one without a page is still coming (coming-soon page). */
const featurePages: { path: string; featureKey: string; element?: ReactNode }[] = [
  { path: 'tickets/:ticketId?', featureKey: 'tickets', element: <TicketsPage /> },
  { path: 'connections', featureKey: 'connections', element: <ConnectionsPage /> },
  { path: 'quick-messages', featureKey: 'quickMessages', element: <QuickMessagesPage /> },
  { path: 'todolist', featureKey: 'todolist', element: <TodolistPage /> },
  { path: 'schedules', featureKey: 'schedules', element: <SchedulesPage /> },
  { path: 'tags', featureKey: 'tags', element: <TagsPage /> },
  { path: 'contacts', featureKey: 'contacts', element: <ContactsPage /> },
  { path: 'helps', featureKey: 'helps', element: <HelpsPage /> },
  { path: 'users', featureKey: 'users', element: <UsersPage /> },
  { path: 'files', featureKey: 'files' },
  { path: 'prompts', featureKey: 'prompts' },
  { path: 'queue-integration', featureKey: 'queueIntegrations' },
  { path: 'messages-api', featureKey: 'messagesApi' },
  { path: 'settings', featureKey: 'settings', element: <SettingsPage /> },
  {
    path: 'kanban',
    featureKey: 'kanban',
    element: (
      <Suspense fallback={<CenteredSpinner />}>
        <KanbanPage />
      </Suspense>
    ),
  },
  { path: 'financeiro', featureKey: 'financeiro', element: <FinanceiroPage /> },
  { path: 'queues', featureKey: 'queues', element: <QueuesPage /> },
  { path: 'announcements', featureKey: 'announcements', element: <AnnouncementsPage /> },
  { path: 'subscription', featureKey: 'subscription' },
  { path: 'chats/:id?', featureKey: 'internalChat', element: <LazyChatsPage /> },
  // The sandbox page (docs/sandbox.md): not in the side menu, linked from the connections table.
  { path: 'sandbox/:whatsappId', featureKey: 'connections', element: <SandboxPage /> },
];

/**
 * Campaigns and flows: admins whose plan allows them (docs/decisions/users-and-settings.md,
 * "Campaign and flow pages"); the browser flag `cshow` is not a permission.
 */
const campaignPages: { path: string; featureKey: string; element?: ReactNode }[] = [
  { path: 'contact-lists', featureKey: 'contactLists' },
  { path: 'contact-lists/:contactListId/contacts', featureKey: 'contactLists' },
  { path: 'campaigns', featureKey: 'campaigns' },
  { path: 'campaign/:campaignId/report', featureKey: 'campaignReport' },
  { path: 'campaigns-config', featureKey: 'campaignSettings' },
  { path: 'phrase-lists', featureKey: 'phraseLists' },
  { path: 'flowbuilders', featureKey: 'flowbuilders' },
  { path: 'flowbuilder/:id?', featureKey: 'flowbuilders' },
];

// The internal chat screen loads when first opened (the top bar popover is in the shell).
const ChatsPage = lazy(() =>
  import('../features/chats/pages/chats-page.tsx').then((module) => ({ default: module.ChatsPage })),
);

function LazyChatsPage() {
  return (
    <Suspense fallback={<CenteredSpinner />}>
      <ChatsPage />
    </Suspense>
  );
}

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
    ...[...featurePages, ...campaignPages].map(({ path, featureKey, element }) => ({
      path,
      // Admin screens and plan features are guarded by the rules the side menu applies.
      element: (
        <GuardedPage access={pageAccess[featureKey] ?? {}}>
          {element ?? <ComingSoonPage featureKey={featureKey} />}
        </GuardedPage>
      ),
    })),
    { path: '*', element: <Navigate to="/" replace /> },
  ];
}

const privateRoutes = buildPrivateRoutes();

/** The pages inside the shell. */
export function PrivateRoutes() {
  return useRoutes(privateRoutes);
}
