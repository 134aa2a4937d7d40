// Plain data, no zod: the web's composer and settings read these without loading zod.

/** The four helpers an attendant can ask for in a ticket (issue 51). */
export const aiAssistFeatures = ['summary', 'suggest', 'rewrite', 'translate'] as const;
export type AiAssistFeature = (typeof aiAssistFeatures)[number];

/** How a rewrite changes the composer's text. */
export const aiAssistRewriteStyles = ['friendly', 'formal', 'shorter', 'correct'] as const;
export type AiAssistRewriteStyle = (typeof aiAssistRewriteStyles)[number];

/**
 * Why the assist is off for the caller's company (`ERR_AI_ASSIST_UNAVAILABLE`'s `details.reason`):
 * the plan lacks OpenAI, an admin switched it (or this helper) off, no key is set, or the month's
 * token budget is spent.
 */
export const aiAssistUnavailableReasons = ['plan', 'disabled', 'feature', 'noKey', 'budget'] as const;
export type AiAssistUnavailableReason = (typeof aiAssistUnavailableReasons)[number];

/** The model a company gets until an admin picks another. */
export const AI_ASSIST_DEFAULT_MODEL = 'gpt-4o-mini';
