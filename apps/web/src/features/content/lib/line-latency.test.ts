import { describe, expect, it } from 'vitest';
import { bestOf, isCurrentOrigin, sortLines, switchedUrl } from './line-latency';

describe('line detection', () => {
  it('sorts the fastest first and the silent ones last, in their order', () => {
    const sorted = sortLines([
      { name: 'a', url: 'https://a', latencyMs: null },
      { name: 'b', url: 'https://b', latencyMs: 180 },
      { name: 'c', url: 'https://c', latencyMs: 40 },
      { name: 'd', url: 'https://d', latencyMs: null },
      { name: 'e', url: 'https://e', latencyMs: 40 },
    ]);
    expect(sorted.map((line) => line.name)).toEqual(['c', 'e', 'b', 'a', 'd']);
  });

  it('takes the best of the samples that answered', () => {
    expect(bestOf([120.4, null, 80.6])).toBe(81);
    expect(bestOf([null, null])).toBeNull();
  });

  it('switches to the same page on the mirror, and only to http(s) addresses', () => {
    const here = { pathname: '/helpmc', search: '?a=1', hash: '#term' };
    expect(switchedUrl('https://espelho.example/', here)).toBe(
      'https://espelho.example/helpmc?a=1#term',
    );
    expect(switchedUrl('javascript:alert(1)', here)).toBeNull();
    expect(switchedUrl('not a url', here)).toBeNull();
    expect(isCurrentOrigin('http://localhost:8080', 'http://localhost:8080')).toBe(true);
    expect(isCurrentOrigin('http://127.0.0.1:8080', 'http://localhost:8080')).toBe(false);
  });
});
