export declare const readModelFolder: string;
export declare function readModelSql(folder?: string): { files: string[]; text: string; version: string };
export declare function appliedReadModelVersion(query: (text: string) => Promise<Record<string, unknown>[]>): Promise<string | null>;
export declare function applyReadModel(options: {
  query: (text: string) => Promise<Record<string, unknown>[]>;
  exec: (text: string) => Promise<unknown>;
  force?: boolean;
  folder?: string;
}): Promise<boolean>;
