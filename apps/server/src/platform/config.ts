import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { defaultNodeId } from './cluster/node-id.ts';

/**
 * The repository's root folder: the defaults below are relative to it, whichever folder starts the
 * server. Found by walking up to the workspace's package.json, so the TypeScript sources and the
 * production bundle (apps/server/dist) agree.
 */
export const repositoryRoot = findRepositoryRoot(import.meta.dirname);

function findRepositoryRoot(start: string): string {
  for (let folder = start; ; folder = path.dirname(folder)) {
    const manifest = path.join(folder, 'package.json');
    if (existsSync(manifest) && JSON.parse(readFileSync(manifest, 'utf8')).workspaces) return folder;
    if (path.dirname(folder) === folder) throw new Error(`no workspace package.json above ${start}`);
  }
}

const booleanFromEnv = z.enum(['true', 'false', '1', '0']).transform((value) => value === 'true' || value === '1');

/** Every environment variable the server reads. Documented in the README's configuration table. */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  /** Unset: `data` at the repository root. */
  DATA_DIR: z.string().optional(),
  DATABASE_URL: z.url({ message: 'must be a postgres:// URL' }).optional(),
  REDIS_URL: z.url({ message: 'must be a redis:// URL' }).optional(),
  /** Prefix of this deployment's Redis keys and NOTIFY channels (several deployments may share one Redis). */
  REDIS_PREFIX: z
    .string()
    .regex(/^[a-z0-9_]{1,30}$/, 'lower-case letters, digits and _ only')
    .default('wacrm'),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  JWT_REFRESH_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  FRONTEND_URL: z.url({ message: 'must be the web origin, e.g. https://crm.example.com' }).optional(),
  BACKEND_URL: z.url().optional(),
  ADMIN_EMAIL: z.email().default('admin@admin.com'),
  ADMIN_PASSWORD: z.string().min(5).default('123456'),
  SANDBOX_ENABLED: booleanFromEnv.default(true),
  SMTP_HOST: z.string().optional(),
  SMTP_PORT: z.coerce.number().int().default(587),
  SMTP_USER: z.string().optional(),
  SMTP_PASS: z.string().optional(),
  SMTP_FROM: z.string().default('no-reply@localhost'),
  SMTP_SECURE: booleanFromEnv.default(false),
  OPENAI_BASE_URL: z.url().optional(),
  /** Meta's Graph API for WhatsApp Cloud API connections, and its version (tests point it at a local fake). */
  WHATSAPP_GRAPH_URL: z.url().default('https://graph.facebook.com'),
  WHATSAPP_GRAPH_VERSION: z
    .string()
    .regex(/^v\d+\.\d+$/, 'a Graph API version such as v23.0')
    .default('v23.0'),
  /**
   * Campaign messages a second on a Cloud API number (Meta allows 80 by default; a conservative
   * share, docs/cloud-api.md "Campaigns and schedules").
   */
  WHATSAPP_CAMPAIGN_RATE: z.coerce.number().positive().max(1_000).default(20),
  /** Dialogflow ES REST API (tests point it at a local fake). */
  DIALOGFLOW_API_URL: z.url().default('https://dialogflow.googleapis.com'),
  /**
   * Azure Speech's text-to-speech endpoint for the AI prompts' spoken replies; `{region}` becomes the
   * prompt's voice region (tests point it at a local fake).
   */
  AZURE_SPEECH_URL: z
    .string()
    .default('https://{region}.tts.speech.microsoft.com/cognitiveservices/v1')
    .refine((value) => /^https?:\/\//i.test(value) && URL.canParse(value.replaceAll('{region}', 'region')), {
      message: 'must be an http(s) URL, with {region} where the region goes',
    }),
  /** Seconds a bot provider (OpenAI, Typebot, n8n, webhook, Dialogflow, Azure Speech) has to answer one call. */
  BOT_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(300).default(30),
  /**
   * How often pg-boss's maintenance runs (among others, it fails the jobs of a killed process once
   * they expire, so they are retried), and the margin a job gets past its longest expected run
   * before it counts as stalled. Lower only in tests that kill a process and wait for its jobs.
   */
  JOBS_MAINTENANCE_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  JOBS_EXPIRY_GRACE_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  /**
   * How long a process may answer the token check from its copy of a session row. Changes reach
   * every process at once through the node bus; the expiry only bounds a lost notification. Tests
   * raise it to prove that the notification, not the expiry, ended a copy.
   */
  SESSION_CACHE_SECONDS: z.coerce.number().int().min(1).max(3600).default(2),
  /** Lets integrations and webhooks call loopback and private addresses (tests, or a trusted internal network). */
  INTEGRATIONS_ALLOW_PRIVATE_URLS: booleanFromEnv.default(false),
  /**
   * The VAPID key pair push notifications are signed with (base64url, as `web-push generate-vapid-keys`
   * prints them); unset, one is generated once and kept in the database for every process.
   */
  VAPID_PUBLIC_KEY: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{80,100}$/, 'a base64url P-256 public key')
    .optional(),
  VAPID_PRIVATE_KEY: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{40,50}$/, 'a base64url P-256 private key')
    .optional(),
  /** Who push services contact about this server's pushes: a mailto: or https: URL (default: mailto:ADMIN_EMAIL). */
  VAPID_SUBJECT: z
    .string()
    .trim()
    .regex(/^(mailto:|https:\/\/)\S+$/, 'a mailto: or https: URL')
    .optional(),
  /** Where the built web app is; unset: `apps/web/dist` of the repository; empty disables serving it (API only). */
  SERVE_WEB_DIST: z.string().optional(),
  /** Which peers may set X-Forwarded-For/-Proto/-Host: unset = none; addresses/CIDRs, or a hop count. */
  TRUST_PROXY: z
    .string()
    .trim()
    .optional()
    .refine(
      (value) => !value || /^\d{1,2}$/.test(value) || value.split(',').every((entry) => isProxyEntry(entry.trim())),
      {
        message: 'must be a hop count (e.g. 1) or a comma-separated list of addresses or CIDR ranges',
      },
    ),
  /** How long a process holds a WhatsApp session without renewing before another may take it over. */
  SESSION_LEASE_SECONDS: z.coerce.number().int().min(2).max(3600).default(60),
  /** This process's name in leases, commands and /api/health; unset: host:pid:random. */
  NODE_ID: z.string().trim().min(1).max(80).optional(),
  /** S3-compatible media storage (all of S3_BUCKET and the keys set it; else files stay under DATA_DIR/public). */
  S3_ENDPOINT: z.url().optional(),
  S3_BUCKET: z.string().trim().min(3).max(63).optional(),
  S3_REGION: z.string().trim().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().trim().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().trim().min(1).optional(),
  S3_FORCE_PATH_STYLE: booleanFromEnv.default(false),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LOGIN_LIMIT_PER_IP: z.coerce.number().int().min(1).default(30),
  LOGIN_LIMIT_PER_EMAIL: z.coerce.number().int().min(1).default(10),
  LOGIN_LIMIT_WINDOW_SECONDS: z.coerce
    .number()
    .int()
    .min(1)
    .default(15 * 60),
  USER_OFFLINE_AFTER_SECONDS: z.coerce.number().int().min(1).default(600),
  /** Days an audit log entry is kept (issue 53); a daily job deletes older ones. */
  AUDIT_RETENTION_DAYS: z.coerce.number().int().min(1).default(365),
  /** Whether anyone may sign a new company up (`POST /api/companies/cadastro`); false answers ERR_USER_CREATION_DISABLED. */
  SIGNUP_ENABLED: booleanFromEnv.default(true),
  SIGNUP_LIMIT_PER_IP: z.coerce.number().int().min(1).default(10),
  SIGNUP_LIMIT_WINDOW_SECONDS: z.coerce.number().int().min(1).default(3600),
  PASSWORD_RESET_LIMIT_PER_IP: z.coerce.number().int().min(1).default(20),
  PASSWORD_RESET_LIMIT_PER_EMAIL: z.coerce.number().int().min(1).default(5),
  PASSWORD_RESET_LIMIT_WINDOW_SECONDS: z.coerce.number().int().min(1).default(3600),
  /** The PSP's Pix API (the Central Bank's standard); unset: the checkout says payments are not configured. */
  PIX_API_URL: z.url().optional(),
  PIX_CLIENT_ID: z.string().optional(),
  PIX_CLIENT_SECRET: z.string().optional(),
  /** The receiving Pix key (chave) the charges are made to. */
  PIX_KEY: z.string().optional(),
  /** What the PSP sends back on every callback (`x-webhook-secret` header or `?hmac=`); unset refuses all callbacks. */
  PIX_WEBHOOK_SECRET: z.string().min(16, 'must be at least 16 characters').optional(),
  /** Client certificate, its key and the PSP's CA (PEM files) where the PSP requires mTLS. */
  PIX_CERT_PATH: z.string().optional(),
  PIX_CERT_KEY_PATH: z.string().optional(),
  PIX_CA_PATH: z.string().optional(),
  PIX_CHARGE_EXPIRES_SECONDS: z.coerce.number().int().min(60).max(86_400).default(3600),
  /** How many days before a company's due date its next invoice is made. */
  INVOICE_DAYS_BEFORE_DUE: z.coerce.number().int().min(0).max(60).default(10),
  /** Requests a minute each connection token may make to the external messages API. */
  EXTERNAL_API_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(60),
});

