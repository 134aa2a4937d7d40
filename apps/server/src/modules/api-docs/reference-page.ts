import type { buildOpenApiDocument } from '../../platform/http/openapi.ts';

type Document = ReturnType<typeof buildOpenApiDocument>;
type Operation = {
  summary?: string;
  tags: string[];
  parameters?: { name: string; in: string; required: boolean; schema: unknown }[];
  requestBody?: { content: Record<string, { schema: unknown }> };
  responses: Record<string, { content?: Record<string, { schema: unknown }> }>;
  security: Record<string, unknown>[];
};

const escapeHtml = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');

const json = (value: unknown) => `<pre>${escapeHtml(JSON.stringify(value, null, 2))}</pre>`;

function operationHtml(method: string, path: string, operation: Operation) {
  const auth = operation.security.length ? Object.keys(operation.security[0])[0] : 'none';
  const params = operation.parameters?.length
    ? `<table><tr><th>name</th><th>in</th><th>required</th><th>schema</th></tr>${operation.parameters
        .map(
          (p) =>
            `<tr><td><code>${escapeHtml(p.name)}</code></td><td>${p.in}</td><td>${p.required ? 'yes' : 'no'}</td><td><code>${escapeHtml(JSON.stringify(p.schema))}</code></td></tr>`,
        )
        .join('')}</table>`
    : '';
  const body = operation.requestBody
    ? Object.entries(operation.requestBody.content)
        .map(
          ([type, content]) => `<details><summary>Body ${escapeHtml(type)}</summary>${json(content.schema)}</details>`,
        )
        .join('')
    : '';
  // A file (a CSV) names its media type; JSON is the rule and goes unsaid.
  const responses = Object.entries(operation.responses)
    .flatMap(([status, response]) =>
      Object.entries(response.content ?? {}).map(
        ([type, content]) =>
          `<details><summary>Answer ${escapeHtml(status)}${type === 'application/json' ? '' : ` ${escapeHtml(type)}`}</summary>${json(content.schema)}</details>`,
      ),
    )
    .join('');
  return `<section class="op"><h3><span class="m ${method}">${method.toUpperCase()}</span> <code>${escapeHtml(path)}</code></h3>
<p>${escapeHtml(operation.summary ?? '')} <small>auth: ${escapeHtml(auth)}</small></p>${params}${body}${responses}</section>`;
}

/** The reference page: operations grouped by tag, the webhook events and the named schemas. */
export function renderReference(document: Document) {
  const byTag = new Map<string, string[]>();
  for (const [path, item] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(item as Record<string, Operation>)) {
      const tag = operation.tags[0] ?? 'api';
      byTag.set(tag, [...(byTag.get(tag) ?? []), operationHtml(method, path, operation)]);
    }
  }
  const tags = [...byTag.keys()].sort((a, b) =>
    a === 'Messages API' ? -1 : b === 'Messages API' ? 1 : a.localeCompare(b),
  );
  const nav = tags.map((tag) => `<li><a href="#${encodeURIComponent(tag)}">${escapeHtml(tag)}</a></li>`).join('');
  const sections = tags
    .map((tag) => `<h2 id="${encodeURIComponent(tag)}">${escapeHtml(tag)}</h2>${(byTag.get(tag) ?? []).join('')}`)
    .join('');
  const webhooks = Object.entries(document.webhooks)
    .map(([event]) => `<li><code>${escapeHtml(event)}</code></li>`)
    .join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(document.info.title)} reference</title><style>
body{font-family:system-ui,sans-serif;margin:0;display:flex;color:#1d2330;background:#fff}
nav{width:220px;padding:16px;border-right:1px solid #ddd;height:100vh;overflow:auto;position:sticky;top:0;flex:none}
main{padding:16px 24px;min-width:0;flex:1}nav ul{list-style:none;padding:0}nav li{margin:4px 0}
.op{border:1px solid #e3e6ea;border-radius:8px;padding:8px 12px;margin:10px 0}.op h3{margin:4px 0;font-size:15px;word-break:break-all}
.m{display:inline-block;min-width:56px;text-align:center;border-radius:4px;color:#fff;font-size:12px;padding:2px 4px}
.get{background:#2e7d32}.post{background:#1565c0}.put{background:#ef6c00}.delete{background:#c62828}.patch{background:#6a1b9a}
pre{background:#f5f7f9;padding:8px;overflow:auto;font-size:12px}table{border-collapse:collapse;font-size:13px}td,th{border:1px solid #e3e6ea;padding:2px 6px;text-align:left}
@media (prefers-color-scheme: dark){body{background:#121212;color:#e6e6e6}a{color:#8ab4f8}pre{background:#1e1e1e}.op,td,th,nav{border-color:#333}}
table{display:block;overflow-x:auto;max-width:100%}td code{word-break:break-all}
@media (max-width:700px){body{display:block}nav{width:auto;height:auto;position:static;border-right:0;border-bottom:1px solid #ddd}
nav ul{display:flex;flex-wrap:wrap;gap:4px 14px}main{padding:12px}}
</style></head><body><nav><strong>${escapeHtml(document.info.title)}</strong><p><a href="/api/openapi.json">openapi.json</a></p><ul>${nav}<li><a href="#webhook-events">Webhook events</a></li></ul></nav>
<main><h1>${escapeHtml(document.info.title)} ${escapeHtml(document.info.version)}</h1><p>${escapeHtml(document.info.description)}</p>${sections}
<h2 id="webhook-events">Webhook events</h2><p>Each delivery is a POST of the event below with headers <code>X-Webhook-Id</code>, <code>X-Webhook-Timestamp</code> and <code>X-Webhook-Signature: sha256=hex(HMAC-SHA256(secret, timestamp + "." + body))</code>. Answer 2xx; anything else is retried with exponential backoff for about a day. Deduplicate by the event id.</p>
<ul>${webhooks}</ul>${json(document.components.schemas.WebhookEvent)}</main></body></html>`;
}
