export declare const SERVER_OUT: string;
export declare function buildServer(): Promise<void>;
