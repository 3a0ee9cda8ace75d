import { describe, expect, it } from 'vitest';
import { ENDPOINTS, pathOf } from './endpoints';
import { allRoutes, ROUTES } from './routes';

describe('route descriptors', () => {
  it('describe every endpoint once, with its own method and address', () => {
    for (const [area, endpoints] of Object.entries(ENDPOINTS)) {
      const routes = ROUTES[area as keyof typeof ROUTES] as Record<string, unknown>;
      expect(Object.keys(routes).sort(), area).toEqual(Object.keys(endpoints).sort());
      for (const [name, endpoint] of Object.entries(endpoints))
        expect(routes[name], `${area}.${name}`).toMatchObject(endpoint);
    }
  });

  it('never give one method and address twice', () => {
    const keys = allRoutes().map((route) => `${route.method} ${route.path}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('give every encrypted route the payload schema it opens', () => {
    for (const route of allRoutes().filter((r) => r.encrypted))
      expect(route.body, route.path).toBeDefined();
  });
});

describe('pathOf', () => {
  it('fills in parameters, URL-encoded', () => {
    expect(pathOf(ENDPOINTS.auth.endSession, { id: 7 })).toBe('/wps/member/sessions/7');
    expect(pathOf(ENDPOINTS.art.vendor, { file: 'A B.svg' })).toBe('/lgw/art/vendor/A%20B.svg');
  });

  it('leaves an address without parameters as it is', () => {
    expect(pathOf(ENDPOINTS.system.status, {})).toBe('/wps/system/status');
  });
});
