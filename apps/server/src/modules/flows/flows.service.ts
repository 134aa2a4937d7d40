import {
  FLOW_BOT_NODE_FLAGS,
  type FlowCampaignFields,
  type FlowCampaignRecord,
  type FlowCampaignUpdate,
  type FlowImport,
  type FlowIssue,
  type FlowListQuery,
  type FlowMediaKind,
  type FlowNodeShape,
  type FlowRecord,
  type FlowSave,
  type FlowUpdate,
  maskSecret,
  normalizeFlowPhrase,
  type PlanFeatureFlag,
  parseFlowGraph,
} from '@wacrm/shared';
import { AppError } from '../../platform/http/app-error.ts';
import type { RequestSession } from '../../platform/http/request-session.ts';
import type { FileStorage } from '../../platform/storage/local-storage.ts';
import {
  isCompanyMediaPath,
  maxBytesOf,
  mediaPathsOf,
  mimetypeOfPath,
  replaceMediaPaths,
  sniffFlowMedia,
} from './flow-media.ts';
import type { FlowCampaignRow, FlowRow, FlowsRepository } from './flows.repository.ts';

type Session = Pick<RequestSession, 'companyId'>;

const toFlowRecord = (row: Pick<FlowRow, 'id' | 'name' | 'active' | 'createdAt' | 'updatedAt'>): FlowRecord => ({
  id: row.id,
  name: row.name,
  active: row.active,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

const toCampaignRecord = (row: FlowCampaignRow): FlowCampaignRecord => ({
  id: row.id,
  name: row.name,
  flowId: row.flowId,
  whatsappId: row.whatsappId,
  phrase: row.phrase,
  status: row.status,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

const notFound = () => new AppError('ERR_NOT_FOUND');

/** An OpenAI node's write-only secrets: answered masked, exported blank, kept when sent back masked. */
const OPENAI_NODE_SECRETS = ['apiKey', 'voiceKey'] as const;
type OpenAiSecret = (typeof OPENAI_NODE_SECRETS)[number];
type OpenAiData = { typebotIntegration: Partial<Record<OpenAiSecret, string>> };

/** OpenAI nodes with their keys masked (`sk-…wxyz`) or left out. */
function hideApiKeys(nodes: FlowNodeShape[], mode: 'mask' | 'drop'): FlowNodeShape[] {
  return nodes.map((node) => {
    if (node.type !== 'openai') return node;
    const settings = { ...((node.data as OpenAiData).typebotIntegration ?? {}) };
    for (const secret of OPENAI_NODE_SECRETS) {
      if (settings[secret] === undefined) continue;
      settings[secret] = mode === 'mask' ? (maskSecret(settings[secret]) ?? '') : '';
    }
    return { ...node, data: { ...node.data, typebotIntegration: settings } };
  });
}

const keyOf = (node: FlowNodeShape | undefined, secret: OpenAiSecret = 'apiKey') =>
  node?.type === 'openai' ? ((node.data as OpenAiData).typebotIntegration?.[secret] ?? '') : '';

/** A key as answered (masked) or blank means "keep the stored one". */
const isKeptKey = (key: string | undefined) => !key || key.includes('…') || key === '••••';

const fieldsOf = (issues: FlowIssue[]) =>
  Object.fromEntries(
    issues.map((error) => [
      [
        error.nodeId ? `nodes.${error.nodeId}` : null,
        error.connectionId ? `connections.${error.connectionId}` : null,
        error.field,
      ]
        .filter(Boolean)
        .join('.') || 'flow',
      error.message,
    ]),
  );

/** The flow builder's and flow campaigns' use cases (routes call these with the session). */
export function createFlowsService(deps: {
  repository: FlowsRepository;
  storage: FileStorage;
  /** Whether the company's plan has a flag (typebot and OpenAI nodes need theirs). */
  planAllows: (companyId: number, flag: PlanFeatureFlag) => Promise<boolean>;
  /** Starts a flow on a ticket (the runtime), for the test panel. */
  startFlow: (companyId: number, ticketId: number, flowId: number) => Promise<boolean>;
  /** Removes what a test left behind, through the modules that own it (their realtime events too). */
  removeTicket: (session: Pick<RequestSession, 'companyId' | 'userId'>, ticketId: number) => Promise<unknown>;
  removeContact: (companyId: number, contactId: number) => Promise<unknown>;
  /** A flow was changed or deleted (committed): the runtime's kept definition goes. */
  flowChanged: (id: number) => void;
}) {
  const { repository, storage } = deps;

  async function requireFlow(companyId: number, id: number) {
    const flow = await repository.findFlow(companyId, id);
    if (!flow) throw notFound();
    return flow;
  }

  /**
   * A graph checked as saved: field-level errors name the node; media must be this company's;
   * typebot and OpenAI nodes need their plan flag; an OpenAI node's blank or masked key keeps the
   * key the same node had (`previous`). On import a node without a key is only a warning.
   */
  async function checkGraph(
    companyId: number,
    nodes: unknown[],
    connections: unknown[],
    options: { previous?: FlowNodeShape[] | null; importing?: boolean } = {},
  ) {
    const result = parseFlowGraph(nodes, connections);
    if (!result.ok) {
      if (result.tooLarge) throw new AppError('ERR_FLOW_TOO_LARGE', { details: { errors: result.errors } });
      throw new AppError('ERR_FLOW_INVALID', {
        fields: fieldsOf(result.errors),
        details: { errors: result.errors, warnings: result.warnings },
      });
    }
    const foreign = mediaPathsOf(result.nodes).find((path) => !isCompanyMediaPath(companyId, path));
    if (foreign !== undefined) throw new AppError('ERR_FLOW_MEDIA_NOT_FOUND', { details: { path: foreign } });

    const planIssues: FlowIssue[] = [];
    const allowed = new Map<PlanFeatureFlag, boolean>();
    for (const node of result.nodes) {
      if (node.type !== 'typebot' && node.type !== 'openai') continue;
      const flag = FLOW_BOT_NODE_FLAGS[node.type];
      if (!allowed.has(flag)) allowed.set(flag, await deps.planAllows(companyId, flag));
      if (!allowed.get(flag))
        planIssues.push({
          nodeId: node.id,
          code: 'integrationNotConfigured',
          message: `The company's plan does not include ${flag === 'useOpenAi' ? 'OpenAI' : 'integrations'}`,
        });
    }
    if (planIssues.length > 0)
      throw new AppError('ERR_FLOW_INTEGRATION_NOT_CONFIGURED', {
        fields: fieldsOf(planIssues),
        details: { errors: planIssues, warnings: result.warnings },
      });

    const keyIssues: FlowIssue[] = [];
    const before = new Map((options.previous ?? []).map((node) => [node.id, node]));
    for (const node of result.nodes) {
      if (node.type !== 'openai') continue;
      const settings = (node.data as OpenAiData).typebotIntegration;
      for (const secret of OPENAI_NODE_SECRETS) {
        if (!isKeptKey(settings[secret])) continue;
        // The same node keeps its key; a node duplicated in the editor carries the masked key of its original.
        const masked = settings[secret];
        const original = masked
          ? (options.previous ?? []).find(
              (stored) => keyOf(stored, secret) && maskSecret(keyOf(stored, secret)) === masked,
            )
          : undefined;
        const kept = keyOf(before.get(node.id), secret) || keyOf(original, secret);
        if (kept || secret === 'apiKey') settings[secret] = kept;
        else delete settings[secret];
      }
      if (!settings.apiKey)
        keyIssues.push({
          nodeId: node.id,
          field: 'typebotIntegration.apiKey',
          code: 'missingApiKey',
          message: options.importing ? 'No OpenAI key: edit the node and type it' : 'Required',
        });
    }
    if (keyIssues.length > 0 && !options.importing)
      throw new AppError('ERR_FLOW_INVALID', {
        fields: fieldsOf(keyIssues),
        details: { errors: keyIssues, warnings: result.warnings },
      });
    return { ...result, warnings: [...result.warnings, ...keyIssues] };
  }

  async function loadCampaignFields(companyId: number, fields: FlowCampaignFields) {
    await requireFlow(companyId, fields.flowId);
    if (fields.whatsappId && !(await repository.connectionExists(companyId, fields.whatsappId))) throw notFound();
    return {
      name: fields.name,
      flowId: fields.flowId,
      whatsappId: fields.whatsappId ?? null,
      phrase: fields.phrase,
      phraseKey: normalizeFlowPhrase(fields.phrase),
      status: fields.status,
    };
  }

  return {
    async list(session: Session, query: FlowListQuery) {
      const page = await repository.listFlows(session.companyId, query.searchParam || undefined, query.pageNumber);
      return { flows: page.rows.map(toFlowRecord), hasMore: page.hasMore };
    },
    async create(session: Session, name: string) {
      return toFlowRecord(await repository.insertFlow(session.companyId, { name }));
    },
    async update(session: Session, input: FlowUpdate) {
      const row = await repository.updateFlow(session.companyId, input.flowId, {
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(input.active !== undefined ? { active: input.active } : {}),
      });
      if (!row) throw notFound();
      deps.flowChanged(row.id);
      return toFlowRecord(row);
    },
    async remove(session: Session, id: number) {
      if (!(await repository.deleteFlow(session.companyId, id))) throw notFound();
      deps.flowChanged(id);
    },
    async duplicate(session: Session, id: number, copyName?: string) {
      const flow = await requireFlow(session.companyId, id);
      const name = copyName ?? `${flow.name.slice(0, 42)} (copy)`;
      return toFlowRecord(
        await repository.insertFlow(session.companyId, {
          name,
          nodes: flow.nodes,
          connections: flow.connections,
          active: flow.active,
        }),
      );
    },

    /** spec: `flow.flow` is null before the first save. Media links are signed for the editor's previews. */
    async content(session: Session, id: number) {
      const flow = await requireFlow(session.companyId, id);
      const content = flow.nodes
        ? { nodes: hideApiKeys(flow.nodes, 'mask'), connections: flow.connections ?? [] }
        : null;
      const mediaUrls = Object.fromEntries(mediaPathsOf(flow.nodes ?? []).map((path) => [path, storage.urlOf(path)]));
      return { flow: { ...toFlowRecord(flow), flow: content, mediaUrls } };
    },
    async save(session: Session, input: FlowSave) {
      const stored = await requireFlow(session.companyId, input.idFlow);
      const graph = await checkGraph(session.companyId, input.nodes, input.connections, { previous: stored.nodes });
      const row = await repository.updateFlow(session.companyId, input.idFlow, {
        nodes: graph.nodes,
        connections: graph.connections,
      });
      if (!row) throw notFound();
      deps.flowChanged(row.id);
      return { flow: toFlowRecord(row), warnings: graph.warnings };
    },

    /** Checks the file's type from its bytes and its size, then stores it. Answers `name`, the path nodes keep. */
    async upload(session: Session, file: { data: Buffer }, allowed: FlowMediaKind[]) {
      const sniffed = sniffFlowMedia(file.data);
      if (!sniffed || !allowed.includes(sniffed.kind)) throw new AppError('ERR_UNSUPPORTED_MEDIA_TYPE');
      if (file.data.length > maxBytesOf(sniffed.kind))
        throw new AppError('ERR_PAYLOAD_TOO_LARGE', { details: { maxBytes: maxBytesOf(sniffed.kind) } });
      const name = await storage.save(session.companyId, { extension: sniffed.extension, data: file.data });
      return { name, url: storage.urlOf(name), kind: sniffed.kind };
    },

    /** A flow and its media in one JSON document (media inline, so another company gets copies). */
    async export(session: Session, id: number) {
      const flow = await requireFlow(session.companyId, id);
      const media = [];
      for (const path of new Set(mediaPathsOf(flow.nodes ?? []))) {
        const data = await storage.read(path);
        if (data) media.push({ path, mimetype: mimetypeOfPath(path), base64: data.toString('base64') });
      }
      return {
        format: 'wacrm-flow' as const,
        version: 1 as const,
        name: flow.name,
        // The OpenAI key stays with the flow it was typed in: an import asks for it again.
        nodes: hideApiKeys(flow.nodes ?? [], 'drop'),
        connections: flow.connections ?? [],
        media,
      };
    },
    async import(session: Session, input: FlowImport) {
      const { companyId } = session;
      // Check the graph shape first (with its original paths) so nothing is stored for a bad file.
      const preliminary = parseFlowGraph(input.nodes, input.connections);
      if (!preliminary.ok) await checkGraph(companyId, input.nodes, input.connections, { importing: true });
      const files: { from: string; data: Buffer; extension: string }[] = [];
      for (const item of input.media) {
        const data = Buffer.from(item.base64, 'base64');
        const sniffed = sniffFlowMedia(data);
        if (!sniffed) throw new AppError('ERR_UNSUPPORTED_MEDIA_TYPE', { details: { path: item.path } });
        if (data.length > maxBytesOf(sniffed.kind))
          throw new AppError('ERR_PAYLOAD_TOO_LARGE', { details: { path: item.path } });
        files.push({ from: item.path, data, extension: sniffed.extension });
      }
      const names = new Map<string, string>();
      for (const file of files)
        names.set(file.from, await storage.save(companyId, { extension: file.extension, data: file.data }));
      try {
        const nodes = replaceMediaPaths(input.nodes as { type: string; data: Record<string, unknown> }[], names);
        const graph = await checkGraph(companyId, nodes, input.connections, { importing: true });
        const row = await repository.insertFlow(companyId, {
          name: input.name,
          nodes: graph.nodes,
          connections: graph.connections,
        });
        return { flow: toFlowRecord(row), warnings: graph.warnings };
      } catch (error) {
        await Promise.all([...names.values()].map((path) => storage.remove(path).catch(() => undefined)));
        throw error;
      }
    },

    /**
     * The test panel: the sandbox customer wrote first (so a ticket exists); any flow running on it
     * stops and this one starts from its start node.
     */
    async test(session: Session, flowId: number, input: { whatsappId: number; number: string }) {
      await requireFlow(session.companyId, flowId);
      const found = await repository.sandboxTicket(session.companyId, input.whatsappId, input.number);
      if (!found.connection) throw notFound();
      if (found.connection.provider !== 'sandbox')
        throw new AppError('ERR_VALIDATION', { fields: { whatsappId: 'Not a sandbox connection' } });
      if (found.ticketId === null) throw new AppError('ERR_NO_TICKET_FOUND');
      await repository.stopRuns(session.companyId, found.ticketId, 'stopped');
      const started = await deps.startFlow(session.companyId, found.ticketId, flowId);
      return { started, ticketId: found.ticketId };
    },

    /**
     * The test panel closed: the throwaway customer's tickets on the sandbox connection go, and the
     * customer too when no other ticket is theirs (docs/decisions/flows.md, "Test panel"). Ending a
     * test twice, or one that never wrote, removes nothing.
     */
    async endTest(
      session: Pick<RequestSession, 'companyId' | 'userId'>,
      flowId: number,
      input: { whatsappId: number; number: string },
    ) {
      await requireFlow(session.companyId, flowId);
      const found = await repository.testCustomer(session.companyId, input.whatsappId, input.number);
      if (!found.connection) throw notFound();
      if (found.connection.provider !== 'sandbox')
        throw new AppError('ERR_VALIDATION', { fields: { whatsappId: 'Not a sandbox connection' } });
      if (!found.contactId) return { removedTickets: 0, isContactRemoved: false };
      for (const ticketId of found.ticketIds) await deps.removeTicket(session, ticketId);
      const isContactRemoved = found.otherTickets === 0;
      if (isContactRemoved) await deps.removeContact(session.companyId, found.contactId);
      return { removedTickets: found.ticketIds.length, isContactRemoved };
    },

    async listCampaigns(session: Session) {
      return { flows: (await repository.listCampaigns(session.companyId)).map(toCampaignRecord) };
    },
    async findCampaign(session: Session, id: number) {
      const row = await repository.findCampaign(session.companyId, id);
      if (!row) throw notFound();
      return toCampaignRecord(row);
    },
    async createCampaign(session: Session, fields: FlowCampaignFields) {
      return toCampaignRecord(
        await repository.insertCampaign(session.companyId, await loadCampaignFields(session.companyId, fields)),
      );
    },
    async updateCampaign(session: Session, input: FlowCampaignUpdate) {
      if (!(await repository.findCampaign(session.companyId, input.id))) throw notFound();
      const row = await repository.updateCampaign(
        session.companyId,
        input.id,
        await loadCampaignFields(session.companyId, input),
      );
      if (!row) throw notFound();
      return toCampaignRecord(row);
    },
    async removeCampaign(session: Session, id: number) {
      if (!(await repository.deleteCampaign(session.companyId, id))) throw notFound();
    },
  };
}

export type FlowsService = ReturnType<typeof createFlowsService>;
