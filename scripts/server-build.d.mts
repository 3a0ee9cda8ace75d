/** Path of the bundled server, apps/server/dist/main.js. */
export declare const SERVER_BUNDLE: string;
/** Node flags the server runs with (npm start and the benches). */
export declare const SERVER_NODE_FLAGS: string[];
/** Bundles the server with esbuild; returns the bundle's path. */
export declare function buildServer(): string;
