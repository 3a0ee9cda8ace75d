/** Path of the bundled server, apps/server/dist/main.js. */
export declare const SERVER_BUNDLE: string;
/** Bundles the server with esbuild; returns the bundle's path. */
export declare function buildServer(): string;