export type Config = ReturnType<typeof loadConfig>;

function readS3(vars: z.infer<typeof envSchema>) {
  if (!vars.S3_BUCKET) return null;
  if (!vars.S3_ACCESS_KEY_ID || !vars.S3_SECRET_ACCESS_KEY) {
    throw new ConfigError('Invalid configuration:\n  S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: required with S3_BUCKET');
  }
  return {
    endpoint: vars.S3_ENDPOINT,
    bucket: vars.S3_BUCKET,
    region: vars.S3_REGION,
    accessKeyId: vars.S3_ACCESS_KEY_ID,
    secretAccessKey: vars.S3_SECRET_ACCESS_KEY,
    forcePathStyle: vars.S3_FORCE_PATH_STYLE,
  };
}

export class ConfigError extends Error {}

/** Reads and validates the environment; throws a ConfigError listing every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env) {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const vars = parsed.data;
  if (!vars.VAPID_PUBLIC_KEY !== !vars.VAPID_PRIVATE_KEY) {
    throw new ConfigError('Invalid configuration:\n  VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY: set both or neither');
  }
  const isProduction = vars.NODE_ENV === 'production';
  if (isProduction) {
    const problems: string[] = [];
    if (!vars.JWT_SECRET) problems.push('  JWT_SECRET: required in production');
    if (!vars.JWT_REFRESH_SECRET) problems.push('  JWT_REFRESH_SECRET: required in production');
    if (!env.ADMIN_PASSWORD || env.ADMIN_PASSWORD === '123456')
      problems.push('  ADMIN_PASSWORD: set a password other than the default in production');
    if (problems.length) throw new ConfigError(`Invalid configuration:\n${problems.join('\n')}`);
  }
  const dataDir = resolveDirectory(env, vars.DATA_DIR || undefined, 'data');
  mkdirSync(dataDir, { recursive: true });
  const secrets = isProduction ? null : readOrCreateDevSecrets(dataDir);

  return {
    env: vars.NODE_ENV,
    isProduction,
    port: vars.PORT,
    host: vars.HOST,
    dataDir,
    publicDir: path.join(dataDir, 'public'),
    databaseUrl: vars.DATABASE_URL,
    redisUrl: vars.REDIS_URL,
    redisPrefix: vars.REDIS_PREFIX,
    s3: readS3(vars),
    sessionLeaseSeconds: vars.SESSION_LEASE_SECONDS,
    nodeId: vars.NODE_ID ?? defaultNodeId(),
    jwtSecret: vars.JWT_SECRET ?? secrets!.jwtSecret,
    jwtRefreshSecret: vars.JWT_REFRESH_SECRET ?? secrets!.jwtRefreshSecret,
    frontendUrl: vars.FRONTEND_URL,
    backendUrl: vars.BACKEND_URL ?? `http://localhost:${vars.PORT}`,
    admin: { email: vars.ADMIN_EMAIL, password: vars.ADMIN_PASSWORD },
    sandboxEnabled: vars.SANDBOX_ENABLED,
    smtp: vars.SMTP_HOST
      ? {
          host: vars.SMTP_HOST,
          port: vars.SMTP_PORT,
          user: vars.SMTP_USER,
          pass: vars.SMTP_PASS,
          from: vars.SMTP_FROM,
          secure: vars.SMTP_SECURE,
        }
      : null,
    openAiBaseUrl: vars.OPENAI_BASE_URL,
    whatsappGraph: { url: vars.WHATSAPP_GRAPH_URL, version: vars.WHATSAPP_GRAPH_VERSION },
    whatsappCampaignRate: vars.WHATSAPP_CAMPAIGN_RATE,
    dialogflowApiUrl: vars.DIALOGFLOW_API_URL,
    azureSpeechUrl: vars.AZURE_SPEECH_URL,
    botTimeoutMs: vars.BOT_TIMEOUT_SECONDS * 1000,
    sessionCacheMs: vars.SESSION_CACHE_SECONDS * 1000,
    jobs: {
      maintenanceIntervalSeconds: vars.JOBS_MAINTENANCE_SECONDS,
      expiryGraceSeconds: vars.JOBS_EXPIRY_GRACE_SECONDS,
    },
    integrationsAllowPrivateUrls: vars.INTEGRATIONS_ALLOW_PRIVATE_URLS,
    push: {
      vapidKeys:
        vars.VAPID_PUBLIC_KEY && vars.VAPID_PRIVATE_KEY
          ? { publicKey: vars.VAPID_PUBLIC_KEY, privateKey: vars.VAPID_PRIVATE_KEY }
          : null,
      subject: vars.VAPID_SUBJECT ?? `mailto:${vars.ADMIN_EMAIL}`,
    },
    webDistDir: vars.SERVE_WEB_DIST === '' ? null : resolveDirectory(env, vars.SERVE_WEB_DIST, 'apps/web/dist'),
    logLevel: vars.LOG_LEVEL,
    trustProxy: parseTrustProxy(vars.TRUST_PROXY),
    loginLimits: {
      perIp: vars.LOGIN_LIMIT_PER_IP,
      perEmail: vars.LOGIN_LIMIT_PER_EMAIL,
      windowMs: vars.LOGIN_LIMIT_WINDOW_SECONDS * 1000,
    },
    externalApiLimitPerMinute: vars.EXTERNAL_API_LIMIT_PER_MINUTE,
    userOfflineAfterMs: vars.USER_OFFLINE_AFTER_SECONDS * 1000,
    auditRetentionDays: vars.AUDIT_RETENTION_DAYS,
    signupEnabled: vars.SIGNUP_ENABLED,
    signupLimits: { perIp: vars.SIGNUP_LIMIT_PER_IP, windowMs: vars.SIGNUP_LIMIT_WINDOW_SECONDS * 1000 },
    pix: vars.PIX_API_URL
      ? {
          apiUrl: vars.PIX_API_URL,
          clientId: vars.PIX_CLIENT_ID ?? '',
          clientSecret: vars.PIX_CLIENT_SECRET ?? '',
          key: vars.PIX_KEY ?? '',
          certPath: vars.PIX_CERT_PATH,
          certKeyPath: vars.PIX_CERT_KEY_PATH,
          caPath: vars.PIX_CA_PATH,
          chargeExpiresSeconds: vars.PIX_CHARGE_EXPIRES_SECONDS,
        }
      : null,
    pixWebhookSecret: vars.PIX_WEBHOOK_SECRET ?? null,
    invoiceDaysBeforeDue: vars.INVOICE_DAYS_BEFORE_DUE,
    passwordResetLimits: {
      perIp: vars.PASSWORD_RESET_LIMIT_PER_IP,
      perEmail: vars.PASSWORD_RESET_LIMIT_PER_EMAIL,
      windowMs: vars.PASSWORD_RESET_LIMIT_WINDOW_SECONDS * 1000,
    },
  };
}

/** Names proxy-addr (Fastify's trustProxy) knows for the private ranges. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isProxyEntry(entry: string) {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address, bits, extra] = entry.split('/');
  const family = isIP(address);
  if (!family || extra !== undefined) return false;
  if (bits === undefined) return true;
  if (!/^\d{1,3}$/.test(bits)) return false;
  return Number(bits) <= (family === 4 ? 32 : 128);
}

/**
 * Fastify's `trustProxy`: false (the peer's own address, whatever the headers say), the list of
 * trusted proxies, or, for a hop count, a function trusting that many hops from the server. (Fastify
 * itself refuses a bare number: a hop count cannot tell a proxy from a client that reaches the
 * server directly, so use it only where the proxy is the one way in.)
 */
