import { type Language, languages, RESET_CODE_TTL_MINUTES } from '@wacrm/shared';

interface MailText {
  subject: string;
  lines: (code: string, minutes: number) => string[];
}

/** The reset mail in each interface language; the user's language when known, else pt. */
const texts: Record<Language, MailText> = {
  pt: {
    subject: 'Código para redefinir sua senha',
    lines: (code, minutes) => [
      'Olá,',
      '',
      `Seu código de verificação é: ${code}`,
      '',
      `Ele vale por ${minutes} minutos e pode ser usado uma única vez.`,
      'Se você não pediu para redefinir a senha, ignore este email: sua senha continua a mesma.',
    ],
  },
  en: {
    subject: 'Code to reset your password',
    lines: (code, minutes) => [
      'Hello,',
      '',
      `Your verification code is: ${code}`,
      '',
      `It is valid for ${minutes} minutes and works only once.`,
      'If you did not ask to reset your password, ignore this email: your password stays the same.',
    ],
  },
  es: {
    subject: 'Código para restablecer tu contraseña',
    lines: (code, minutes) => [
      'Hola,',
      '',
      `Tu código de verificación es: ${code}`,
      '',
      `Es válido durante ${minutes} minutos y solo se puede usar una vez.`,
      'Si no pediste restablecer la contraseña, ignora este correo: tu contraseña sigue siendo la misma.',
    ],
  },
};

export function mailLanguage(language: string | null | undefined): Language {
  const short = language?.slice(0, 2).toLowerCase();
  return (languages as readonly string[]).includes(short ?? '') ? (short as Language) : 'pt';
}

/** Subject and plain text of the mail that carries a reset code. */
export function buildResetMail(language: string | null | undefined, code: string) {
  const text = texts[mailLanguage(language)];
  return { subject: text.subject, text: text.lines(code, RESET_CODE_TTL_MINUTES).join('\n') };
}
