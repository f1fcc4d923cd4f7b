// The subset of API Gateway HTTP API (payload v2) events our handlers use. The local server builds the same shape,
// so handlers cannot tell the embedded runtime from AWS.
export interface HttpEvent {
  version: '2.0';
  routeKey: string;
  rawPath: string;
  rawQueryString: string;
  headers: Record<string, string | undefined>;
  cookies?: string[];
  queryStringParameters?: Record<string, string | undefined>;
  pathParameters?: Record<string, string | undefined>;
  body?: string;
  isBase64Encoded: boolean;
  requestContext: {
    requestId: string;
    timeEpoch: number;
    http: { method: string; path: string; protocol: string; sourceIp: string; userAgent: string };
  };
}

export interface HttpResult {
  statusCode: number;
  headers?: Record<string, string>;
  cookies?: string[];
  body?: string;
  isBase64Encoded?: boolean;
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