export function parseTrustProxy(
  value: string | undefined,
): false | string[] | ((address: string, hop: number) => boolean) {
  if (!value) return false;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    return hops === 0 ? false : (_address: string, hop: number) => hop < hops;
  }
  return value.split(',').map((entry) => entry.trim());
}

/**
 * A folder setting. Unset, it is the default inside the repository, so `npm start` keeps its data
 * in `./data` and serves `apps/web/dist` whichever folder npm runs the server from. Given as a
 * relative path, it means "relative to where I ran the command": npm sets INIT_CWD to that folder
 * for the scripts it runs (the server's own working directory may be another one); run directly,
 * it is the process's working directory.
 */
export function resolveDirectory(env: NodeJS.ProcessEnv, given: string | undefined, defaultInRepository: string) {
  if (given === undefined) return path.join(repositoryRoot, defaultInRepository);
  return path.resolve(env.INIT_CWD || process.cwd(), given);
}

/**
 * Outside production the JWT secrets may be unset: they are generated once and kept in
 * DATA_DIR, so tokens survive a restart without anyone choosing a secret.
 */
function readOrCreateDevSecrets(dataDir: string) {
  const file = path.join(dataDir, 'secrets.json');
  if (existsSync(file))
    return JSON.parse(readFileSync(file, 'utf8')) as { jwtSecret: string; jwtRefreshSecret: string };
  const secrets = { jwtSecret: randomBytes(48).toString('hex'), jwtRefreshSecret: randomBytes(48).toString('hex') };
  writeFileSync(file, JSON.stringify(secrets), { mode: 0o600 });
  return secrets;
}
