import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { APP_VERSION, type Language } from '@wacrm/shared/common/constants';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { BrandLogo } from '../../../components/ui/brand-logo.tsx';
import { LanguageMenu } from '../../../components/ui/language-menu.tsx';
import { changeLanguage } from '../../../lib/i18n.ts';

/** The frame of the public pages: a teal band, a centred card, the language menu and the copyright. */
export function AuthLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation(['common', 'auth']);
  const handleLanguage = (lang: Language) => void changeLanguage(lang);
  return (
    <Box
      sx={{
        minHeight: '100dvh',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        px: 2,
        py: { xs: 3, sm: 6 },
        bgcolor: 'background.default',
        backgroundImage: (theme) =>
          `linear-gradient(180deg, ${theme.palette.mode === 'dark' ? '#103529' : theme.palette.primary.main} 0, ${
            theme.palette.mode === 'dark' ? '#103529' : theme.palette.primary.main
          } 220px, transparent 220px)`,
      }}
    >
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', color: '#fff', mb: { xs: 3, sm: 4 } }}>
        <BrandLogo size={36} isInverted />
        <Typography variant="h6" component="span" sx={{ fontWeight: 700, letterSpacing: 0.2 }}>
          {t('common:appName')}
        </Typography>
      </Stack>
      <Paper
        elevation={0}
        sx={{
          position: 'relative',
          width: '100%',
          maxWidth: 420,
          p: { xs: 3, sm: 5 },
          borderRadius: '20px',
          boxShadow: '0 12px 40px rgba(11, 20, 26, 0.16)',
        }}
      >
        <Box sx={{ position: 'absolute', top: 12, right: 12, color: 'text.secondary' }}>
          <LanguageMenu onChange={handleLanguage} />
        </Box>
        {children}
      </Paper>
      <Typography variant="caption" color="text.secondary" sx={{ mt: 3 }} data-testid="copyright">
        {t('auth:login.copyright', { year: new Date().getFullYear(), version: APP_VERSION })}
      </Typography>
    </Box>
  );
}
