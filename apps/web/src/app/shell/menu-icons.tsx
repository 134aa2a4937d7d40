import type { SvgIconComponent } from '@mui/icons-material';
import AccountTreeOutlined from '@mui/icons-material/AccountTreeOutlined';
import AnnouncementOutlined from '@mui/icons-material/AnnouncementOutlined';
import ApiOutlined from '@mui/icons-material/ApiOutlined';
import AutoAwesomeOutlined from '@mui/icons-material/AutoAwesomeOutlined';
import BoltOutlined from '@mui/icons-material/BoltOutlined';
import CampaignOutlined from '@mui/icons-material/CampaignOutlined';
import CardMembershipOutlined from '@mui/icons-material/CardMembershipOutlined';
import ChecklistOutlined from '@mui/icons-material/ChecklistOutlined';
import ContactPhoneOutlined from '@mui/icons-material/ContactPhoneOutlined';
import DashboardOutlined from '@mui/icons-material/DashboardOutlined';
import EventOutlined from '@mui/icons-material/EventOutlined';
import FolderOutlined from '@mui/icons-material/FolderOutlined';
import ForumOutlined from '@mui/icons-material/ForumOutlined';
import HelpOutlineOutlined from '@mui/icons-material/HelpOutlineOutlined';
import HubOutlined from '@mui/icons-material/HubOutlined';
import InsightsOutlined from '@mui/icons-material/InsightsOutlined';
import ListAlt from '@mui/icons-material/ListAlt';
import LocalOfferOutlined from '@mui/icons-material/LocalOfferOutlined';
import PaymentsOutlined from '@mui/icons-material/PaymentsOutlined';
import PeopleAltOutlined from '@mui/icons-material/PeopleAltOutlined';
import PermPhoneMsgOutlined from '@mui/icons-material/PermPhoneMsgOutlined';
import QuestionAnswerOutlined from '@mui/icons-material/QuestionAnswerOutlined';
import SettingsOutlined from '@mui/icons-material/SettingsOutlined';
import SupportAgentOutlined from '@mui/icons-material/SupportAgentOutlined';
import SyncAltOutlined from '@mui/icons-material/SyncAltOutlined';
import TextSnippetOutlined from '@mui/icons-material/TextSnippetOutlined';
import TimerOutlined from '@mui/icons-material/TimerOutlined';
import TuneOutlined from '@mui/icons-material/TuneOutlined';
import ViewKanbanOutlined from '@mui/icons-material/ViewKanbanOutlined';
import WhatsApp from '@mui/icons-material/WhatsApp';

/** One icon per menu key of menu-model.ts. */
export const menuIcons: Record<string, SvgIconComponent> = {
  dashboard: DashboardOutlined,
  queueMonitor: SupportAgentOutlined,
  reports: InsightsOutlined,
  tickets: WhatsApp,
  quickMessages: BoltOutlined,
  kanban: ViewKanbanOutlined,
  todolist: ChecklistOutlined,
  contacts: ContactPhoneOutlined,
  schedules: EventOutlined,
  tags: LocalOfferOutlined,
  internalChat: ForumOutlined,
  helps: HelpOutlineOutlined,
  campaignsGroup: CampaignOutlined,
  campaigns: ListAlt,
  contactLists: PeopleAltOutlined,
  campaignSettings: TuneOutlined,
  flowsGroup: AccountTreeOutlined,
  phraseLists: TextSnippetOutlined,
  flowbuilders: HubOutlined,
  announcements: AnnouncementOutlined,
  messagesApi: ApiOutlined,
  users: PeopleAltOutlined,
  queues: QuestionAnswerOutlined,
  slaPolicies: TimerOutlined,
  prompts: AutoAwesomeOutlined,
  queueIntegrations: SyncAltOutlined,
  connections: PermPhoneMsgOutlined,
  files: FolderOutlined,
  financeiro: PaymentsOutlined,
  subscription: CardMembershipOutlined,
  settings: SettingsOutlined,
};
