import { companyEvent, rooms } from '@wacrm/shared';
import type { Realtime } from '../../platform/realtime/realtime.ts';

export function createSettingsRealtime(realtime: Realtime) {
  return {
    settingUpdated(companyId: number, setting: { key: string; value: string }) {
      realtime.io.to(rooms.company(companyId)).emit(companyEvent(companyId, 'settings'), { action: 'update', setting });
    },
  };
}
