import { allRoutes } from '@banca/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './harness';

/**
 * Every player route is registered from its descriptor in @banca/contracts (issue 11 §6): an
 * address typed by hand in a route file, or a descriptor no route answers, fails here.
 */
describe('player routes and their descriptors', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('pglite', { seed: false });
  });
  afterAll(() => t.close());

  /**
   * `METHOD /address` of every route the app registered, read from Fastify's route tree
   * (`printRoutes`): each line is a node whose address continues its parent's, with the
   * methods that node answers. HEAD is Fastify's own twin of each GET.
   */
  function registered(): string[] {
    const tree = t.app.printRoutes({ commonPrefix: false });
    const prefixes: string[] = [];
    const routes: string[] = [];
    for (const line of tree.split('\n')) {
      const node = /^(.*?)[├└]── (.*?)(?: \(([^)]*)\))?$/.exec(line);
      if (!node) continue;
      const depth = node[1]!.length / 4;
      const address = (prefixes[depth - 1] ?? '') + node[2]!;
      prefixes[depth] = address;
      prefixes.length = depth + 1;
      for (const method of (node[3] ?? '')
        .split(', ')
        .filter((m) => m && m !== 'HEAD' && m !== '-'))
        routes.push(`${method} ${address}`);
    }
    return routes.filter((route) => / \/(wps|lgw)\//.test(route)).sort();
  }

  it('registers exactly the described routes under /wps and /lgw', () => {
    const described = allRoutes()
      .map((route) => `${route.method} ${route.path}`)
      .sort();
    expect(registered()).toEqual(described);
  });
});
