// What other features use of settings: the company's time zone and clock, and the editors of its
// hours and options that the company dialog shows too.
export { CompanySchedulesEditor } from './components/company-schedules-editor.tsx';
export { CompanyTimeField } from './components/company-time-field.tsx';
export { SettingsOptionsPanel } from './components/settings-options-panel.tsx';
export {
  useClockDifference,
  useCompanyClockLabel,
  useCompanyTimeZone,
  useZoneLabel,
} from './hooks/use-company-time-zone.ts';
export { useSettings, useUpdateSetting } from './hooks/use-settings.ts';
