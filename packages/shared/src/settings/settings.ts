import { z } from 'zod';

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
  chatBotType: { values: ['text'], default: 'text' },
  asaas: { values: ['enabled', 'disabled'], default: 'disabled' },
  campaignsEnabled: { values: ['true', 'false'], default: 'true' },
} as const satisfies Record<string, { values: readonly string[]; default: string }>;

export type SettingKey = keyof typeof settingDefinitions;
export const settingKeys = Object.keys(settingDefinitions) as SettingKey[];

export const settingSchema = z.object({ key: z.string(), value: z.string() });
export type Setting = z.infer<typeof settingSchema>;

export function isSettingKey(key: string): key is SettingKey {
  return key in settingDefinitions;
}
