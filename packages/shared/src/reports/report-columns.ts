import { asSpreadsheetText, toCsvLine, UTF8_BOM } from '../contacts/contact-csv.ts';
import type { ReportKind } from './report-kinds.ts';
import type { ReportAnswer, ReportFigure, SatisfactionComment } from './reports.schema.ts';

/** The headline figures of each report, in order (the web's cards). */
export const reportHeadlines: Record<ReportKind, readonly ReportFigure[]> = {
  overview: ['opened', 'closed', 'firstResponse', 'resolution', 'waiting', 'ratingAverage'],
  attendants: ['closed', 'firstResponse', 'handling', 'ratingAverage'],
  queues: ['opened', 'closed', 'waiting', 'resolution'],
  tags: ['opened', 'closed', 'resolution', 'ratingAverage'],
  connections: ['opened', 'closed', 'messagesIn', 'messagesOut'],
  satisfaction: ['ratingAverage', 'ratings', 'ratingResponseRate', 'rating3'],
};

/** The figure each report's chart draws over time. */
export const reportChartFigures: Record<ReportKind, readonly ReportFigure[]> = {
  overview: ['opened', 'closed'],
  attendants: ['closed'],
  queues: ['opened', 'closed'],
  tags: ['opened', 'closed'],
  connections: ['messagesIn', 'messagesOut'],
  satisfaction: ['rating1', 'rating2', 'rating3'],
};

/** The table's columns, in order: the web's table and the CSV both read this, so they match. */
export const reportColumns: Record<ReportKind, readonly ReportFigure[]> = {
  overview: [
    'opened',
    'closed',
    'reopened',
    'messagesIn',
    'messagesOut',
    'firstResponse',
    'firstResponseBusiness',
    'waiting',
    'waitingBusiness',
    'resolution',
    'resolutionBusiness',
    'ratingAverage',
  ],
  attendants: [
    'closed',
    'reopened',
    'messagesOut',
    'firstResponse',
    'firstResponseBusiness',
    'handling',
    'handlingBusiness',
    'resolution',
    'ratings',
    'ratingAverage',
  ],
  queues: [
    'opened',
    'closed',
    'reopened',
    'waiting',
    'waitingBusiness',
    'firstResponse',
    'resolution',
    'resolutionBusiness',
    'ratingAverage',
  ],
  tags: ['opened', 'closed', 'reopened', 'firstResponse', 'resolution', 'resolutionBusiness', 'ratingAverage'],
  connections: ['opened', 'closed', 'messagesIn', 'messagesOut', 'firstResponse', 'resolution'],
  satisfaction: ['closed', 'ratings', 'ratingResponseRate', 'ratingAverage', 'rating1', 'rating2', 'rating3'],
};

/** Figures that are durations in seconds (shown as 1h 05m, exported as seconds). */
export const reportDurationFigures: ReadonlySet<ReportFigure> = new Set([
  'firstResponse',
  'firstResponseBusiness',
  'waiting',
  'waitingBusiness',
  'resolution',
  'resolutionBusiness',
  'handling',
  'handlingBusiness',
]);

type Lang = 'pt' | 'en' | 'es';

/** Column titles of the CSV, in the three languages (the web's tables use its own locale files). */
const figureTitles: Record<ReportFigure, Record<Lang, string>> = {
  opened: { pt: 'Abertos', en: 'Opened', es: 'Abiertos' },
  closed: { pt: 'Fechados', en: 'Closed', es: 'Cerrados' },
  reopened: { pt: 'Reabertos', en: 'Reopened', es: 'Reabiertos' },
  messagesIn: { pt: 'Mensagens recebidas', en: 'Messages in', es: 'Mensajes recibidos' },
  messagesOut: { pt: 'Mensagens enviadas', en: 'Messages out', es: 'Mensajes enviados' },
  firstResponse: { pt: 'Primeira resposta (s)', en: 'First response (s)', es: 'Primera respuesta (s)' },
  firstResponseBusiness: {
    pt: 'Primeira resposta, horário comercial (s)',
    en: 'First response, business hours (s)',
    es: 'Primera respuesta, horario laboral (s)',
  },
  waiting: { pt: 'Espera (s)', en: 'Waiting (s)', es: 'Espera (s)' },
  waitingBusiness: {
    pt: 'Espera, horário comercial (s)',
    en: 'Waiting, business hours (s)',
    es: 'Espera, horario laboral (s)',
  },
  resolution: { pt: 'Resolução (s)', en: 'Resolution (s)', es: 'Resolución (s)' },
  resolutionBusiness: {
    pt: 'Resolução, horário comercial (s)',
    en: 'Resolution, business hours (s)',
    es: 'Resolución, horario laboral (s)',
  },
  handling: { pt: 'Atendimento (s)', en: 'Handling (s)', es: 'Atención (s)' },
  handlingBusiness: {
    pt: 'Atendimento, horário comercial (s)',
    en: 'Handling, business hours (s)',
    es: 'Atención, horario laboral (s)',
  },
  ratings: { pt: 'Avaliações', en: 'Ratings', es: 'Valoraciones' },
  ratingAverage: { pt: 'Avaliação média', en: 'Average rating', es: 'Valoración media' },
  rating1: { pt: 'Nota 1', en: 'Rated 1', es: 'Nota 1' },
  rating2: { pt: 'Nota 2', en: 'Rated 2', es: 'Nota 2' },
  rating3: { pt: 'Nota 3', en: 'Rated 3', es: 'Nota 3' },
  ratingResponseRate: { pt: 'Taxa de resposta', en: 'Response rate', es: 'Tasa de respuesta' },
};

