import type { WhatsappTemplate } from '@wacrm/shared/cloud-api/template.schema';

/** A template chosen to send, with the values of its placeholders (header's, then body's). */
export interface TemplateChoice {
  name: string;
  language: string;
  variables: string[];
}

const placeholderPattern = /\{\{\s*([A-Za-z0-9_]+)\s*\}\}/g;

const placeholdersOf = (text: string | null) => [
  ...new Set([...(text ?? '').matchAll(placeholderPattern)].map((match) => match[1])),
];

/** The placeholders a template asks to fill, in the order `variables` carries them. */
export function templatePlaceholders(template: Pick<WhatsappTemplate, 'headerText' | 'bodyText'>) {
  return [
    ...placeholdersOf(template.headerText).map((name) => ({ part: 'header' as const, name })),
    ...placeholdersOf(template.bodyText).map((name) => ({ part: 'body' as const, name })),
  ];
}

/** The template as the customer will read it, the values given so far in place (blank ones kept as `{{1}}`). */
export function templatePreview(
  template: Pick<WhatsappTemplate, 'headerText' | 'bodyText' | 'footerText'>,
  variables: readonly string[],
) {
  const headerCount = placeholdersOf(template.headerText).length;
  const fill = (text: string, names: string[], values: readonly string[]) =>
    text.replace(placeholderPattern, (whole, name: string) => {
      const value = values[names.indexOf(name)];
      return value?.trim() ? value : whole;
    });
  return {
    header: template.headerText
      ? fill(template.headerText, placeholdersOf(template.headerText), variables.slice(0, headerCount))
      : null,
    body: fill(template.bodyText, placeholdersOf(template.bodyText), variables.slice(headerCount)),
    footer: template.footerText,
  };
}

/** A choice ready to send: every placeholder has a value. */
export const isChoiceComplete = (choice: TemplateChoice | null, template: WhatsappTemplate | undefined) =>
  Boolean(
    choice &&
      template &&
      choice.variables.length === template.variableCount &&
      choice.variables.every((value) => value.trim() !== ''),
  );

export const templateKey = (template: Pick<WhatsappTemplate, 'name' | 'language'>) =>
  `${template.name}|${template.language}`;
