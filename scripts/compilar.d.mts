// Types of scripts/compilar.mjs for the TypeScript callers (e2e setup, benchmarks).
export declare const SERVIDOR_COMPILADO: string;
export declare function compilarWeb(): void;
export declare function compilarServidor(opcoes?: { forcar?: boolean }): Promise<boolean>;
