import type { FastifyBaseLogger } from 'fastify';
import { isDataException, postgresErrorCode } from '../../../platform/db/errors.ts';
import { AppError } from '../../../platform/http/app-error.ts';
import type { InboundMessage, SessionRef } from '../../channels/index.ts';

/** Waits between attempts at storing one message that failed for a passing reason. */
const RETRY_DELAYS_MS = [100, 500, 2_000];

/** Hooks that only tests set: they make storage fail where the real world would. */
export interface InboundFaults {
  /** Runs before each attempt at storing a message; a throw is that attempt's failure. */
  beforeStore?: (ref: SessionRef, message: InboundMessage) => void | Promise<void>;
}

/** Why a message was not stored, without its content (a driver error's text names no values). */
function reasonOf(error: unknown) {
  const sqlState = postgresErrorCode(error);
  let current: unknown = error;
  while (current instanceof Error && current.cause instanceof Error && 'params' in current) current = current.cause;
  const message = current instanceof Error ? current.message : String(current);
  return sqlState ? `${sqlState}: ${message}` : message;
}

/** Longer strings (base64 media in a sandbox payload) are left out of a dead letter. */
const MAX_KEPT_STRING = 1_000_000;

/**
 * The message as JSON text: the provider's raw payload and the normalised message (media as its
 * type and size: the file was not kept). JSON escapes NUL and lone surrogates, so the text is
 * always storable.
 */
function payloadOf(message: InboundMessage) {
  const { media, raw, ...rest } = message;
  const normalised = {
    ...rest,
    ...(media ? { media: { mimetype: media.mimetype, filename: media.filename, bytes: media.data.length } } : {}),
  };
  return JSON.stringify({ raw: raw ?? null, normalised }, (_key, value: unknown) => {
    if (value instanceof Uint8Array) return { base64: Buffer.from(value).toString('base64') };
    if (value && typeof value === 'object' && (value as { type?: unknown }).type === 'Buffer') {
      const data = (value as { data?: unknown }).data;
      if (Array.isArray(data)) return { base64: Buffer.from(data).toString('base64') };
    }
    if (typeof value === 'string' && value.length > MAX_KEPT_STRING) return `[${value.length} characters left out]`;
    return value;
  });
}

/**
 * Acknowledged means stored (issue 23). Stores an inbound message, retrying a passing failure;
 * answers only when the message is stored (or was already: a redelivery), or kept:
 * - a message the database can never store (SQLSTATE class 22: NUL, out of range…) is kept as a
 *   dead letter for admins and refused with 400 `ERR_INBOUND_NOT_STORABLE`, the reason attached;
 *   to a provider that cannot refuse (Baileys) it answers once the dead letter is written;
 * - a passing failure (database down, pool exhausted) is refused with 503 `ERR_INBOUND_NOT_STORED`
 *   to a provider whose sender redelivers (the sandbox); for one that does not, the message is
 *   kept as a dead letter, and if even that fails the rejection reaches the provider (Baileys
 *   keeps it in its journal and tries again at the next start).
 */
export function keepInbound(deps: {
  store: (ref: SessionRef, message: InboundMessage) => Promise<void>;
  deadLetters: {
    insert(row: {
      companyId: number;
      whatsappId: number;
      externalId: string;
      reason: string;
      payload: string;
    }): Promise<void>;
  };
  /** Providers whose senders send again what was refused. */
  redelivers: (provider: string) => boolean;
  log: FastifyBaseLogger;
  faults?: InboundFaults;
  retryDelaysMs?: number[];
}) {
  const delays = deps.retryDelaysMs ?? RETRY_DELAYS_MS;
  return async function onMessage(ref: SessionRef, message: InboundMessage) {
    let failure: unknown;
    for (let attempt = 0; attempt <= delays.length; attempt++) {
      try {
        await deps.faults?.beforeStore?.(ref, message);
        await deps.store(ref, message);
        return;
      } catch (error) {
        failure = error;
        const sqlState = postgresErrorCode(error);
        if (sqlState && isDataException(sqlState)) break;
        if (attempt < delays.length) await new Promise((resolve) => setTimeout(resolve, delays[attempt]));
      }
    }
    const sqlState = postgresErrorCode(failure);
    const neverStorable = Boolean(sqlState && isDataException(sqlState));
    const reason = reasonOf(failure);
    const context = { whatsappId: ref.id, externalId: message.externalId, reason };
    if (!neverStorable && deps.redelivers(ref.provider)) {
      deps.log.warn(context, 'inbound message not stored: refused for the sender to send again');
      throw new AppError('ERR_INBOUND_NOT_STORED');
    }
    try {
      await deps.deadLetters.insert({
        companyId: ref.companyId,
        whatsappId: ref.id,
        externalId: message.externalId,
        reason,
        payload: payloadOf(message),
      });
    } catch (deadLetterError) {
      deps.log.error({ ...context, err: deadLetterError }, 'inbound message neither stored nor kept as a dead letter');
      throw new AppError('ERR_INBOUND_NOT_STORED');
    }
    deps.log.warn(context, 'inbound message kept as a dead letter');
    if (neverStorable && deps.redelivers(ref.provider)) {
      throw new AppError('ERR_INBOUND_NOT_STORABLE', { details: { reason } });
    }
  };
}
