import type { WhatsappTemplate } from '@wacrm/shared/cloud-api/template.schema';
import { fillTemplatePlaceholders, templatePlaceholdersOf } from '@wacrm/shared/cloud-api/template-text';

/** A template chosen to send, with the values of its placeholders (header's, then body's). */
export interface TemplateChoice {
  name: string;
  language: string;
  variables: string[];
}

/** The placeholders a template asks to fill, in the order `variables` carries them. */
export function templatePlaceholders(template: Pick<WhatsappTemplate, 'headerText' | 'bodyText'>) {
  return [
    ...templatePlaceholdersOf(template.headerText).map((name) => ({ part: 'header' as const, name })),
    ...templatePlaceholdersOf(template.bodyText).map((name) => ({ part: 'body' as const, name })),
  ];
}

/** The template as the customer will read it, the values given so far in place (blank ones kept as `{{1}}`). */
export function templatePreview(
  template: Pick<WhatsappTemplate, 'headerText' | 'bodyText' | 'footerText'>,
  variables: readonly string[],
) {
  const headerCount = templatePlaceholdersOf(template.headerText).length;
  return {
    header: template.headerText ? fillTemplatePlaceholders(template.headerText, variables.slice(0, headerCount)) : null,
    body: fillTemplatePlaceholders(template.bodyText, variables.slice(headerCount)),
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
