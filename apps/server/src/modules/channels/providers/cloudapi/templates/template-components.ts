import { fillTemplatePlaceholders, templatePlaceholdersOf } from '@wacrm/shared';
import type { StructuredContent, TemplateParameter } from '../../../channel-adapter.ts';

/**
 * Meta's template `components` (header, body, footer, buttons), read into what the app lists and
 * fills. A placeholder is `{{1}}`, `{{2}}`… (positional) or `{{name}}` (named parameters); the app
 * asks for one value per distinct placeholder, the header's first, then the body's.
 */

export interface TemplateShape {
  headerText: string | null;
  /** A header format the app cannot fill (IMAGE, VIDEO, DOCUMENT, LOCATION); null for text or none. */
  headerFormat: string | null;
  bodyText: string;
  footerText: string | null;
  buttons: string[];
  headerPlaceholders: string[];
  bodyPlaceholders: string[];
}

type Json = Record<string, unknown>;

export interface FilledTemplate {
  text: string;
  headerParameters: TemplateParameter[];
  bodyParameters: TemplateParameter[];
}

export function shapeOf(components: unknown): TemplateShape {
  const list = Array.isArray(components) ? (components as Json[]) : [];
  const find = (type: string) => list.find((component) => String(component?.type ?? '').toUpperCase() === type);
  const header = find('HEADER');
  const headerFormat = String(header?.format ?? 'TEXT').toUpperCase();
  const headerText = header && headerFormat === 'TEXT' ? String(header.text ?? '') : null;
  const bodyText = String(find('BODY')?.text ?? '');
  const footer = find('FOOTER');
  const buttonList = find('BUTTONS')?.buttons;
  const buttons = Array.isArray(buttonList) ? buttonList.map((button: Json) => String(button?.text ?? '')) : [];
  return {
    headerText,
    headerFormat: header && headerFormat !== 'TEXT' ? headerFormat : null,
    bodyText,
    footerText: footer ? String(footer.text ?? '') : null,
    buttons,
    headerPlaceholders: headerText ? templatePlaceholdersOf(headerText) : [],
    bodyPlaceholders: templatePlaceholdersOf(bodyText),
  };
}

/** Approved, and nothing in it needs what the app cannot provide (a media header). */
export function isSendable(status: string, shape: TemplateShape): boolean {
  return status.toUpperCase() === 'APPROVED' && shape.headerFormat === null && shape.bodyText.length > 0;
}

export const variableCountOf = (shape: TemplateShape) =>
  shape.headerPlaceholders.length + shape.bodyPlaceholders.length;

/**
 * The template filled with `values` (already free of message variables): the parameters Meta
 * takes, and the text the thread shows (header, body and footer, a line apart).
 */
export function fillTemplate(shape: TemplateShape, values: string[]): FilledTemplate {
  const headerParameters = values.slice(0, shape.headerPlaceholders.length);
  const bodyParameters = values.slice(shape.headerPlaceholders.length);
  const header = shape.headerText ? fillTemplatePlaceholders(shape.headerText, headerParameters) : null;
  const body = fillTemplatePlaceholders(shape.bodyText, bodyParameters);
  const text = [header ? `*${header}*` : null, body, shape.footerText ? `_${shape.footerText}_` : null]
    .filter((part): part is string => Boolean(part))
    .join('\n\n');
  // Named placeholders travel with their names (Meta's `parameter_name`), positional ones without.
  const parametersOf = (names: string[], texts: string[]) =>
    texts.map((value, index) => (/^\d+$/.test(names[index]) ? { text: value } : { text: value, name: names[index] }));
  return {
    text,
    headerParameters: parametersOf(shape.headerPlaceholders, headerParameters),
    bodyParameters: parametersOf(shape.bodyPlaceholders, bodyParameters),
  };
}

/** A filled template as a stored message's structured content (what the Cloud API adapter sends). */
export function templateContentOf(filled: FilledTemplate & { name: string; language: string }): StructuredContent {
  const { name, language, headerParameters, bodyParameters } = filled;
  return { kind: 'template', template: { name, language, headerParameters, bodyParameters } };
}
