export declare const SERVER_OUT: string;
export declare const EXTERNAL: string[];
export declare function buildServer(outfile?: string): Promise<void>;
