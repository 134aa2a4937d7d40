import { useTheme } from '@mui/material/styles';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';

interface EmojiPickerPanelProps {
  onPick: (emoji: string) => void;
  onClickOutside: () => void;
}

const translations: Record<string, () => Promise<{ default: unknown }>> = {
  pt: () => import('@emoji-mart/data/i18n/pt.json'),
  es: () => import('@emoji-mart/data/i18n/es.json'),
};

/**
 * emoji-mart's plain web-component Picker mounted through a ref (@emoji-mart/react refuses
 * React 19). This module and its data are loaded only when the picker first opens.
 */
export default function EmojiPickerPanel({ onPick, onClickOutside }: EmojiPickerPanelProps) {
  const host = useRef<HTMLDivElement>(null);
  const mode = useTheme().palette.mode;
  const language = useTranslation().i18n.language?.slice(0, 2) ?? 'pt';
  const handlers = useRef({ onPick, onClickOutside });
  handlers.current = { onPick, onClickOutside };

  useEffect(() => {
    let isCurrent = true;
    let picker: HTMLElement | null = null;
    void Promise.all([
      import('emoji-mart'),
      import('@emoji-mart/data'),
      translations[language]?.() ?? Promise.resolve(null),
    ]).then(([{ Picker }, data, i18n]) => {
      if (!isCurrent || !host.current) return;
      picker = new Picker({
        data: data.default,
        i18n: i18n?.default,
        theme: mode,
        previewPosition: 'none',
        skinTonePosition: 'search',
        autoFocus: true,
        onEmojiSelect: (emoji: { native?: string }) => emoji.native && handlers.current.onPick(emoji.native),
        onClickOutside: () => handlers.current.onClickOutside(),
      }) as unknown as HTMLElement;
      host.current.replaceChildren(picker);
    });
    return () => {
      isCurrent = false;
      picker?.remove();
    };
  }, [mode, language]);

  return <div ref={host} data-testid="emoji-picker" style={{ minHeight: 120 }} />;
}
