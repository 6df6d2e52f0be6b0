/** Types of buildStale.mjs (plain JS: `npm start` runs it before anything is built). */
export declare const root: string;
export declare const serverBundle: string;
export declare const serverInputs: string[];
export declare function buildStale(output: string, inputs: string[]): string | null;
