// The integration tests' environment: Node, plus stopping the test file's job queue and closing its
// database handle when the file is done. Done here rather than in an afterAll hook, because a test file's own afterAll
// hooks (which clean up through the database) run after the setup file's and would reopen it.
import { TestEnvironment } from "jest-environment-node";

export default class IntegrationEnvironment extends TestEnvironment {
  async teardown() {
    // The job queue (pg-boss) first: it holds connections and timers on the database.
    const queue = this.global.__jobQueue;
    this.global.__jobQueue = undefined;
    this.global.__jobQueueStarted = false;
    if (queue) await (await queue.catch(() => undefined))?.stop(5_000);
    const handle = this.global.__dbHandle;
    this.global.__dbHandle = undefined;
    if (handle) await (await handle).close();
    await super.teardown();
  }
}
