import {
  FLOW_MAX_STEPS_PER_INPUT,
  FLOW_MENU_MAX_INVALID_ANSWERS,
  type FlowConditionOperator,
  type FlowContentBlock,
  type FlowMediaKind,
  type FlowNodeShape,
  normalizeFlowPhrase,
  templateVariables,
} from '@wacrm/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { PendingTicket } from '../tickets/index.ts';
import {
  contentBlocks,
  evaluateCondition,
  type FlowGraph,
  fillFlowVariables,
  indexFlowGraph,
  menuChoice,
  menuText,
} from './flow-steps.ts';
import type { FlowBotTurnPayload } from './flows.jobs.ts';
import type { FlowRunPatch, FlowRunRow, FlowsRepository } from './flows.repository.ts';

/**
 * What a flow's typebot or OpenAI node hands the conversation to (the integrations module's bots):
 * one turn, answered through the messages module. `waiting`: the bot goes on with the customer's
 * next message; `ended`: the bot finished (a Typebot that asks nothing more), the flow continues;
 * `human`: the bot handed over (or could not run), the flow ends and attendants take the ticket.
 */
export type FlowBotRunner = (turn: {
  companyId: number;
  ticketId: number;
  runId: number;
  node: { id: string; type: 'typebot' | 'openai'; settings: Record<string, unknown> };
  messageId: number | null;
}) => Promise<'waiting' | 'ended' | 'human'>;

export interface FlowResumePayload {
  companyId: number;
  runId: number;
  /** The run's version once it waits: a job for an older wait does nothing. */
  version: number;
}

/** A menu node's options besides its numbered text; `id` is the number the customer types. */
export interface FlowMenuChoices {
  text: string;
  options: { id: string; title: string }[];
}

export interface FlowRuntimeDeps {
  repository: FlowsRepository;
  /** `menu`: the text is a menu node's, sent as buttons or a list where the company asks for them. */
  sendText(companyId: number, ticketId: number, body: string, menu?: FlowMenuChoices): Promise<void>;
  sendMedia(
    companyId: number,
    ticketId: number,
    kind: FlowMediaKind,
    path: string,
    asVoiceNote: boolean,
  ): Promise<void>;
  /** Durable delay: a pg-boss job that calls `resume` after `seconds`. */
  scheduleResume(payload: FlowResumePayload, seconds: number): Promise<void>;
  /** Durable bot turn: a pg-boss job that calls `botTurn`. */
  scheduleBotTurn(payload: FlowBotTurnPayload): Promise<void>;
  /** The integrations module's bots, plugged in by the app (null: typebot and OpenAI nodes hand over to humans). */
  bots: () => FlowBotRunner | null;
  /** The ticket moved to a queue: announce it like any ticket change. */
  ticketMoved(companyId: number, ticketId: number, before: unknown): Promise<void>;
  /**
   * Optional hook of the queue-integrations module: the flow a connection's or queue's
   * integration of type `flowbuilder` starts on a new ticket (docs/decisions/flows.md).
   */
  integrationFlow?: () =>
    | ((event: {
        companyId: number;
        ticketId: number;
        /** The integration the ticket's queue (or, without a queue, its connection) names. */
        integrationId: number | null;
      }) => Promise<number | null>)
    | null;
  /**
   * Optional hook of the campaigns module: the company's custom variables (campaign settings,
   * `{key, value}`), filled in flow texts after the run's answers.
   */
  companyVariables?: (companyId: number) => Promise<readonly { key: string; value: string }[]>;
  random: () => number;
  log: FastifyBaseLogger;
}

/** What the loop does after a node. */
type Outcome = { next: string | null } | { stop: true };

/**
 * The flow runtime: a run is a row (node, block, variables, what it waits for) moved on by
 * customer messages and by durable resume jobs. Each step first moves the row on (only if nobody
 * else did: the version check), then does what the node says, so two processes never send a
 * node twice. See docs/decisions/flows.md.
 */
