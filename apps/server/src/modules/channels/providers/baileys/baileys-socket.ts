import makeWASocket, {
  type AnyMessageContent,
  type BaileysEventMap,
  type GroupMetadata,
  type MiscMessageGenerationOptions,
  type UserFacingSocketConfig,
  type WAMessage,
  type WAMessageKey,
} from 'baileys';

/**
 * The part of Baileys' socket this provider uses. Tests inject a fake with the same event names
 * and payload shapes; production uses `makeWASocket`.
 */
export interface BaileysSocket {
  ev: {
    on<E extends keyof BaileysEventMap>(event: E, listener: (payload: BaileysEventMap[E]) => void): unknown;
    off<E extends keyof BaileysEventMap>(event: E, listener: (payload: BaileysEventMap[E]) => void): unknown;
  };
  user?: { id: string; name?: string } | undefined;
  sendMessage(
    jid: string,
    content: AnyMessageContent,
    options?: MiscMessageGenerationOptions,
  ): Promise<WAMessage | undefined>;
  readMessages(keys: WAMessageKey[]): Promise<void>;
  profilePictureUrl(jid: string, type?: 'preview' | 'image', timeoutMs?: number): Promise<string | undefined>;
  onWhatsApp(...phoneNumbers: string[]): Promise<{ jid: string; exists: boolean }[] | undefined>;
  groupMetadata(jid: string): Promise<GroupMetadata>;
  logout(message?: string): Promise<void>;
  /** Declines an offered call (setting `call` disabled). */
  rejectCall?(callId: string, callFrom: string): Promise<void>;
  end(error: Error | undefined): unknown;
  /** Asks the phone to upload expired media again (used by the media download). */
  updateMediaMessage?(message: WAMessage): Promise<WAMessage>;
  /** Baileys 7 keeps the LID → phone number mapping here. */
  signalRepository?: {
    lidMapping?: {
      getPNForLID(lid: string): Promise<string | null>;
      getPNsForLIDs(lids: string[]): Promise<{ lid: string; pn: string }[] | null>;
    };
  };
}

export type BaileysSocketFactory = (config: UserFacingSocketConfig) => BaileysSocket;

/** Baileys' own logger shape (not exported by the library). */
export interface BaileysLogger {
  level: string;
  child(bindings: Record<string, unknown>): BaileysLogger;
  trace(obj: unknown, msg?: string): void;
  debug(obj: unknown, msg?: string): void;
  info(obj: unknown, msg?: string): void;
  warn(obj: unknown, msg?: string): void;
  error(obj: unknown, msg?: string): void;
}

export const createRealSocket: BaileysSocketFactory = (config) => makeWASocket(config) as unknown as BaileysSocket;