const firstColumnTitles: Record<ReportKind, Record<Lang, string>> = {
  overview: { pt: 'Período', en: 'Period', es: 'Período' },
  attendants: { pt: 'Atendente', en: 'Attendant', es: 'Agente' },
  queues: { pt: 'Fila', en: 'Queue', es: 'Cola' },
  tags: { pt: 'Etiqueta', en: 'Tag', es: 'Etiqueta' },
  connections: { pt: 'Conexão', en: 'Connection', es: 'Conexión' },
  satisfaction: { pt: 'Atendente', en: 'Attendant', es: 'Agente' },
};

/** A cell as the CSV writes it: numbers with a dot, two decimals at most, empty when not measured. */
export function reportCell(value: number | null): string {
  return value === null ? '' : String(Math.round(value * 100) / 100);
}

/** The rows a report's table shows: the overview's are its series, the others' their rows. */
export function reportTableRows(answer: ReportAnswer) {
  return answer.kind === 'overview'
    ? answer.series.map((point) => ({ label: point.bucket, figures: point }))
    : answer.rows.map((row) => ({ label: row.name, figures: row }));
}

/** The report's table as CSV (semicolons, BOM for Excel), like the other exports. */
export function reportToCsv(answer: ReportAnswer, lang: Lang = 'en'): string {
  const columns = reportColumns[answer.kind];
  const lines = [
    toCsvLine([firstColumnTitles[answer.kind][lang], ...columns.map((column) => figureTitles[column][lang])]),
  ];
  for (const row of reportTableRows(answer)) {
    lines.push(toCsvLine([row.label, ...columns.map((column) => reportCell(row.figures[column]))]));
  }
  return UTF8_BOM + lines.join('');
}

/** The satisfaction comments table's columns, in order (the web's table and its CSV). */
export const satisfactionCommentColumns = ['ratedAt', 'userName', 'contactName', 'rate', 'comment'] as const;
export type SatisfactionCommentColumn = (typeof satisfactionCommentColumns)[number];

const commentTitles: Record<SatisfactionCommentColumn, Record<Lang, string>> = {
  ratedAt: { pt: 'Avaliado em', en: 'Rated at', es: 'Valorado el' },
  userName: { pt: 'Atendente', en: 'Attendant', es: 'Agente' },
  contactName: { pt: 'Contato', en: 'Contact', es: 'Contacto' },
  rate: { pt: 'Nota', en: 'Rating', es: 'Nota' },
  comment: { pt: 'Comentário', en: 'Comment', es: 'Comentario' },
};

/**
 * The satisfaction comments as CSV, like the report's table: `ratedAt` as the web shows it (the
 * caller formats it on the company's clock), the other cells as they are.
 */
export function satisfactionCommentsToCsv(
  comments: SatisfactionComment[],
  lang: Lang = 'en',
  formatTime: (iso: string) => string = (iso) => iso,
): string {
  const lines = [toCsvLine(satisfactionCommentColumns.map((column) => commentTitles[column][lang]))];
  for (const comment of comments) {
    lines.push(
      toCsvLine([
        formatTime(comment.ratedAt),
        comment.userName,
        asSpreadsheetText(comment.contactName),
        String(comment.rate),
        asSpreadsheetText(comment.comment),
      ]),
    );
  }
  return UTF8_BOM + lines.join('');
}
