/* eslint-disable @typescript-eslint/no-explicit-any -- bench replies are read loosely */
import { Agent, request } from 'undici';

/**
 * undici's request() rather than fetch(): fetch's web-streams machinery costs the load
 * generator several times more CPU per call, and on two cores that CPU is taken from the
 * server being measured.
 */
const dispatcher = new Agent({ connections: 128, keepAliveTimeout: 30_000 });

/** One HTTP call with the bench's connection pool; returns the status and the parsed JSON body. */
export async function call(
  method: 'GET' | 'POST',
  url: string,
  headers: Record<string, string> = {},
  body?: unknown,
): Promise<{ status: number; json: any }> {
  const res = await request(url, {
    method,
    dispatcher,
    headers: body === undefined ? headers : { 'content-type': 'application/json', ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.body.text();
  return { status: res.statusCode, json: text ? JSON.parse(text) : null };
}

export type LoadFigures = {
  requests: number;
  seconds: number;
  latenciesMs: number[];
  errors: number;
};

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/** `concurrency` loops calling `nextUrl()` for `seconds`, timing every answer. */
export async function runLoad(
  nextUrl: (worker: number, n: number) => string,
  concurrency: number,
  seconds: number,
  headers: Record<string, string> = {},
): Promise<LoadFigures> {
  const latenciesMs: number[] = [];
  let errors = 0;
  const started = performance.now();
  const deadline = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: concurrency }, async (_, worker) => {
      for (let n = 0; performance.now() < deadline; n++) {
        const t0 = performance.now();
        const res = await request(nextUrl(worker, n), { headers, dispatcher });
        await res.body.arrayBuffer();
        if (res.statusCode >= 400) errors += 1;
        latenciesMs.push(performance.now() - t0);
      }
    }),
  );
  return {
    requests: latenciesMs.length,
    seconds: (performance.now() - started) / 1000,
    latenciesMs,
    errors,
  };
}

export function describe(
  label: string,
  f: LoadFigures,
): { rate: number; p50: number; p95: number } {
  const sorted = [...f.latenciesMs].sort((a, b) => a - b);
  const rate = f.requests / f.seconds;
  const p50 = percentile(sorted, 50);
  const p95 = percentile(sorted, 95);
  console.log(
    `${label.padEnd(34)} ${rate.toFixed(0).padStart(7)} req/s   p50 ${p50.toFixed(2).padStart(6)} ms   p95 ${p95.toFixed(2).padStart(6)} ms${f.errors ? `   errors ${f.errors}` : ''}`,
  );
  return { rate, p50, p95 };
}