export function createFlowRuntime(deps: FlowRuntimeDeps) {
  const { repository, log } = deps;

  async function end(run: FlowRunRow, status: string) {
    return repository.advanceRun(run.companyId, run.id, run.version, { status });
  }

  /** Runs nodes from the run's current node until it waits, ends or hits the step cap. */
  async function drive(initial: FlowRunRow, graph: FlowGraph) {
    let run: FlowRunRow | null = initial;
    let steps = 0;
    while (run && run.status === 'running' && run.waitingFor === null) {
      if (steps >= FLOW_MAX_STEPS_PER_INPUT) {
        log.warn(
          { companyId: run.companyId, ticketId: run.ticketId, flowId: run.flowId },
          'flow stopped: step cap reached (a loop?)',
        );
        await end(run, 'capped');
        return;
      }
      steps += 1;
      const node = graph.nodes.get(run.nodeId);
      if (!node) {
        await end(run, 'done');
        return;
      }
      const outcome: Outcome = await runNode(run, node, graph);
      if ('stop' in outcome) return;
      const current: FlowRunRow | null = await repository.findRun(run.companyId, run.id);
      if (current?.status !== 'running') return;
      if (outcome.next === null) {
        await end(current, 'done');
        return;
      }
      run = current;
    }
  }

  /**
   * A text as the customer gets it: the run's answers, then the contact's `{{number}}` and
   * `{{email}}`, then the company's custom variables; the messages module fills the message
   * variables ({{name}}, {{firstName}}, {{ms}}, {{protocol}}, {{date}}, {{hour}}), which a custom
   * variable of the same key does not override (as in campaigns).
   */
  async function fillText(run: FlowRunRow, text: string) {
    if (!text.includes('{{')) return text;
    const ticket = await repository.ticketState(run.companyId, run.ticketId);
    const custom = (await deps.companyVariables?.(run.companyId)) ?? [];
    const reserved = new Set<string>(templateVariables);
    return fillFlowVariables(text, run.variables, [
      ['number', ticket?.number ?? ''],
      ['email', ticket?.email ?? ''],
      ...custom
        .filter((variable) => !reserved.has(variable.key))
        .map((variable) => [variable.key, variable.value] as const),
    ]);
  }

  /** A menu node as its numbered text, with its options for connections that show buttons. */
  async function sendMenu(
    run: FlowRunRow,
    data: { message: string; arrayOption: { number: number; value: string }[] },
  ) {
    const options = await Promise.all(
      data.arrayOption.map(async (option) => ({ id: String(option.number), title: await fillText(run, option.value) })),
    );
    const choices = { text: await fillText(run, data.message), options };
    await deps.sendText(run.companyId, run.ticketId, await fillText(run, menuText(data)), choices);
  }

  /** Moves the run on; null when another step or process got there first (then this one stops). */
  const move = (run: FlowRunRow, patch: FlowRunPatch) =>
    repository.advanceRun(run.companyId, run.id, run.version, patch);

  async function runNode(run: FlowRunRow, node: FlowNodeShape, graph: FlowGraph): Promise<Outcome> {
    const { companyId, ticketId } = run;
    const data = node.data as Record<string, never>;
    const say = async (text: string) => deps.sendText(companyId, ticketId, await fillText(run, text));
    const goTo = async (next: string | null, then?: () => Promise<void>): Promise<Outcome> => {
      const moved = await move(run, { nodeId: next ?? run.nodeId, blockIndex: 0 });
      if (!moved) return { stop: true };
      await then?.();
      return { next };
    };
    switch (node.type) {
      case 'start':
        return goTo(graph.next(node.id));
      case 'message':
        return goTo(graph.next(node.id), () => say(data.label));
      case 'img':
      case 'audio':
      case 'video':
        return goTo(graph.next(node.id), () =>
          deps.sendMedia(
            companyId,
            ticketId,
            node.type as FlowMediaKind,
            data.url,
            node.type === 'audio' && data.record === true,
          ),
        );
      case 'interval':
        return wait(run, { nodeId: graph.next(node.id) ?? node.id, blockIndex: 0 }, Number(data.sec));
      case 'menu': {
        const moved = await move(run, { waitingFor: 'answer' });
        if (!moved) return { stop: true };
        await sendMenu(run, node.data as never);
        return { stop: true };
      }
      case 'question': {
        const moved = await move(run, { waitingFor: 'answer' });
        if (!moved) return { stop: true };
        await say((data.typebotIntegration as { message: string }).message);
        return { stop: true };
      }
      case 'condition': {
        const key = data.key as string;
        const ticket = await repository.ticketState(companyId, ticketId);
        const contactFields: Record<string, string | null | undefined> = {
          name: ticket?.name,
          number: ticket?.number,
          email: ticket?.email,
        };
        const actual = Object.hasOwn(run.variables, key) ? run.variables[key] : (contactFields[key] ?? undefined);
        const passed = evaluateCondition(
          actual ?? undefined,
          data.condition as FlowConditionOperator,
          data.value ?? '',
        );
        return goTo(graph.next(node.id, passed ? 'true' : 'false'));
      }
      case 'randomizer':
        return goTo(graph.next(node.id, deps.random() * 100 < Number(data.percent) ? 'a' : 'b'));
      case 'ticket': {
        const moved = await move(run, { status: 'queued' });
        if (!moved) return { stop: true };
        const queueId = (data.queue as { id: number }).id;
        if (await repository.queueExists(companyId, queueId)) {
          const before = await repository.moveTicketToQueue(companyId, ticketId, queueId);
          if (before) await deps.ticketMoved(companyId, ticketId, before);
        } else {
          log.warn({ companyId, ticketId, queueId }, 'flow ticket node: the queue no longer exists');
        }
        return { stop: true };
      }
      case 'content':
      case 'singleBlock':
        return runContent(run, node, graph);
      case 'typebot':
      case 'openai': {
        // The bot speaks first in a job; the run waits at the node until the bot ends or hands over.
        const moved = await move(run, { waitingFor: 'bot' });
        if (!moved) return { stop: true };
        await deps.scheduleBotTurn({ companyId, runId: run.id, nodeId: node.id, messageId: null });
        return { stop: true };
      }
      default:
        log.warn({ companyId, ticketId, type: node.type }, 'flow node type cannot run here');
        await end(run, 'failed');
        return { stop: true };
    }
  }

  /** Waits `seconds` in a durable job; the job is queued before the run says it waits, so none is lost. */
  async function wait(run: FlowRunRow, at: { nodeId: string; blockIndex: number }, seconds: number): Promise<Outcome> {
    await deps.scheduleResume({ companyId: run.companyId, runId: run.id, version: run.version + 1 }, seconds);
    await move(run, { ...at, waitingFor: 'interval' });
    return { stop: true };
  }

  /** A content node's blocks in order from `blockIndex`; an interval block waits in a job. */
  async function runContent(initial: FlowRunRow, node: FlowNodeShape, graph: FlowGraph): Promise<Outcome> {
    const blocks = contentBlocks(node.data as { seq?: string[]; elements: FlowContentBlock[] });
    let run = initial;
    for (let index = run.blockIndex; index < blocks.length; index += 1) {
      const block = blocks[index];
      if (block.type === 'interval') return wait(run, { nodeId: node.id, blockIndex: index + 1 }, Number(block.value));
      const moved = await move(run, { blockIndex: index + 1 });
      if (!moved) return { stop: true };
      run = moved;
      if (block.type === 'message') await deps.sendText(run.companyId, run.ticketId, await fillText(run, block.value));
      else
        await deps.sendMedia(
          run.companyId,
          run.ticketId,
          block.type,
          block.value,
          block.type === 'audio' && block.record === true,
        );
    }
    const next = graph.next(node.id);
    const moved = await move(run, { nodeId: next ?? node.id, blockIndex: 0 });
    return moved ? { next } : { stop: true };
  }

  /** The answer to a waiting menu or question. */
  async function answer(run: FlowRunRow, graph: FlowGraph, body: string) {
    const node = graph.nodes.get(run.nodeId);
    if (!node) return void (await end(run, 'done'));
    if (node.type === 'question') {
      const { answerKey } = node.data.typebotIntegration as { answerKey: string };
      const next = graph.next(node.id);
      const moved = await move(run, {
        waitingFor: null,
        variables: { ...run.variables, [answerKey]: body.trim() },
        nodeId: next ?? node.id,
      });
      if (!moved) return;
      if (next === null) return void (await end(moved, 'done'));
      return drive(moved, graph);
    }
    if (node.type === 'menu') {
      const options = node.data.arrayOption as { number: number }[];
      const chosen = menuChoice(body, options);
      const next = chosen === null ? null : graph.next(node.id, `a${chosen}`);
      if (next !== null) {
        const moved = await move(run, { waitingFor: null, invalidAnswers: 0, nodeId: next });
        if (moved) await drive(moved, graph);
        return;
      }
      // An invalid answer repeats the menu, a bounded number of times; then a human takes over.
      if (run.invalidAnswers + 1 >= FLOW_MENU_MAX_INVALID_ANSWERS) {
        log.info(
          { companyId: run.companyId, ticketId: run.ticketId },
          'flow menu: too many invalid answers, handed to a human',
        );
        await end(run, 'human');
        return;
      }
      const moved = await move(run, { invalidAnswers: run.invalidAnswers + 1 });
      if (moved) await sendMenu(run, node.data as never);
      return;
    }
    await end(run, 'failed');
  }

  async function graphOf(companyId: number, flowId: number) {
    const flow = await repository.findFlow(companyId, flowId);
    if (!flow?.nodes?.length) return null;
    return indexFlowGraph(flow.nodes, flow.connections ?? []);
  }

  /** Only a ticket nobody holds runs a flow (an attendant's accept stops it), and never a group's. */
  function isFree(ticket: { status: string; userId: number | null; isGroup: boolean } | null) {
    return ticket !== null && ticket.status === 'pending' && ticket.userId === null && !ticket.isGroup;
  }

  async function ticketIsFree(companyId: number, ticketId: number) {
    return isFree(await repository.ticketState(companyId, ticketId));
  }

  async function start(companyId: number, ticketId: number, flowId: number) {
    const graph = await graphOf(companyId, flowId);
    if (!graph?.startId) return false;
    const run = await repository.insertRun(companyId, { ticketId, flowId, nodeId: graph.startId });
    if (!run) return false;
    await drive(run, graph);
    return true;
  }

  type MessageState = NonNullable<Awaited<ReturnType<typeof repository.messageState>>>;

  /**
   * Whether a flow takes a customer's message on the ticket `state` describes. When none does, no
   * field of the ticket was changed here, so `state` still holds for the automation after the flows.
   */
  async function takeMessage(
    event: { companyId: number; ticketId: number; body: string; messageId?: number },
    state: MessageState,
    phraseKey: string,
  ) {
    const { companyId, ticketId } = event;
    const run = state.runningRunId ? await repository.findRun(companyId, state.runningRunId) : null;
    if (run?.status === 'running') {
      if (!isFree(state.ticket)) {
        await end(run, 'stopped');
        return false;
      }
      // A typebot or OpenAI node: the bot answers the message (a durable job).
      if (run.waitingFor === 'bot') {
        if (event.messageId)
          await deps.scheduleBotTurn({ companyId, runId: run.id, nodeId: run.nodeId, messageId: event.messageId });
        return true;
      }
      // While an interval runs, what the customer writes is stored but does not move the flow.
      if (run.waitingFor !== 'answer') return true;
      const graph = await graphOf(companyId, run.flowId);
      if (!graph) await end(run, 'failed');
      else await answer(run, graph, event.body);
      return true;
    }
    if (!isFree(state.ticket)) return false;
    if (phraseKey && state.campaignFlowId !== null) return start(companyId, ticketId, state.campaignFlowId);
    const resolve = deps.integrationFlow?.();
    if (resolve && !state.hasRun) {
      const { ticket } = state;
      const integrationId = ticket.queueId === null ? state.connectionIntegrationId : state.queueIntegrationId;
      const flowId = await resolve({ companyId, ticketId, integrationId });
      if (flowId !== null) return start(companyId, ticketId, flowId);
    }
    return false;
  }

  return {
    start,
    /**
     * A customer wrote on a pending ticket. Answers whether a flow took the message (a running
     * flow, or one a phrase or an integration started), so routing automation keeps out; when none
     * did, also the pending ticket as this read found it, for the bots and routing to decide from.
     */
    async onCustomerMessage(event: {
      companyId: number;
      ticketId: number;
      whatsappId: number;
      body: string;
      messageId?: number;
    }): Promise<{ taken: boolean; ticket?: PendingTicket }> {
      const { companyId, ticketId } = event;
      // One read answers "is a flow running here", "did one ever run here", who holds the ticket,
      // which integration its queue or connection names and which flow this phrase starts.
      const phraseKey = normalizeFlowPhrase(event.body);
      const state = await repository.messageState(companyId, ticketId, { whatsappId: event.whatsappId, phraseKey });
      if (!state) return { taken: false };
      const taken = await takeMessage(event, state, phraseKey);
      return taken ? { taken } : { taken, ticket: state };
    },

    /** A durable interval ended (the resume job). */
    async resume(payload: FlowResumePayload) {
      const run = await repository.findRun(payload.companyId, payload.runId);
      if (run?.status !== 'running' || run.version !== payload.version || run.waitingFor !== 'interval') return;
      if (!(await ticketIsFree(run.companyId, run.ticketId))) return void (await end(run, 'stopped'));
      const graph = await graphOf(run.companyId, run.flowId);
      if (!graph) return void (await end(run, 'failed'));
      const moved = await move(run, { waitingFor: null });
      if (moved) await drive(moved, graph);
    },

    /** One turn of a typebot or OpenAI node (the bot-turn job). */
    async botTurn(payload: FlowBotTurnPayload) {
      const run = await repository.findRun(payload.companyId, payload.runId);
      if (run?.status !== 'running' || run.waitingFor !== 'bot' || run.nodeId !== payload.nodeId) return;
      if (!(await ticketIsFree(run.companyId, run.ticketId))) return void (await end(run, 'stopped'));
      const graph = await graphOf(run.companyId, run.flowId);
      const node = graph?.nodes.get(run.nodeId);
      if (!graph || (node?.type !== 'typebot' && node?.type !== 'openai')) return void (await end(run, 'failed'));
      const runner = deps.bots();
      const outcome = runner
        ? await runner({
            companyId: run.companyId,
            ticketId: run.ticketId,
            runId: run.id,
            node: {
              id: node.id,
              type: node.type,
              settings: (node.data.typebotIntegration ?? {}) as Record<string, unknown>,
            },
            messageId: payload.messageId,
          })
        : 'human';
      if (outcome === 'waiting') return;
      const current = await repository.findRun(run.companyId, run.id);
      if (current?.status !== 'running' || current.nodeId !== node.id) return;
      if (outcome === 'human') {
        log.info({ companyId: run.companyId, ticketId: run.ticketId, nodeId: node.id }, 'flow bot handed over');
        return void (await end(current, 'human'));
      }
      const next = graph.next(node.id);
      const moved = await move(current, { waitingFor: null, nodeId: next ?? node.id });
      if (!moved) return;
      if (next === null) return void (await end(moved, 'done'));
      await drive(moved, graph);
    },

    /** An attendant took the ticket, or it was closed or moved: its flow stops. */
    stopForTicket: (companyId: number, ticketId: number) => repository.stopRuns(companyId, ticketId, 'stopped'),
  };
}

export type FlowRuntime = ReturnType<typeof createFlowRuntime>;
