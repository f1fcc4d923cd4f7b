import type { HttpResult } from '../platform/http-types.ts';
import { html } from '../platform/response.ts';
import { renderRetailerDocs } from '../services/openapi/docs-page.ts';
import { retailerOpenApi } from '../services/openapi/retailer-openapi.ts';
import { lambdaHandler } from './dispatch.ts';
import { lambdaDeps } from './lambda-deps.ts';
import type { HandlerMap } from './route.ts';
import { routes } from './routes.ts';

// Route group 'retailer-docs': the retailer API's OpenAPI document (`GET /retailer/v1/openapi.json`, the raw document,
// no envelope) and its reference page (`GET /docs/retailer`). Both are public and depend only on code, so each is
// built once per container. A group of its own keeps zod's JSON Schema converter and the contracts out of the API's
// functions.

let documentJson: string | undefined;
let page: string | undefined;

const CACHE = 'public, max-age=300';

export const handlers: HandlerMap = {
  async retailerOpenApiDocument(): Promise<HttpResult> {
    documentJson ??= JSON.stringify(retailerOpenApi(routes));
    return {
      statusCode: 200,
      // Code generators and API tools fetch it from other origins.
      headers: {
        'content-type': 'application/json; charset=utf-8',
        'cache-control': CACHE,
        'access-control-allow-origin': '*',
      },
      body: documentJson,
    };
  },

  async retailerDocsPage(): Promise<HttpResult> {
    page ??= renderRetailerDocs(retailerOpenApi(routes));
    return html(200, page, { 'cache-control': CACHE });
  },
};

export const handler = lambdaHandler(handlers, lambdaDeps());
