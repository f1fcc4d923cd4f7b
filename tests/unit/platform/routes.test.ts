import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { routeKey } from '../../../functions/http/route.ts';
import { groups, routes } from '../../../functions/http/routes.ts';
import { groupHandlers } from '../../../functions/local/handlers.ts';
import { matchRoute } from '../../../functions/local/server.ts';

describe('the route table', () => {
  it('has a handler for every route, in the group file the Lambda function is built from', () => {
    for (const route of routes) {
      expect(existsSync(new URL(`../../../functions/http/${route.group}.ts`, import.meta.url)), route.group).toBe(true);
      expect(typeof groupHandlers[route.group]?.[route.name], routeKey(route)).toBe('function');
    }
  });

  it('has no duplicate method and path', () => {
    const keys = routes.map(routeKey);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('lists every group once', () => {
    expect(new Set(groups).size).toBe(groups.length);
  });

  it('matches literal segments before parameters and decodes path parameters', () => {
    const match = matchRoute('GET', '/apply-v2/retailer/demo%20x/store/main-street');
    expect(match).toMatchObject({
      route: { name: 'getStore' },
      pathParameters: { retailer: 'demo x', store: 'main-street' },
    });
    expect(matchRoute('DELETE', '/health')).toBe('method-not-allowed');
    expect(matchRoute('GET', '/nothing/here')).toBeUndefined();
  });
});
