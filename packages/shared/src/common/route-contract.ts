import { z } from 'zod';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * One HTTP route as both sides agree on it: the server registers and validates it with this
 * (apps/server `platform/http/contract-routes.ts`), the OpenAPI document shows it, and the web
 * app calls it through `http.call(route, …)`. `response` describes the JSON body sent with
 * `status` (200 unless said); a `204` route answers no body and declares `noContentSchema`.
 */
export interface RouteContract<
  Path extends string = string,
  Params extends z.ZodType | undefined = z.ZodType | undefined,
  Query extends z.ZodType | undefined = z.ZodType | undefined,
  Body extends z.ZodType | undefined = z.ZodType | undefined,
  Response extends z.ZodType = z.ZodType,
> {
  method: HttpMethod;
  path: Path;
  params?: Params;
  query?: Query;
  body?: Body;
  /**
   * For a route whose handler reads its body itself (JSON, or a multipart upload): the JSON form,
   * in place of `body`. The route does not validate it; the handler checks it with this schema.
   * The web's `call` sends it typed, or a `FormData`.
   */
  jsonBody?: z.ZodType;
  response: Response;
  status?: 200 | 201 | 204;
}

/** Declares a route contract; the literal types of its path and schemas are kept. */
export function defineRoute<const Contract extends RouteContract>(contract: Contract): Contract {
  return contract;
}

/** The answer of a `204 No Content` route. */
export const noContentSchema = z.null();

/**
 * The answer of a route that sends a CSV file: text, not JSON. Its handler sends the file with its
 * headers (the JSON encoder is not used for text), `call` answers it as a string, and the OpenAPI
 * document shows it as `text/csv`.
 */
export const csvFileSchema = z.string().meta({ contentMediaType: 'text/csv' });

/**
 * A moment in a response: the server may hold a `Date` or an ISO string; the JSON always carries
 * the string, which is what the web app's types see.
 */
export const timestampSchema = z.codec(z.string(), z.union([z.date(), z.string()]), {
  decode: (text) => text,
  encode: (value) => (value instanceof Date ? value.toISOString() : value),
});

/**
 * The one shape of a paged list (spec: `{<items>, count, hasMore}`): the items under the list's
 * own name (`tickets`, `contacts`, `records`…), the total when the list counts it, and whether a
 * next page exists.
 */
export function pageSchema<Key extends string, Item extends z.ZodType>(key: Key, item: Item) {
  return z.object({ [key]: z.array(item), count: z.number(), hasMore: z.boolean() } as {
    [K in Key]: z.ZodArray<Item>;
  } & { count: z.ZodNumber; hasMore: z.ZodBoolean });
}

type PathParamNames<Path extends string> = Path extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParamNames<`/${Rest}`>
  : Path extends `${string}:${infer Name}`
    ? Name
    : never;

/** The values a path's `:name` segments take: `'/api/tags/:id'` → `{ id: string | number }`. */
export type PathParams<Path extends string> = { [Name in PathParamNames<Path>]: string | number };

/** The JSON a route answers, as the caller receives it. */
export type RouteResponse<Route extends RouteContract> = z.input<Route['response']>;

/** What a caller sends: `params` when the path has any, `query` and `body` when the route reads them. */
export type RouteInput<Route extends RouteContract> = ([PathParamNames<Route['path']>] extends [never]
  ? { params?: undefined }
  : { params: PathParams<Route['path']> }) &
  (Route['query'] extends z.ZodType ? { query?: z.input<Route['query']> } : { query?: undefined }) &
  // A route without a body schema may take an upload, which its handler reads as multipart.
  (Route['body'] extends z.ZodType
    ? { body: z.input<Route['body']> }
    : Route['jsonBody'] extends z.ZodType
      ? { body: z.input<Route['jsonBody']> | FormData }
      : { body?: FormData });
