export declare const NODE_FLAGS: string[];
export declare const SERVER_ENV_DEFAULTS: Record<string, string>;
