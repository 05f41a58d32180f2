export function freePort(): Promise<number>;
export function startPostgres(options?: { extraConf?: string[] }): Promise<{ url: string; port: number; stop: () => void }>;
