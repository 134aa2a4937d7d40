/** The time zones a company can run on (IANA names; Brazil's first, then the rest of the region). */
export const companyTimeZones = [
  'America/Sao_Paulo',
  'America/Bahia',
  'America/Fortaleza',
  'America/Recife',
  'America/Belem',
  'America/Maceio',
  'America/Araguaina',
  'America/Manaus',
  'America/Cuiaba',
  'America/Campo_Grande',
  'America/Porto_Velho',
  'America/Boa_Vista',
  'America/Rio_Branco',
  'America/Noronha',
  'America/Argentina/Buenos_Aires',
  'America/Montevideo',
  'America/Asuncion',
  'America/Santiago',
  'America/La_Paz',
  'America/Lima',
  'America/Bogota',
  'America/Caracas',
  'America/Mexico_City',
  'America/New_York',
  'America/Chicago',
  'America/Denver',
  'America/Los_Angeles',
  'Europe/Lisbon',
  'Europe/Madrid',
  'Europe/London',
  'UTC',
] as const;

/** The company's ticket capacity: 0 to 100 simultaneous open tickets. */
const ticketCapacityValues = Array.from({ length: 101 }, (_, index) => String(index));

/**
 * Company settings: every key of the spec with the values it accepts and the default a
 * new company gets. `campaignsEnabled` is read by the menu's campaign rule.
 */
export const settingDefinitions = {
  userRating: { values: ['enabled', 'disabled'], default: 'disabled' },
  scheduleType: { values: ['disabled', 'queue', 'company'], default: 'disabled' },
  call: { values: ['enabled', 'disabled'], default: 'enabled' },
  CheckMsgIsGroup: { values: ['enabled', 'disabled'], default: 'enabled' },
  sendGreetingAccepted: { values: ['enabled', 'disabled'], default: 'disabled' },
  sendMsgTransfTicket: { values: ['enabled', 'disabled'], default: 'disabled' },
  sendGreetingMessageOneQueues: { values: ['enabled', 'disabled'], default: 'enabled' },
  /**
   * How option menus (queue chatbot, flow menus) go out: `text` numbered lines; `button` reply
   * buttons up to 3 options, else a list; `list` always a list. Buttons and lists exist on
   * WhatsApp Cloud API connections only (and at most 10 options): elsewhere the text menu goes.
   */
  chatBotType: { values: ['text', 'button', 'list'], default: 'text' },
  asaas: { values: ['enabled', 'disabled'], default: 'disabled' },
  campaignsEnabled: { values: ['true', 'false'], default: 'true' },
  /** Our own (issue 7): the clock of business hours, greetings and {{ms}}/{{date}}/{{hour}}. */
  timezone: { values: companyTimeZones, default: 'America/Sao_Paulo' },
  /** Our own: the language of the messages the product writes to customers. */
  messagesLanguage: { values: ['pt', 'en', 'es'], default: 'pt' },
  /** Our own: minutes a closed ticket waits for the customer's 1–3 rating. */
  ratingWindow: { values: ['5', '15', '30', '60', '120', '1440'], default: '30' },
  /**
   * Our own (issue 48): simultaneous open tickets automatic assignment gives an attendant whose own
   * capacity is unset; 0 gives them none. docs/decisions/fair-assignment.md explains the default.
   */
  ticketCapacity: { values: ticketCapacityValues, default: '5' },
  /**
   * Our own (issue 49): who still reads the text and media of a message deleted for everyone
   * (shown greyed out); everyone else sees only that it was deleted. Enforced by the server on
   * threads, events and search (docs/decisions/edits-deletes-reactions.md).
   */
  deletedMessagesVisibleTo: { values: ['adminsAndSupervisors', 'everyone', 'nobody'], default: 'adminsAndSupervisors' },
  /**
   * Our own (issue 52): push notifications show the contact and a preview of the message; disabled,
   * they say only that something new arrived (docs/decisions/installable-app-and-push.md).
   */
  pushShowPreview: { values: ['enabled', 'disabled'], default: 'enabled' },
  /**
   * Our own (issue 51): the attendants' AI assist (docs/decisions/ai-assist.md). Off until an admin
   * turns it on; `aiAssistFeatures` lists the helpers that are on (comma-separated).
   */
  aiAssistEnabled: { values: ['enabled', 'disabled'], ownScreen: true, default: 'disabled' },
  aiAssistFeatures: {
    values: [],
    pattern: /^((summary|suggest|rewrite|translate)(,(summary|suggest|rewrite|translate))*)?$/,
    default: 'summary,suggest,rewrite,translate',
  },
  /** Any model name the company's OpenAI-compatible server knows. */
  aiAssistModel: { values: [], pattern: /^[A-Za-z0-9._:/@-]{1,100}$/, default: 'gpt-4o-mini' },
  /** Write-only: answered masked (`sk-…wxyz`); blank uses the key of `aiAssistKeyPromptId`'s prompt. */
  aiAssistApiKey: { values: [], pattern: /^[\x21-\x7e]{0,200}$/, secret: true, default: '' },
  /** Reuse an AI prompt's key (its id), when no key of the assist's own is set. */
  aiAssistKeyPromptId: { values: [], pattern: /^(\d{1,10})?$/, default: '' },
  /** Input plus output tokens a month for the whole company; 0 means no limit. */
  aiAssistMonthlyTokens: { values: [], pattern: /^\d{1,10}$/, default: '200000' },
  /**
   * Our own (issue 53): who must sign in with a second step. `enabled` asks it of admins,
   * `everyone` of every user; one without it sets it up right after the password
   * (docs/decisions/account-security.md).
   */
  require2faForAdmins: { values: ['disabled', 'enabled', 'everyone'], default: 'disabled' },
  /** Our own (issue 53): `enabled` lets a user stay signed in on several devices at once. */
  multipleSessions: { values: ['disabled', 'enabled'], default: 'disabled' },
} as const satisfies Record<string, SettingDefinition>;

/**
 * A setting's accepted values: one of `values`, or (free text settings, whose `values` is empty)
 * any text matching `pattern`. A `secret` setting is never answered in full.
 */
interface SettingDefinition {
  values: readonly string[];
  pattern?: RegExp;
  secret?: boolean;
  /** Set on its own settings tab, not in the options panel. */
  ownScreen?: boolean;
  default: string;
}

export type SettingKey = keyof typeof settingDefinitions;
export const settingKeys = Object.keys(settingDefinitions) as SettingKey[];

/** One company setting as the API lists it. (Plain data, no zod: the web's menu rules read this module.) */
export interface Setting {
  key: string;
  value: string;
}

export function isSettingKey(key: string): key is SettingKey {
  return key in settingDefinitions;
}

/** Whether `value` is one the setting accepts. */
export function acceptsSettingValue(key: SettingKey, value: string): boolean {
  const definition: SettingDefinition = settingDefinitions[key];
  return definition.pattern ? definition.pattern.test(value) : definition.values.includes(value);
}

/** Settings whose value is never answered in full (the API and events carry it masked). */
export function isSecretSetting(key: string): boolean {
  return isSettingKey(key) && (settingDefinitions[key] as SettingDefinition).secret === true;
}

/** Settings picked from a list (the options panel shows these; the others have their own screens). */
export function isListedSetting(key: SettingKey): boolean {
  const definition: SettingDefinition = settingDefinitions[key];
  return !definition.pattern && !definition.ownScreen;
}
