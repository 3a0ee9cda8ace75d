/** Whether apps/web/dist is missing or older than its sources. */
export declare function webBuildIsStale(): boolean;
/** Builds the web app when stale; returns whether it built. */
export declare function buildWebIfStale(options?: { quiet?: boolean }): boolean;
