// Bench data generator: one realistic company written with set-based SQL (generate_series),
// never through the API. Runs on a migrated and seeded database (the server made it) and fills
// company 1, whose super admin the bench logs in as. Secondary indexes of the big tables are
// dropped for the load and recreated from their own definitions afterwards (much faster than
// maintaining a trigram GIN index row by row); the schema is left exactly as the migrations made it.

/** Full size (issue 9) and the smoke size of `--quick`. */
export const dataSizes = {
  full: { tickets: 100_000, contacts: 50_000, messagesPerTicket: 10, longTickets: 10, longTicketMessages: 2_500 },
  quick: { tickets: 5_000, contacts: 2_500, messagesPerTicket: 10, longTickets: 2, longTicketMessages: 1_200 },
};

/** Tickets that are not closed, at the newest end of the year (one per contact, as the unique index wants). */
const activeShare = 0.025;
const attendants = 30;
const queueCount = 10;
const tagCount = 20;

const firstNames = [
  'Ana',
  'Bruno',
  'Carla',
  'Diego',
  'Eduarda',
  'Felipe',
  'Gabriela',
  'Henrique',
  'Isabela',
  'João',
  'Karina',
  'Lucas',
  'Mariana',
  'Nicolas',
  'Olívia',
  'Paulo',
  'Rafaela',
  'Sérgio',
  'Tatiana',
  'Vitor',
];
const lastNames = [
  'Silva',
  'Souza',
  'Oliveira',
  'Santos',
  'Lima',
  'Pereira',
  'Ferreira',
  'Costa',
  'Rodrigues',
  'Almeida',
  'Nascimento',
  'Carvalho',
  'Gomes',
  'Martins',
  'Rocha',
  'Ribeiro',
  'Barbosa',
  'Mendes',
  'Teixeira',
  'Moura',
];
const phrases = [
  'Olá, bom dia',
  'Boa tarde, tudo bem?',
  'Gostaria de saber o status do meu pedido',
  'Meu pedido ainda não chegou',
  'Qual o prazo de entrega para o CEP',
  'Pode me enviar a segunda via do boleto?',
  'Obrigado pelo atendimento',
  'Vou verificar e já retorno',
  'Seu pedido foi enviado hoje',
  'O código de rastreio é',
  'Preciso trocar o tamanho',
  'Como faço para cancelar?',
  'Claro, posso ajudar com isso',
  'Pode confirmar o número do pedido?',
  'O pagamento foi aprovado',
  'Estou com problema no aplicativo',
  'A nota fiscal segue em anexo',
  'Aguardo retorno',
  'Perfeito, muito obrigado',
  'Qual o horário de atendimento?',
  'Recebi o produto com defeito',
  'Vamos abrir uma solicitação de troca',
  'Encaminhei para o setor financeiro',
  'Bom dia! Em que posso ajudar?',
];

const sqlArray = (values) => `array[${values.map((value) => `'${value.replace(/'/g, "''")}'`).join(',')}]`;
const pick = (values, expression) => `(${sqlArray(values)})[1 + ((${expression}) % ${values.length})]`;
/** A message-like sentence that varies with `seed` (an integer SQL expression). */
const sentence = (seed) =>
  `${pick(phrases, `${seed}`)} || ' ' || ${pick(phrases, `(${seed}) / 7 + 3`)} || ' #' || ((${seed}) % 9973)`;

/** Runs SQL (or a function) as named, timed steps of the load. */
function stepRecorder(query, log) {
  const steps = [];
  const step = async (name, work, params) => {
    const started = Date.now();
    const result = typeof work === 'function' ? await work() : await query(work, params);
    steps.push({ name, ms: Date.now() - started });
    log(`  ${name}: ${((Date.now() - started) / 1000).toFixed(1)} s`);
    return result;
  };
  return { steps, step };
}

/**
 * Drops the secondary indexes of `tables` (constraint-backed ones stay) and answers a function
 * that recreates them from their own definitions: loading first and indexing once is much faster
 * than maintaining a trigram GIN index row by row.
 */
