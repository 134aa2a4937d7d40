import type { NodeBus } from '../../platform/cluster/node-bus.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { ChannelSession } from './channel-adapter.ts';

/** What a process can be asked to do for a connection whose session it holds. */
export type SessionCommands = Record<string, (args: never) => Promise<unknown>>;

/** Session methods another process may call through the owner (never stop/logout: those are commands). */
const remoteMethods = [
  'send',
  'deleteForEveryone',
  'editMessage',
  'react',
  'markRead',
  'fetchProfilePicture',
  'listContacts',
  'isOnWhatsApp',
] as const;
type RemoteMethod = (typeof remoteMethods)[number];

/**
 * Runs a connection's session work in the process that holds its lease
 * (docs/decisions/session-ownership.md, "Commands reach the owner"): here when this process holds
 * it or nobody does (then starting it here claims it), else through the node bus to the owner.
 */
export function createSessionRouter(deps: {
  bus: NodeBus;
  /** Whether this process holds (or is starting) the connection's session. */
  holds: (whatsappId: number) => boolean;
  localSession: (whatsappId: number) => ChannelSession | null;
  /** A session that needs no owner (a Cloud API connection): any process uses it directly. */
  directSession: (whatsappId: number) => Promise<ChannelSession | null>;
  /** The process named by a live lease, if any. */
  ownerOf: (whatsappId: number) => Promise<string | null>;
}) {
  const { bus } = deps;
  const commands = new Map<string, (args: unknown) => Promise<unknown>>();

  async function ownerElsewhere(whatsappId: number) {
    if (!bus.clustered || deps.holds(whatsappId)) return null;
    const owner = await deps.ownerOf(whatsappId);
    return owner && owner !== bus.nodeId ? owner : null;
  }

  function define(name: string, run: (args: never) => Promise<unknown>) {
    const handler = run as (args: unknown) => Promise<unknown>;
    commands.set(name, handler);
    bus.handle(name, handler);
  }

  define('session.call', async ({ id, method, args }: { id: number; method: RemoteMethod; args: unknown[] }) => {
    if (!remoteMethods.includes(method)) throw new Error(`not a remote session method: ${method}`);
    const session = deps.localSession(id);
    if (!session) throw new AppError('ERR_WAPP_NOT_INITIALIZED');
    const fn = session[method] as ((...values: unknown[]) => Promise<unknown>) | undefined;
    if (!fn) throw new AppError('ERR_CONTACT_IMPORT_UNSUPPORTED');
    return fn.apply(session, args);
  });

  function remoteSession(owner: string, id: number): ChannelSession {
    const call =
      (method: RemoteMethod) =>
      (...args: unknown[]) =>
        bus.call(owner, 'session.call', { id, method, args }) as Promise<never>;
    const elsewhere = () => Promise.reject(new Error('stop and logout run only in the owning process'));
    return {
      send: call('send'),
      deleteForEveryone: call('deleteForEveryone'),
      editMessage: call('editMessage'),
      react: call('react'),
      markRead: call('markRead'),
      fetchProfilePicture: call('fetchProfilePicture'),
      listContacts: call('listContacts'),
      isOnWhatsApp: call('isOnWhatsApp'),
      stop: elsewhere,
      logout: elsewhere,
    };
  }

  return {
    /** Declares a command this process runs for the sessions it holds. */
    define,

    /** Runs `name` where the connection's session lives; answers its result or throws its error. */
    async run<T = unknown>(whatsappId: number, name: string, args: unknown): Promise<T> {
      const owner = await ownerElsewhere(whatsappId);
      if (owner) return (await bus.call(owner, name, args)) as T;
      const command = commands.get(name);
      if (!command) throw new Error(`unknown session command ${name}`);
      return (await command(args)) as T;
    },

    /** Hands `name` to the owner only when another process holds the session; answers whether it did. */
    async tellElsewhere(whatsappId: number, name: string, args: unknown) {
      const owner = await ownerElsewhere(whatsappId);
      if (!owner) return false;
      await bus.tell(owner, name, args);
      return true;
    },

    /** The local live session, or one that forwards each call to the process holding it. */
    async reach(whatsappId: number): Promise<ChannelSession | null> {
      const local = deps.localSession(whatsappId) ?? (await deps.directSession(whatsappId));
      if (local) return local;
      const owner = await ownerElsewhere(whatsappId);
      return owner ? remoteSession(owner, whatsappId) : null;
    },
  };
}

export type SessionRouter = ReturnType<typeof createSessionRouter>;
