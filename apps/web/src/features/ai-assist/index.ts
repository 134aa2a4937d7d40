// What other features use of the AI assist: the ticket header's summary, the composer's helpers,
// the translations of customer messages; the settings tab is loaded by the app's tab list.
export { AssistComposerTools } from './components/assist-composer-tools.tsx';
export { useUnavailableText } from './components/assist-error.tsx';
export { AssistSummaryPanel } from './components/assist-summary-panel.tsx';
export {
  MessageTranslation,
  MessageTranslationsProvider,
  useMessageTranslations,
} from './components/message-translations.tsx';
export { useAssistStatus } from './hooks/use-assist.ts';