/**
 * Stops the triggers that keep the dashboard's day rollup (migrations 0019 and 0022: on tickets,
 * ratings and contacts) and answers a function that restarts them and rebuilds the company's
 * rollup in one statement: a bulk load would otherwise update the rollup once per row.
 */
async function pauseDashboardRollup(query, companyId) {
  // A server from before the rollup (BENCH_SERVER_ROOT) has none to pause.
  const { rows } = await query(`select to_regproc('dashboard_rebuild') is not null as present`);
  if (!rows[0].present) return async () => {};
  const triggers = ['tickets', 'ticket_ratings', 'contacts'].flatMap((table) =>
    ['rows', 'changes'].map((kind) => `${table} ${table}_dashboard_${kind}`),
  );
  // The reports' rollups (issue 50) too, and their ticket facts: generated tickets carry no
  // business-hours figures, so the sweep has nothing to do while the bench measures.
  const reports = (await query(`select to_regproc('report_rebuild') is not null as present`)).rows[0].present;
  if (reports) {
    triggers.push(
      'tickets "A_tickets_report_rows"',
      'tickets tickets_report_changes',
      'tickets tickets_report_facts',
      'ticket_ratings ticket_ratings_report',
      'ticket_tags ticket_tags_report_rows',
      'messages messages_report_rows',
    );
  }
  for (const trigger of triggers) await query(`alter table ${trigger.replace(' ', ' disable trigger ')}`);
  return async () => {
    // Before the triggers are back: the rebuild's own writes (ratings onto tickets) then cost nothing.
    if (reports) await query('select report_rebuild($1)', [companyId]);
    for (const trigger of triggers) await query(`alter table ${trigger.replace(' ', ' enable trigger ')}`);
    await query('select dashboard_rebuild($1)', [companyId]);
  };
}

async function dropSecondaryIndexes(query, tables) {
  const { rows: indexes } = await query(
    `select ci.relname as name, pg_get_indexdef(i.indexrelid) as def
       from pg_index i
       join pg_class c on c.oid = i.indrelid
       join pg_class ci on ci.oid = i.indexrelid
      where c.relname = any($1::text[]) and not i.indisprimary
        and not exists (select 1 from pg_constraint k where k.conindid = i.indexrelid)`,
    [tables],
  );
  for (const index of indexes) await query(`drop index if exists "${index.name}"`);
  return async () => {
    for (const index of indexes) await query(index.def);
  };
}

/**
 * Issue 8's dashboard size: `count` more closed tickets (no messages), accepted and closed through
 * the same year, 40 % of them rated, so the company holds a million tickets.
 */
export async function addClosedTickets(query, { count, companyId = 1, log = () => undefined }) {
  const { steps, step } = stepRecorder(query, log);
  const C = Number(companyId);
  const restoreIndexes = await dropSecondaryIndexes(query, ['tickets', 'ticket_ratings']);
  const restoreRollup = await pauseDashboardRollup(query, C);
  try {
    await addClosedRows(step, C, count);
  } finally {
    await step('indexes', restoreIndexes);
    await step('dashboard rollup', restoreRollup);
  }
  // The rollups too: their rebuild rewrote every row, and autovacuum would have cleaned up after it.
  await step('vacuum analyze', 'vacuum analyze');
  const { rows } = await query(`select count(*)::int as tickets from tickets where company_id = ${C}`);
  return { tickets: rows[0].tickets, steps };
}

