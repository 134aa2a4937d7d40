import { aiAssistRoutes } from './ai-assist/ai-assist.contract.ts';
import { announcementRoutes } from './announcements/announcement.contract.ts';
import { auditRoutes } from './audit/audit.contract.ts';
import { authRoutes } from './auth/auth.contract.ts';
import { billingRoutes } from './billing/billing.contract.ts';
import {
  campaignRoutes,
  contactListItemRoutes,
  contactListRoutes,
  fileListRoutes,
} from './campaigns/campaign.contract.ts';
import { chatRoutes } from './chats/chat.contract.ts';
import { cloudApiRoutes } from './cloud-api/cloud-api.contract.ts';
import { templateRoutes } from './cloud-api/template.contract.ts';
import type { RouteContract } from './common/route-contract.ts';
import { companyRoutes } from './companies/company.contract.ts';
import { companySchedulesRoutes } from './company-schedules/company-schedules.contract.ts';
import { connectionRoutes } from './connections/connection.contract.ts';
import { contactRoutes } from './contacts/contact.contract.ts';
import { dashboardRoutes } from './dashboard/dashboard.contract.ts';
import { deadLetterRoutes } from './dead-letters/dead-letter.contract.ts';
import { flowRoutes } from './flows/flow.contract.ts';
import { healthRoutes } from './health/health.contract.ts';
import { helpRoutes } from './helps/help.contract.ts';
import { integrationRoutes } from './integrations/integration.contract.ts';
import { kanbanRoutes } from './kanban/kanban.contract.ts';
import { messageRoutes } from './messages/message.contract.ts';
import { passwordResetRoutes } from './password-reset/password-reset.contract.ts';
import { planRoutes } from './plans/plan.contract.ts';
import { publicApiRoutes } from './public-api/public-api.contract.ts';
import { pushRoutes } from './push/push.contract.ts';
import { queueRoutes } from './queues/queue.contract.ts';
import { queueMonitorRoutes } from './queues/queue-monitor.contract.ts';
import { quickMessageRoutes } from './quick-messages/quick-message.contract.ts';
import { reportCsvRoutes, reportRoutes } from './reports/reports.contract.ts';
import { sandboxRoutes } from './sandbox/sandbox.contract.ts';
import { scheduleRoutes } from './schedules/schedule.contract.ts';
import { settingRoutes } from './settings/settings.contract.ts';
import { signupRoutes } from './signup/signup.contract.ts';
import { slaRoutes } from './sla/sla.contract.ts';
import { tagRoutes } from './tags/tag.contract.ts';
import { ticketNoteRoutes } from './ticket-notes/ticket-note.contract.ts';
import { ticketRoutes } from './tickets/ticket.contract.ts';
import { userRoutes } from './users/user.contract.ts';
import { webhookRoutes } from './webhooks/webhook.contract.ts';

/**
 * Every feature's route contracts. The server's OpenAPI test checks that each one is registered
 * and documented with its response, and that every `/api` route the server registers is one of
 * them or is listed as deliberately outside (apps/server `modules/api-docs/routes-outside-contracts.ts`);
 * a new feature's contracts are added here.
 */
export const routeContracts: Record<string, Record<string, RouteContract>> = {
  aiAssist: aiAssistRoutes,
  announcements: announcementRoutes,
  audit: auditRoutes,
  auth: authRoutes,
  billing: billingRoutes,
  campaigns: campaignRoutes,
  chats: chatRoutes,
  cloudApi: cloudApiRoutes,
  companies: companyRoutes,
  companySchedules: companySchedulesRoutes,
  connections: connectionRoutes,
  contactListItems: contactListItemRoutes,
  contactLists: contactListRoutes,
  contacts: contactRoutes,
  dashboard: dashboardRoutes,
  deadLetters: deadLetterRoutes,
  fileLists: fileListRoutes,
  flows: flowRoutes,
  health: healthRoutes,
  helps: helpRoutes,
  integrations: integrationRoutes,
  kanban: kanbanRoutes,
  messages: messageRoutes,
  passwordReset: passwordResetRoutes,
  plans: planRoutes,
  publicApi: publicApiRoutes,
  push: pushRoutes,
  queues: queueRoutes,
  queueMonitor: queueMonitorRoutes,
  quickMessages: quickMessageRoutes,
  reports: reportRoutes,
  reportsCsv: reportCsvRoutes,
  sandbox: sandboxRoutes,
  schedules: scheduleRoutes,
  settings: settingRoutes,
  signup: signupRoutes,
  sla: slaRoutes,
  tags: tagRoutes,
  templates: templateRoutes,
  ticketNotes: ticketNoteRoutes,
  tickets: ticketRoutes,
  users: userRoutes,
  webhooks: webhookRoutes,
};
