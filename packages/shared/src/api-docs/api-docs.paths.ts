/**
 * Where the API describes itself. Not operations of the API, so not route contracts: the document
 * is generated from the contracts, and the reference page is HTML for people (the API page links
 * to it).
 */
export const apiDocsPaths = {
  document: '/api/openapi.json',
  reference: '/api/docs',
} as const;