async function addClosedRows(step, C, count) {
  await step(
    'closed tickets',
    `with ids as (
       select (select min(id) from contacts where company_id = ${C}) as contact0,
              (select count(*) from contacts where company_id = ${C}) as contacts,
              (select array_agg(id order by id) from users where company_id = ${C} and email like 'bench-agent-%') as agents,
              (select array_agg(id order by id) from queues where company_id = ${C}) as queue_ids,
              (select min(id) from whatsapps where company_id = ${C}) as whatsapp_id
     ), base as (
       select g, now() - interval '365 days' + (g::float / ${count}) * interval '365 days'
                   - ((g::bigint * 6151) % 3600) * interval '1 second' as created
         from generate_series(1, ${count}) g
     )
     insert into tickets (company_id, contact_id, whatsapp_id, user_id, queue_id, status, last_message,
                          accepted_at, closed_at, last_message_at, last_message_from_me, created_at, updated_at)
     select ${C}, ids.contact0 + (g % ids.contacts), ids.whatsapp_id, ids.agents[1 + (g % ${attendants})],
            ids.queue_ids[1 + (g % ${queueCount})], 'closed', ${sentence('g * 10')},
            created + (1 + g % 20) * interval '1 minute', created + (25 + g % 240) * interval '1 minute',
            created + (25 + g % 240) * interval '1 minute', g % 2 = 0, created,
            created + (25 + g % 240) * interval '1 minute'
       from base cross join ids`,
  );
  await step(
    'their ratings',
    `insert into ticket_ratings (company_id, ticket_id, user_id, rate, created_at)
     select ${C}, t.id, t.user_id, 1 + ((t.id * 7) % 3), t.closed_at + interval '2 minutes'
       from tickets t
      where t.company_id = ${C} and t.status = 'closed' and t.closed_at is not null and t.id % 5 < 2
        and not exists (select 1 from ticket_ratings r where r.ticket_id = t.id)`,
  );
}

/**
 * Fills company `companyId` of a migrated, seeded database. `query(text, params?)` runs one
 * statement and answers `{ rows }`. Answers what was made and how long each step took.
 */
