// The kanban board's bench data (issue 14): a company of its own, so the other figures keep
// measuring company 1 exactly as before. 5,000 tickets that are not closed (4 in 5 open, the rest
// pending) over 10 queues, 10 kanban lanes, and 1 ticket in 11 left in "Em aberto".

export const kanbanBench = {
  openTickets: 5_000,
  lanes: 10,
  queues: 10,
  admin: 'bench-kanban-admin@bench.local',
  agent: 'bench-kanban-agent@bench.local',
};

/** Adds the kanban company through `query(text, params?)`; answers its id and what it holds. */
export async function addKanbanBoard(query, { log = () => undefined } = {}) {
  const started = Date.now();
  const { openTickets: N, lanes: L, queues: Q } = kanbanBench;
  const [source] = (
    await query(
      'select password_hash, (select plan_id from companies where id = 1) as plan_id from users where super limit 1',
    )
  ).rows;
  const [company] = (
    await query(
      `insert into companies (name, plan_id, due_date) values ('Bench kanban', $1, current_date + 365) returning id`,
      [source.plan_id],
    )
  ).rows;
  const C = company.id;
  await query(
    `insert into users (company_id, name, email, password_hash, profile, all_ticket)
     values (${C}, 'Kanban admin', $1, $3, 'admin', 'enabled'), (${C}, 'Kanban agent', $2, $3, 'user', 'desabled')`,
    [kanbanBench.admin, kanbanBench.agent, source.password_hash],
  );
  await query(
    `insert into queues (company_id, name, color, order_queue)
     select ${C}, 'Etapa fila ' || g, '#' || lpad(to_hex(g * 2131 + 8192), 6, '0'), g from generate_series(1, ${Q}) g`,
  );
  // The agent works three of the ten queues.
  await query(
    `insert into user_queues (user_id, queue_id)
     select u.id, q.id from users u, queues q
      where u.email = $1 and q.company_id = ${C} and q.order_queue <= 3`,
    [kanbanBench.agent],
  );
  const [connection] = (
    await query(
      `insert into whatsapps (company_id, name, status, provider, number, is_default, token)
       values (${C}, 'Kanban sandbox', 'CONNECTED', 'sandbox', '5521900000000', true, md5(random()::text)) returning id`,
    )
  ).rows;
  await query(
    `insert into contacts (company_id, name, number, email, whatsapp_id)
     select ${C}, 'Cliente quadro ' || g, '5521' || lpad(g::text, 9, '0'), '', ${connection.id}
       from generate_series(1, ${N}) g`,
  );
  await query(
    `with ids as (
       select (select min(id) from contacts where company_id = ${C}) as contact0,
              (select array_agg(id order by id) from queues where company_id = ${C}) as queue_ids,
              (select array_agg(id order by id) from users where company_id = ${C}) as user_ids
     )
     insert into tickets (company_id, contact_id, whatsapp_id, user_id, queue_id, status, last_message,
                          unread_messages, created_at, updated_at)
     select ${C}, ids.contact0 + g - 1, ${connection.id},
            case when g % 5 = 2 then null else ids.user_ids[1 + g % 2] end,
            ids.queue_ids[1 + g % ${Q}], case when g % 5 = 2 then 'pending' else 'open' end,
            'Mensagem do cliente número ' || g, g % 3,
            now() - (g * 37 % 86400) * interval '1 second', now() - (g * 37 % 86400) * interval '1 second'
       from generate_series(1, ${N}) g cross join ids`,
  );
  await query(
    `insert into tags (company_id, name, color, kanban, kanban_order)
     select ${C}, 'Etapa ' || g, '#' || lpad(to_hex(g * 3119 + 4096), 6, '0'), 1, g from generate_series(1, ${L}) g`,
  );
  // Ticket n goes to lane n mod 11 (lane 0: no tag, "Em aberto").
  await query(
    `with lanes as (select array_agg(id order by kanban_order) as ids from tags where company_id = ${C}),
          numbered as (select id, row_number() over (order by id) as n from tickets where company_id = ${C})
     insert into ticket_tags (ticket_id, tag_id)
     select numbered.id, lanes.ids[numbered.n % ${L + 1}] from numbered, lanes where numbered.n % ${L + 1} <> 0`,
  );
  await query('vacuum analyze tickets, ticket_tags, tags, contacts');
  log(`  kanban company ${C}: ${N} open tickets, ${L} lanes (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  return { companyId: C };
}
