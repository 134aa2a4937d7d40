/**
 * The error catalogue: every code the API may answer with, and its HTTP status.
 * The spec's codes come first, ours after. Clients translate the code; `message`
 * is a fallback in English for logs and for callers without translations.
 */
export const errorCatalogue = {
  // spec: unexpected failure
  ERR_INTERNAL_SERVER_ERROR: { status: 500, message: 'Unexpected error, please try again later' },
  // spec: connections and message sending
  ERR_NO_OTHER_WHATSAPP: { status: 400, message: 'At least one default connection is required' },
  ERR_NO_DEF_WAPP_FOUND: { status: 404, message: 'No default connection found' },
  ERR_WAPP_NOT_INITIALIZED: { status: 409, message: 'The connection is not started' },
  ERR_WAPP_CHECK_CONTACT: { status: 502, message: 'Could not check the contact on WhatsApp' },
  ERR_WAPP_INVALID_CONTACT: { status: 400, message: 'This is not a valid WhatsApp number' },
  ERR_WAPP_DOWNLOAD_MEDIA: { status: 502, message: 'Could not download the media' },
  ERR_SENDING_WAPP_MSG: { status: 502, message: 'Could not send the message' },
  ERR_DELETE_WAPP_MSG: { status: 502, message: 'Could not delete the message' },
  ERR_NO_WAPP_FOUND: { status: 404, message: 'Connection not found' },
  ERR_FETCH_WAPP_MSG: { status: 404, message: 'The message may be too old' },
  ERR_WAPP_GREETING_REQUIRED: { status: 400, message: 'A greeting message is required' },
  // spec: authentication and users
  ERR_INVALID_CREDENTIALS: { status: 401, message: 'Invalid email or password' },
  ERR_USER_DONT_EXISTS: { status: 404, message: 'User does not exist' },
  ERR_SESSION_EXPIRED: { status: 403, message: 'Session expired' },
  ERR_USER_CREATION_DISABLED: { status: 403, message: 'User creation is disabled' },
  ERR_NO_PERMISSION: { status: 403, message: 'You do not have permission for this action' },
  ERR_NO_USER_FOUND: { status: 404, message: 'User not found' },
  // spec: tickets, contacts, lookups
  ERR_OTHER_OPEN_TICKET: { status: 409, message: 'There is already an open ticket for this contact' },
  ERR_DUPLICATED_CONTACT: { status: 409, message: 'A contact with this number already exists' },
  ERR_NO_CONTACT_FOUND: { status: 404, message: 'Contact not found' },
  ERR_NO_SETTING_FOUND: { status: 404, message: 'Setting not found' },
  ERR_NO_TICKET_FOUND: { status: 404, message: 'Ticket not found' },
  // A concurrent change (what the record belongs to was deleted meanwhile): 409, try again.
  ERR_CREATING_MESSAGE: { status: 409, message: 'Could not create the message' },
  ERR_CREATING_TICKET: { status: 409, message: 'Could not create the ticket' },
  ERR_QUEUE_COLOR_ALREADY_EXISTS: { status: 409, message: 'This queue color is already in use' },

  // ours
  ERR_VALIDATION: { status: 400, message: 'Some fields are invalid' },
  ERR_NOT_FOUND: { status: 404, message: 'Not found' },
  ERR_ROUTE_NOT_FOUND: { status: 404, message: 'There is no such API route' },
  ERR_NOT_AUTHENTICATED: { status: 401, message: 'You must log in' },
  ERR_INVALID_REFRESH_TOKEN: { status: 401, message: 'Your session has ended, please log in again' },
  ERR_SUBSCRIPTION_EXPIRED: { status: 402, message: 'The subscription has expired' },
  ERR_COMPANY_INACTIVE: { status: 403, message: 'The company is inactive' },
  ERR_PLAN_LIMIT: { status: 403, message: 'The plan limit has been reached' },
  ERR_PLAN_FEATURE_DISABLED: { status: 403, message: 'The plan does not include this feature' },
  ERR_CONFLICT: { status: 409, message: 'The request conflicts with existing data' },
  ERR_PAYLOAD_TOO_LARGE: { status: 413, message: 'The upload is too large' },
  ERR_UNSUPPORTED_MEDIA_TYPE: { status: 415, message: 'This file type is not accepted' },
  ERR_RATE_LIMITED: { status: 429, message: 'Too many attempts, please wait and try again' },
  ERR_UPLOAD_MISSING_FILE: { status: 400, message: 'No file was sent' },
  // signup and password reset
  ERR_EMAIL_NOT_CONFIGURED: { status: 503, message: 'Email is not configured on this server, so no email can be sent' },
  ERR_EMAIL_SEND_FAILED: { status: 502, message: 'The email could not be sent, please try again later' },
  ERR_INVALID_RESET_CODE: { status: 400, message: 'The code is wrong, expired or already used' },
  // plans and companies
  ERR_PLAN_NAME_IN_USE: { status: 409, message: 'A plan with this name already exists' },
  ERR_PLAN_IN_USE: { status: 409, message: 'Companies use this plan: move them to another plan first' },
  ERR_COMPANY_PROTECTED: {
    status: 403,
    message: "The platform's own company (or one with a super user) cannot be deleted",
  },
  // users
  ERR_EMAIL_IN_USE: { status: 409, message: 'This email is already in use' },
  ERR_LAST_ADMIN: { status: 409, message: 'The last admin of a company cannot be removed or demoted' },
  ERR_CANNOT_DELETE_SELF: { status: 400, message: 'You cannot delete your own user' },
  // connections and messages
  ERR_WAPP_NAME_IN_USE: { status: 409, message: 'A connection with this name already exists' },
  ERR_WAPP_TOKEN_IN_USE: { status: 409, message: 'Another connection already uses this token' },
  ERR_MESSAGE_NOT_FROM_ME: { status: 403, message: 'Only your own messages can be deleted' },
  // queues
  ERR_QUEUE_NAME_ALREADY_EXISTS: { status: 409, message: 'A queue with this name already exists' },
  ERR_QUEUE_OPTION_ALREADY_EXISTS: { status: 409, message: 'Another option at this level already uses this number' },
  // tags
  ERR_TAG_NAME_IN_USE: { status: 409, message: 'A tag with this name already exists' },
  // service levels
  ERR_SLA_QUEUE_TAKEN: { status: 409, message: 'Another policy already covers this queue for any priority' },
  ERR_SLA_PRIORITY_TAKEN: {
    status: 409,
    message: 'Another policy already covers this priority in the same queue (or with no queue)',
  },
  ERR_SLA_DEFAULT_TAKEN: {
    status: 409,
    message: 'The company already has a default policy (no queues, no priorities)',
  },
  ERR_SLA_QUEUE_NOT_FOUND: { status: 400, message: 'A queue of the policy is not one of the company' },
  // kanban
  ERR_KANBAN_MOVE_CONFLICT: { status: 409, message: 'The card is no longer in that lane' },
  ERR_KANBAN_LANE_NOT_FOUND: { status: 404, message: 'That lane is not on the board' },
  // contacts
  ERR_CONTACT_IMPORT_UNSUPPORTED: {
    status: 422,
    message: "This connection's provider cannot read the phone's address book",
  },
  // sending (issue 4)
  ERR_QUOTED_MSG_NOT_IN_THREAD: { status: 400, message: 'The quoted message is not part of this conversation' },
  ERR_TICKET_NOT_OPEN: { status: 409, message: 'Accept the ticket before sending messages' },
  // internal chat (issue 16)
  ERR_CHAT_EDIT_WINDOW_PASSED: { status: 409, message: 'Messages can be edited or deleted only within 15 minutes' },
  // schedules
  ERR_SCHEDULE_ALREADY_SENT: { status: 409, message: 'This schedule was already sent and cannot be changed' },
  ERR_SCHEDULE_IN_PAST: { status: 400, message: 'The send time must be in the future' },
  // acknowledged means stored (issue 23)
  ERR_INBOUND_NOT_STORED: { status: 503, message: 'The message could not be stored now; send it again' },
  ERR_INBOUND_NOT_STORABLE: { status: 400, message: 'The message can never be stored' },
  // billing (issue 20)
  ERR_PAYMENTS_NOT_CONFIGURED: { status: 503, message: 'Payments are not configured on this server' },
  ERR_PAYMENT_PROVIDER_FAILED: { status: 502, message: 'The payment provider did not answer, please try again' },
  ERR_INVOICE_ALREADY_PAID: { status: 409, message: 'This invoice is already paid' },
  ERR_NOTHING_TO_PAY: { status: 400, message: 'This plan has no price to pay' },
  ERR_WEBHOOK_UNAUTHORIZED: { status: 401, message: 'The webhook could not be authenticated' },
  // WhatsApp Cloud API (docs/cloud-api.md)
  ERR_OUTSIDE_SERVICE_WINDOW: {
    status: 422,
    message: 'The customer last wrote more than 24 hours ago: only an approved template can be sent',
  },
  ERR_CLOUD_UNDELIVERABLE: {
    status: 502,
    message: 'WhatsApp could not deliver the message to this number (not on WhatsApp, or an outdated app)',
  },
  ERR_CLOUD_REJECTED: { status: 502, message: 'WhatsApp refused the message' },
  ERR_CLOUD_TOKEN_REJECTED: {
    status: 502,
    message: "Meta refused the connection's access token: an admin must enter a valid one",
  },
  ERR_NOT_CLOUD_CONNECTION: { status: 400, message: 'Only WhatsApp Cloud API connections have templates' },
  ERR_TEMPLATE_NOT_FOUND: {
    status: 404,
    message: 'No template with this name and language: synchronise the templates and try again',
  },
  ERR_TEMPLATE_NOT_SENDABLE: {
    status: 422,
    message: 'This template cannot be sent: it is not approved, or its header needs media',
  },
  ERR_TEMPLATE_VARIABLES: { status: 400, message: 'Fill in every variable of the template' },
  ERR_TEMPLATE_REQUIRED: {
    status: 400,
    message: 'A campaign on a WhatsApp Cloud API connection sends an approved template: choose one',
  },
  ERR_GRAPH_UNREACHABLE: { status: 502, message: 'Meta could not be reached; try again in a moment' },
  ERR_BILLING_ONLY: {
    status: 402,
    message: 'The subscription has expired: only invoices and the checkout are open until it is paid',
  },
  // outbound calls to integrations and webhooks
  ERR_URL_NOT_ALLOWED: {
    status: 400,
    message: 'This address points to a private or local network and cannot be called',
  },
  ERR_SECRET_MASKED: {
    status: 400,
    message: 'This is a masked key: type the whole key, or send it back unchanged to keep the stored one',
  },
  ERR_URL_UNRESOLVABLE: { status: 400, message: 'The host name of this address could not be found' },
  ERR_URL_INVALID: { status: 400, message: 'This is not an http or https address' },
  // external messages API and webhooks
  ERR_INVALID_API_TOKEN: { status: 401, message: 'The connection token is missing, wrong or no longer valid' },
  ERR_IDEMPOTENCY_KEY_MISMATCH: {
    status: 409,
    message: 'This Idempotency-Key was already used for a different request',
  },
  ERR_WEBHOOK_LIMIT: { status: 409, message: 'The company already has as many webhook endpoints as allowed' },
  // AI prompts and queue integrations (issue 18)
  ERR_DIALOGFLOW_CREDENTIALS_INVALID: {
    status: 400,
    message: 'The credentials must be a service account JSON key (client_email and private_key)',
  },
  ERR_DIALOGFLOW_TEST_FAILED: { status: 400, message: 'Dialogflow did not accept these credentials or project' },
  // flow builder (issue 17)
  ERR_FLOW_INVALID: { status: 400, message: 'The flow has problems to fix before it can be saved' },
  ERR_FLOW_TOO_LARGE: { status: 413, message: 'The flow is too large (at most 500 nodes and 2000 connections)' },
  ERR_FLOW_INTEGRATION_NOT_CONFIGURED: {
    status: 403,
    message: "A typebot or OpenAI node needs an integration the company's plan does not include",
  },
  ERR_FLOW_MEDIA_NOT_FOUND: { status: 404, message: 'A media file of this flow does not exist' },
  // campaigns (issue 15)
  ERR_CAMPAIGN_NOT_EDITABLE: {
    status: 409,
    message: 'A campaign can be changed only while inactive, or more than an hour before its scheduled time',
  },
  ERR_CAMPAIGN_INVALID_TRANSITION: {
    status: 409,
    message: 'The campaign cannot go to that status from its current one',
  },
  ERR_CAMPAIGN_RUNNING: { status: 409, message: 'Cancel the campaign before deleting it' },
  ERR_UPLOAD_FILE_TYPE: { status: 415, message: 'Send the contacts as an .xlsx or .csv spreadsheet' },
  // edits, deletes and reactions (issue 49)
  ERR_EDIT_NOT_OWN: { status: 403, message: 'Only messages you sent yourself can be edited' },
  ERR_EDIT_NOT_TEXT: { status: 422, message: 'Only text messages can be edited' },
  ERR_EDIT_WINDOW_CLOSED: { status: 409, message: 'A message can be edited only within 15 minutes of sending it' },
  ERR_MESSAGE_NOT_SENT: {
    status: 409,
    message: 'The message has not reached WhatsApp yet: try again once it has been sent',
  },
  ERR_MESSAGE_DELETED: { status: 409, message: 'This message was deleted' },
  ERR_CHANNEL_CANNOT_EDIT: { status: 422, message: "This connection's channel cannot edit sent messages" },
  ERR_CHANNEL_CANNOT_REACT: { status: 422, message: "This connection's channel cannot send reactions" },
  ERR_CHANNEL_CANNOT_DELETE: {
    status: 422,
    message: "This connection's channel cannot delete sent messages for the customer",
  },
  ERR_EDIT_WAPP_MSG: {
    status: 502,
    message: 'Could not edit the message on WhatsApp: the customer still sees the earlier text',
  },
  ERR_REACT_WAPP_MSG: { status: 502, message: 'Could not send the reaction' },
  // AI assist (issue 51): `details.reason` says why (plan, disabled, feature, noKey, budget)
  ERR_AI_ASSIST_UNAVAILABLE: { status: 403, message: 'The AI assist is not available' },
  ERR_AI_ASSIST_PROVIDER: {
    status: 502,
    message: 'The AI provider did not answer: try again, or write the reply yourself',
  },
  // account security (issue 53)
  // 400, not 401: the web client ends the session on a 401, and a wrong code at enable/disable must not.
  ERR_2FA_INVALID_CODE: { status: 400, message: 'The code is wrong or has already been used' },
  ERR_2FA_CHALLENGE_EXPIRED: { status: 401, message: 'The sign-in took too long: enter your password again' },
  ERR_2FA_SETUP_REQUIRED: {
    status: 403,
    message: 'Set up two-step sign-in first: your company requires it',
  },
  ERR_2FA_NOT_PENDING: { status: 409, message: 'Start the set-up again: no code is waiting for confirmation' },
  ERR_2FA_ALREADY_ENABLED: { status: 409, message: 'Two-step sign-in is already on' },
  ERR_2FA_NOT_ENABLED: { status: 409, message: 'Two-step sign-in is not on' },
} as const satisfies Record<string, { status: number; message: string }>;

export type ErrorCode = keyof typeof errorCatalogue;

export const errorCodes = Object.keys(errorCatalogue) as ErrorCode[];

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && value in errorCatalogue;
}