export async function generateData(query, { size = dataSizes.full, companyId = 1, log = () => undefined } = {}) {
  const { steps, step } = stepRecorder(query, log);
  const C = Number(companyId);
  const activeCount = Math.round(size.tickets * activeShare);

  const [admin] = (await query('select password_hash from users where company_id = $1 and super limit 1', [C])).rows;
  if (!admin) throw new Error(`company ${C} has no super admin to copy a password hash from`);

  const restoreIndexes = await dropSecondaryIndexes(query, [
    'messages',
    'tickets',
    'contacts',
    'ticket_tags',
    'ticket_ratings',
  ]);
  const restoreRollup = await pauseDashboardRollup(query, C);

  await step(
    'queues',
    `insert into queues (company_id, name, color, greeting_message, order_queue)
     select ${C}, 'Fila ' || g, '#' || lpad(to_hex(g * 1193 + 4096), 6, '0'), 'Bem-vindo à fila ' || g, g
       from generate_series(1, ${queueCount}) g`,
  );
  await step(
    'attendants',
    `insert into users (company_id, name, email, password_hash, profile, created_at, updated_at)
     select ${C}, 'Atendente ' || g, 'bench-agent-' || g || '@bench.local', $1, 'user',
            now() - interval '400 days', now() - interval '400 days'
       from generate_series(1, ${attendants}) g`,
    [admin.password_hash],
  );
  // The seeded plan's 100 users are too few for the company the bench grows: these attendants,
  // the internal chat's 50 participants and fair assignment's 20 (a full run reached 101).
  await step(
    'plan',
    `update plans set users = greatest(users, 1000) where id = (select plan_id from companies where id = ${C})`,
  );
  // Every attendant is in the first queue (so a ticket there reaches all of them) and two others.
  await step(
    'user_queues',
    `insert into user_queues (user_id, queue_id)
     select distinct u.id, q.id
       from (select id, row_number() over (order by id) as n from users where company_id = ${C} and email like 'bench-agent-%') u
       join (select id, row_number() over (order by id) as n from queues where company_id = ${C}) q
         on q.n = 1 or q.n = 1 + (u.n % ${queueCount}) or q.n = 1 + ((u.n + 3) % ${queueCount})`,
  );
  const [connection] = (
    await step(
      'connection',
      `insert into whatsapps (company_id, name, status, provider, number, is_default, token)
       values (${C}, 'Bench sandbox', 'CONNECTED', 'sandbox', '5511900000000', true, md5(random()::text))
       returning id`,
    )
  ).rows;
  const W = connection.id;
  await query(`insert into baileys_keys (whatsapp_id, category, key_id, value) values ($1, 'sandbox', 'pairing', $2)`, [
    W,
    JSON.stringify({ number: '5511900000000', pairedAt: new Date().toISOString() }),
  ]);
  await step(
    'contacts',
    `insert into contacts (company_id, name, number, email, whatsapp_id, created_at, updated_at)
     select ${C}, ${pick(firstNames, 'g')} || ' ' || ${pick(lastNames, 'g / 20')} || ' ' || g,
            '5511' || lpad(g::text, 9, '0'), '', ${W},
            now() - interval '366 days' + (g::float / ${size.contacts}) * interval '300 days',
            now() - interval '366 days' + (g::float / ${size.contacts}) * interval '300 days'
       from generate_series(1, ${size.contacts}) g`,
  );
  // Ticket g of N opens at g/N through the year (with a little jitter); the newest `activeCount`
  // are still open (4 in 5) or pending; the others were accepted minutes later and closed within hours.
  await step(
    'tickets',
    `with ids as (
       select (select min(id) from contacts where company_id = ${C}) as contact0,
              (select array_agg(id order by id) from users where company_id = ${C} and email like 'bench-agent-%') as agents,
              (select array_agg(id order by id) from queues where company_id = ${C}) as queue_ids
     ), base as (
       select g,
              now() - interval '365 days' + (g::float / ${size.tickets}) * interval '365 days'
                - ((g * 7919) % 3600) * interval '1 second' as created,
              case when g <= ${size.tickets - activeCount} then 'closed' when g % 5 = 2 then 'pending' else 'open' end as status
         from generate_series(1, ${size.tickets}) g
     )
     insert into tickets (company_id, contact_id, whatsapp_id, user_id, queue_id, status, last_message,
                          unread_messages, accepted_at, closed_at, last_message_at, last_message_from_me,
                          created_at, updated_at)
     select ${C}, ids.contact0 + ((g - 1) % ${size.contacts}), ${W},
            case when status = 'pending' then null else ids.agents[1 + (g % ${attendants})] end,
            ids.queue_ids[1 + (g % ${queueCount})], status, ${sentence('g * 10')},
            case when status = 'closed' then 0 else g % 4 end,
            case when status = 'pending' then null else created + (1 + g % 20) * interval '1 minute' end,
            case when status = 'closed' then created + (25 + g % 240) * interval '1 minute' end,
            t.last_at, g % 2 = 0, created, t.last_at
       from base
       cross join ids
       cross join lateral (
         select case when status = 'closed' then created + (25 + g % 240) * interval '1 minute'
                     else least(now(), created + (g % 180) * interval '1 minute') end as last_at
       ) t`,
  );
  // Ten messages per ticket, alternating customer and attendant, spread over the ticket's life;
  // the newest few open tickets hold long threads (page 50 of the thread exists).
  await step(
    'messages',
    `with long as (
       select id from tickets where company_id = ${C} and status = 'open' order by id desc limit ${size.longTickets}
     )
     insert into messages (company_id, ticket_id, contact_id, whatsapp_id, external_id, body, from_me, read, ack,
                           user_id, created_at, updated_at)
     select ${C}, t.id, t.contact_id, ${W}, 'BENCH' || t.id || '-' || j, ${sentence('t.id * 31 + j')},
            j % 2 = 0, t.status = 'closed' or j % 2 = 0 or j < n.count - 3,
            case when j % 2 = 0 then 3 else 0 end,
            case when j % 2 = 0 then t.user_id end,
            at.at, at.at
       from tickets t
       cross join lateral (
         select case when t.id in (select id from long) then ${size.longTicketMessages} else ${size.messagesPerTicket} end as count
       ) n
       cross join lateral generate_series(1, n.count) j
       cross join lateral (
         select t.created_at + (j::float / (n.count + 1)) * (coalesce(t.closed_at, now()) - t.created_at) as at
       ) at
      where t.company_id = ${C}`,
  );
  await step(
    'tags',
    `insert into tags (company_id, name, color, kanban)
     select ${C}, 'Etiqueta ' || g, '#' || lpad(to_hex(g * 52711 % 16777215), 6, '0'), case when g <= 5 then 1 else 0 end
       from generate_series(1, ${tagCount}) g`,
  );
  await step(
    'ticket_tags',
    `with tag_ids as (select array_agg(id order by id) as ids from tags where company_id = ${C})
     insert into ticket_tags (ticket_id, tag_id, created_at)
     select distinct on (t.id, tag_ids.ids[1 + ((t.id * k) % ${tagCount})]) t.id, tag_ids.ids[1 + ((t.id * k) % ${tagCount})], t.created_at
       from tickets t cross join tag_ids cross join generate_series(1, 2) k
      where t.company_id = ${C} and t.id % 10 < 3 and (k = 1 or t.id % 2 = 0)`,
  );
  await step(
    'ticket_ratings',
    `insert into ticket_ratings (company_id, ticket_id, user_id, rate, created_at)
     select ${C}, id, user_id, 1 + ((id * 7) % 3), closed_at + interval '2 minutes'
       from tickets
      where company_id = ${C} and status = 'closed' and user_id is not null and id % 5 < 2`,
  );

  await step('indexes', restoreIndexes);
  await step('dashboard rollup', restoreRollup);
  // As autovacuum would have left a table that old: statistics and the visibility map.
  await step('vacuum analyze', 'vacuum analyze');

  const counts = (
    await query(
      `select (select count(*)::int from tickets where company_id = ${C}) as tickets,
              (select count(*)::int from messages where company_id = ${C}) as messages,
              (select count(*)::int from contacts where company_id = ${C}) as contacts,
              (select count(*)::int from users where company_id = ${C}) as users,
              (select count(*)::int from ticket_ratings where company_id = ${C}) as ratings,
              (select count(*)::int from ticket_tags tt join tickets t on t.id = tt.ticket_id where t.company_id = ${C}) as ticket_tags`,
    )
  ).rows[0];
  return { whatsappId: W, counts, steps };
}

