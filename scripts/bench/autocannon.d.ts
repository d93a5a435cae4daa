// The little of autocannon 8 (which ships no types) that the HTTP benchmark uses.
declare module "autocannon" {
  namespace autocannon {
    interface Request {
      method?: string;
      path?: string;
      headers?: Record<string, string>;
      body?: string;
    }
    interface Options {
      url: string;
      method?: string;
      headers?: Record<string, string>;
      body?: string;
      connections?: number;
      duration?: number;
      requests?: { setupRequest?: (req: Request) => Request }[];
    }
    interface Result {
      duration: number;
      /** total: answered; sent: every request written, answered or not. */
      requests: { total: number; average: number; sent: number };
      errors: number;
      timeouts: number;
      non2xx: number;
    }
    interface Instance {
      on(event: "response", listener: (client: unknown, statusCode: number, resBytes: number, responseTime: number) => void): void;
    }
  }
  function autocannon(options: autocannon.Options, callback: (err: Error | null, result: autocannon.Result) => void): autocannon.Instance;
  export = autocannon;
}
