/**
 * What Total Blocking Time is made of: Lighthouse's long tasks (the ones its simulated,
 * throttled timeline counts), each with what the page's main thread did in it, read from the
 * run's trace. Lighthouse itself attributes a task only to a script URL (or to the document,
 * or "Unattributable"), and its per-task breakdown is empty under simulated throttling; a
 * regression in style, layout or paint would then name no cause.
 */

type TraceEvent = {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  args?: { name?: string; data?: { url?: string } };
};

export type LongTask = {
  /** Simulated start, ms after navigation (Lighthouse's figure). */
  startMs: number;
  /** Simulated duration, ms (Lighthouse's figure): past 50 ms, it counts towards TBT. */
  durationMs: number;
  /** Lighthouse's attribution: a script, the document, or "Unattributable". */
  url: string;
  /** Where the task's time went, biggest first, scaled to `durationMs`; '' if not matched. */
  causes: string;
};

type LighthouseLongTask = { url?: string; startTime?: number; duration?: number };

/**
 * Lighthouse's simulation (Lantern) stretches a task by the CPU slowdown (4×), but one that
 * laid out by half that: the multiplier that maps a traced task onto a listed one.
 */
const CPU_SLOWDOWN = 4;
const LAYOUT_TASK_SLOWDOWN = CPU_SLOWDOWN / 2;
/** How many causes a line names: enough to tell script from rendering, short enough to read. */
const CAUSES_SHOWN = 4;

const KIND: Record<string, string> = {
  UpdateLayoutTree: 'style',
  RecalculateStyles: 'style',
  ParseAuthorStyleSheet: 'style',
  Layout: 'layout',
  PrePaint: 'paint',
  Paint: 'paint',
  PaintImage: 'image paint',
  'Decode Image': 'image decode',
  'Decode LazyPixelRef': 'image decode',
  ImageDecodeTask: 'image decode',
  Layerize: 'composite',
  Commit: 'composite',
  UpdateLayer: 'composite',
  'Layerize::UpdateLayers': 'composite',
  ParseHTML: 'html parse',
  MinorGC: 'gc',
  MajorGC: 'gc',
  'V8.GC_SCAVENGER_SCAVENGE': 'gc',
  IntersectionObserverController_computeIntersections: 'intersection observers',
  'IntersectionObserverController::computeIntersections': 'intersection observers',
};
/** Events whose own time is a script's: named after the script that ran (or 'script'). */
const SCRIPT = new Set([
  'FunctionCall',
  'EvaluateScript',
  'v8.compile',
  'v8.compileModule',
  'v8.evaluateModule',
  'v8.run',
  'v8.callFunction',
  'RunMicrotasks',
  'TimerFire',
  'FireAnimationFrame',
  'FireIdleCallback',
  'EventDispatch',
  'V8.Execute',
]);

const fileOf = (url: string) => url.split('?')[0]!.split('/').pop() || url;

/** The renderer main thread that did the most: the page's (a fresh profile has one page). */
function pageMainThread(events: TraceEvent[]): string | undefined {
  const counts = new Map<string, number>();
  for (const e of events)
    if (e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
      counts.set(`${e.pid}:${e.tid}`, 0);
  for (const e of events) {
    const key = `${e.pid}:${e.tid}`;
    const n = counts.get(key);
    if (n !== undefined) counts.set(key, n + 1);
  }
  return [...counts].sort((a, b) => b[1] - a[1])[0]?.[0];
}

type TracedTask = { durationMs: number; didLayout: boolean; selfMsByCause: Map<string, number> };

/** Every top-level task of the page's main thread, with its own time split by cause. */
function tracedTasks(events: TraceEvent[]): TracedTask[] {
  const thread = pageMainThread(events);
  const complete = events
    .filter((e) => e.ph === 'X' && e.dur !== undefined && `${e.pid}:${e.tid}` === thread)
    .sort((a, b) => a.ts - b.ts || b.dur! - a.dur!);
  const tasks: TracedTask[] = [];
  // A stack of open events; each event's self time is its duration less its children's.
  type Open = { event: TraceEvent; cause: string; selfUs: number };
  let stack: Open[] = [];
  let current: TracedTask | null = null;
  const close = (open: Open) =>
    current?.selfMsByCause.set(
      open.cause,
      (current.selfMsByCause.get(open.cause) ?? 0) + open.selfUs / 1000,
    );
  for (const event of complete) {
    while (stack.length > 0 && stack.at(-1)!.event.ts + stack.at(-1)!.event.dur! <= event.ts)
      close(stack.pop()!);
    if (stack.length === 0) {
      if (event.name !== 'RunTask') continue;
      current = { durationMs: event.dur! / 1000, didLayout: false, selfMsByCause: new Map() };
      tasks.push(current);
    }
    const parent = stack.at(-1);
    if (parent) parent.selfUs -= event.dur!;
    if (event.name === 'Layout' && current) current.didLayout = true;
    const url = event.args?.data?.url;
    const cause = SCRIPT.has(event.name)
      ? url
        ? `script ${fileOf(url)}`
        : parent?.cause.startsWith('script')
          ? parent.cause
          : 'script'
      : (KIND[event.name] ?? (parent ? parent.cause : 'other'));
    stack.push({ event, cause, selfUs: event.dur! });
  }
  while (stack.length > 0) close(stack.pop()!);
  stack = [];
  return tasks;
}

/**
 * Lighthouse's long tasks (its `long-tasks` audit), longest first, each matched to the traced
 * task it simulated (the one whose duration, stretched as Lantern stretches it, is closest)
 * to say what it spent its time on.
 */
export function longTasksWithCauses(
  listed: LighthouseLongTask[],
  traceEvents: TraceEvent[],
): LongTask[] {
  const traced = tracedTasks(traceEvents);
  const unmatched = new Set(traced);
  return listed
    .filter((task) => task.duration !== undefined && task.startTime !== undefined)
    .sort((a, b) => b.duration! - a.duration!)
    .map((task) => {
      let best: TracedTask | null = null;
      let bestGap = Infinity;
      for (const candidate of unmatched) {
        const simulated =
          candidate.durationMs * (candidate.didLayout ? LAYOUT_TASK_SLOWDOWN : CPU_SLOWDOWN);
        const gap = Math.abs(simulated - task.duration!);
        if (gap < bestGap) [best, bestGap] = [candidate, gap];
      }
      // Within a couple of ms (Lighthouse rounds) or it is not the same task.
      let causes = '';
      if (best && bestGap <= 2) {
        unmatched.delete(best);
        const scale = task.duration! / best.durationMs;
        causes = [...best.selfMsByCause]
          .sort((a, b) => b[1] - a[1])
          .slice(0, CAUSES_SHOWN)
          .filter(([, ms]) => ms * scale >= 1)
          .map(([cause, ms]) => `${cause} ${(ms * scale).toFixed(0)}`)
          .join(', ');
      }
      return {
        startMs: task.startTime!,
        durationMs: task.duration!,
        url: task.url ?? '',
        causes,
      };
    });
}
