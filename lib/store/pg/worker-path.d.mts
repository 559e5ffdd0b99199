/** The absolute path of worker.mjs beside this module. */
export declare const WORKER_FILE: string;
