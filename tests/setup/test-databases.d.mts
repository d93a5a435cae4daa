export declare const adminUrl: string;
export declare function databaseUrl(name: string): string;
export declare function postgresReachable(): Promise<boolean>;
export declare function createTestDatabase(name: string, copies?: number): Promise<string>;
export declare function dropTestDatabases(name: string): Promise<void>;
export declare function dropStaleTestDatabases(prefix: string): Promise<void>;