/**
 * Issue 22: grows company `companyId` (filled by `generateData`) to `tickets` tickets in the shape
 * it already has: a contact for every two tickets, ten messages per ticket, the same share of tags
 * and ratings. What is added is history: closed tickets spread over the same year, so the open
 * tickets and the long threads stay what they were and every table under the lists grows.
 */
export async function growCompany(query, { tickets, companyId = 1, log = () => undefined }) {
  const { steps, step } = stepRecorder(query, log);
  const C = Number(companyId);
  const [now] = (
    await query(
      `select (select count(*)::int from tickets where company_id = ${C}) as tickets,
              (select count(*)::int from contacts where company_id = ${C}) as contacts,
              (select coalesce(max(id), 0)::int from tickets) as last_ticket`,
    )
  ).rows;
  const add = tickets - now.tickets;
  if (add <= 0) return { added: 0, steps };
  const addContacts = Math.max(0, Math.round(tickets / 2) - now.contacts);
  const restoreIndexes = await dropSecondaryIndexes(query, [
    'messages',
    'tickets',
    'contacts',
    'ticket_tags',
    'ticket_ratings',
  ]);
  const restoreRollup = await pauseDashboardRollup(query, C);
  try {
    const [{ whatsapp_id: W }] = (
      await query(`select min(id) as whatsapp_id from whatsapps where company_id = ${C} and provider = 'sandbox'`)
    ).rows;
    const first = now.contacts + 1;
    await step(
      'more contacts',
      `insert into contacts (company_id, name, number, email, whatsapp_id, created_at, updated_at)
       select ${C}, ${pick(firstNames, 'g')} || ' ' || ${pick(lastNames, 'g / 20')} || ' ' || g,
              '5511' || lpad(g::text, 9, '0'), '', ${W},
              now() - interval '366 days' + ((g::bigint * 7919) % ${addContacts + 1})::float / ${addContacts + 1} * interval '300 days',
              now() - interval '366 days' + ((g::bigint * 7919) % ${addContacts + 1})::float / ${addContacts + 1} * interval '300 days'
         from generate_series(${first}, ${now.contacts + addContacts}) g`,
    );
    // Ticket g opens somewhere in the year (a scrambled position, so old and new history mix),
    // was accepted minutes later and closed within hours, like the generated closed tickets.
    await step(
      'more closed tickets',
      `with ids as (
         select (select array_agg(id order by id) from users where company_id = ${C} and email like 'bench-agent-%') as agents,
                (select array_agg(id order by id) from queues where company_id = ${C}) as queue_ids
       ), base as (
         select g, now() - interval '365 days'
                     + ((g::bigint * 7919) % ${add})::float / ${add} * interval '364 days' as created
           from generate_series(1, ${add}) g
       )
       insert into tickets (company_id, contact_id, whatsapp_id, user_id, queue_id, status, last_message,
                            unread_messages, accepted_at, closed_at, last_message_at, last_message_from_me,
                            created_at, updated_at)
       select ${C}, c.id, ${W}, ids.agents[1 + (g % ${attendants})],
              ids.queue_ids[1 + (g % ${queueCount})], 'closed', ${sentence('g * 10')}, 0,
              created + (1 + g % 20) * interval '1 minute', created + (25 + g % 240) * interval '1 minute',
              created + (25 + g % 240) * interval '1 minute', g % 2 = 0, created,
              created + (25 + g % 240) * interval '1 minute'
         from base cross join ids
         join (select id, row_number() over (order by id) - 1 as n from contacts where company_id = ${C}) c
           on c.n = g % ${now.contacts + addContacts}`,
    );
    await step(
      'their messages',
      `insert into messages (company_id, ticket_id, contact_id, whatsapp_id, external_id, body, from_me, read, ack,
                             user_id, created_at, updated_at)
       select ${C}, t.id, t.contact_id, ${W}, 'BENCH' || t.id || '-' || j, ${sentence('t.id * 31 + j')},
              j % 2 = 0, true, case when j % 2 = 0 then 3 else 0 end, case when j % 2 = 0 then t.user_id end,
              t.created_at + (j::float / 11) * (t.closed_at - t.created_at),
              t.created_at + (j::float / 11) * (t.closed_at - t.created_at)
         from tickets t cross join generate_series(1, 10) j
        where t.company_id = ${C} and t.id > ${now.last_ticket}`,
    );
    await step(
      'their tags',
      `with tag_ids as (select array_agg(id order by id) as ids from tags where company_id = ${C})
       insert into ticket_tags (ticket_id, tag_id, created_at)
       select distinct on (t.id, tag_ids.ids[1 + ((t.id * k) % ${tagCount})]) t.id, tag_ids.ids[1 + ((t.id * k) % ${tagCount})], t.created_at
         from tickets t cross join tag_ids cross join generate_series(1, 2) k
        where t.company_id = ${C} and t.id > ${now.last_ticket} and t.id % 10 < 3 and (k = 1 or t.id % 2 = 0)`,
    );
    await step(
      'their ratings',
      `insert into ticket_ratings (company_id, ticket_id, user_id, rate, created_at)
       select ${C}, id, user_id, 1 + ((id * 7) % 3), closed_at + interval '2 minutes'
         from tickets where company_id = ${C} and id > ${now.last_ticket} and id % 5 < 2`,
    );
  } finally {
    await step('indexes', restoreIndexes);
    await step('dashboard rollup', restoreRollup);
  }
  // Every table, the rollups too: their rebuild rewrote every row, and autovacuum would have
  // cleaned up after it (left, 250,000 dead hour rows steered the reports' plans).
  await step('vacuum analyze', 'vacuum analyze');
  return { added: add, addedContacts: addContacts, steps };
}
